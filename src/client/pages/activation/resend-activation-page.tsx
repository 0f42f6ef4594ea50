import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { EmailLinkRequest } from '../../forms/email-link-request';

export function ResendActivationPage() {
  return (
    <EmailLinkRequest
      title="Resend the activation link"
      subtitle="Enter the e-mail address you signed up with."
      formName="Resend activation"
      submitLabel="Send activation link"
      doneTestId="resend-done"
      send={(email) => unwrap(api.POST('/api/auth/users/resend_activation/', { body: { email } }))}
      done={(email) =>
        `If ${email} has an account waiting for activation, a new link is on its way. Earlier links stop working.`
      }
    />
  );
}
