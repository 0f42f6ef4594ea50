/** The cookie the client's session store keeps its session in: JSON with the token among its fields. */
export const SESSION_COOKIE = 'ananas_session';
