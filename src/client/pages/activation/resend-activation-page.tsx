import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { EmailLinkRequest } from '../../forms/email-link-request';
import { RichText, isolated, useT } from '../../i18n';

export function ResendActivationPage() {
  const t = useT();
  return (
    <EmailLinkRequest
      title={t('activation.resend_title')}
      subtitle={t('activation.resend_subtitle')}
      formName={t('activation.resend_form')}
      submitLabel={t('activation.resend_submit')}
      doneTestId="resend-done"
      send={(email) => unwrap(api.POST('/api/auth/users/resend_activation/', { body: { email } }))}
      done={(email) => <RichText k="activation.resend_done" values={{ email, ...isolated }} />}
    />
  );
}
