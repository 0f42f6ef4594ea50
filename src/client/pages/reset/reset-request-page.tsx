import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { EmailLinkRequest } from '../../forms/email-link-request';

export function ResetRequestPage() {
  return (
    <EmailLinkRequest
      title="Reset your password"
      subtitle="Enter the e-mail address of your account and we will send you a link to choose a new password."
      formName="Reset password"
      submitLabel="Send reset link"
      doneTestId="reset-sent"
      send={(email) => unwrap(api.POST('/api/auth/users/reset_password/', { body: { email } }))}
      done={(email) =>
        `If an account exists for ${email}, a reset link is on its way. The link works once, for 1 hour.`
      }
    />
  );
}
