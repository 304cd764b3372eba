/** Auth.js's session cookie names (https, http). Dependency-free: read by the session lookup and the cookie writer. */
export const SESSION_COOKIE_NAMES = ["__Secure-authjs.session-token", "authjs.session-token"] as const;
