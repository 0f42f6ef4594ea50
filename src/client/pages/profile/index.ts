/** The profile page folder as other pages see it: the only file they may import (issue 41 §1). */
export { EmailForm } from './email-form';
export { PasswordForm } from './password-form';
