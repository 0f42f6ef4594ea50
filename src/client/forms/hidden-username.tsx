/**
 * Password managers (and Chromium's accessibility check) expect a username beside a password
 * field; forms that ask only for a password carry the account's e-mail hidden.
 */
export function HiddenUsername({ value }: { value: string }) {
  return <input type="text" name="username" autoComplete="username" value={value} readOnly hidden />;
}
