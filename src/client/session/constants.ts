/** Spec 000 §9: the session store's lifetime. */
export const SESSION_LIFETIME_MS = 10_800_000;

/** Spec 000 §4 and §9: signed out after one hour without a click or a key press. */
export const INACTIVITY_MS = 3_600_000;

/** The cookie holding the token and the user info (the server reads it too). */
export { SESSION_COOKIE } from '../../shared/session-cookie';

/**
 * The last-activity stamp is written to the cookie at most this often: enough for a reload or
 * a second tab to know how long the user has been away, without a cookie write per click.
 */
export const ACTIVITY_WRITE_INTERVAL_MS = 60_000;
