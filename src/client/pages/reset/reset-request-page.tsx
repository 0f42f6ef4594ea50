import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { EmailLinkRequest } from '../../forms/email-link-request';
import { RichText, isolated, useT } from '../../i18n';

export function ResetRequestPage() {
  const t = useT();
  return (
    <EmailLinkRequest
      title={t('reset.title')}
      subtitle={t('reset.subtitle')}
      formName={t('reset.form')}
      submitLabel={t('reset.submit')}
      doneTestId="reset-sent"
      send={(email) => unwrap(api.POST('/api/auth/users/reset_password/', { body: { email } }))}
      done={(email) => <RichText k="reset.done" values={{ email, ...isolated }} />}
    />
  );
}
