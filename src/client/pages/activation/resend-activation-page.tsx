import { EmailLinkRequest } from '../../forms/email-link-request';
import { RichText, isolated, useT } from '../../i18n';
import { useResendActivation } from './use-activation';

export function ResendActivationPage() {
  const t = useT();
  const { send } = useResendActivation();
  return (
    <EmailLinkRequest
      title={t('activation.resend_title')}
      subtitle={t('activation.resend_subtitle')}
      formName={t('activation.resend_form')}
      submitLabel={t('activation.resend_submit')}
      doneTestId="resend-done"
      send={send}
      done={(email) => <RichText k="activation.resend_done" values={{ email, ...isolated }} />}
    />
  );
}
