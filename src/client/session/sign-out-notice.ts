/** Why the session ended, shown on the sign-in page. */
export type SignOutReason = 'signed-out' | 'idle' | 'expired' | 'deactivated';

/**
 * Kept outside the router: when the session ends, the page's route guard and the sign-out both
 * head for /login, and whichever navigation lands last must not lose the reason.
 */
let reason: SignOutReason | null = null;

export const signOutNotice = {
  set(next: SignOutReason): void {
    reason = next;
  },
  current: (): SignOutReason | null => reason,
  clear(): void {
    reason = null;
  },
};
