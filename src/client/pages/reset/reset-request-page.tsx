import { EmailLinkRequest } from '../../forms/email-link-request';
import { RichText, isolated, useT } from '../../i18n';
import { useResetRequest } from './use-reset';

export function ResetRequestPage() {
  const t = useT();
  const { send } = useResetRequest();
  return (
    <EmailLinkRequest
      title={t('reset.title')}
      subtitle={t('reset.subtitle')}
      formName={t('reset.form')}
      submitLabel={t('reset.submit')}
      doneTestId="reset-sent"
      send={send}
      done={(email) => <RichText k="reset.done" values={{ email, ...isolated }} />}
    />
  );
}
