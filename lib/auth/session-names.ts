/** Auth.js's session cookie names (https, http). Dependency-free: the proxy imports it. */
export const SESSION_COOKIE_NAMES = ["__Secure-authjs.session-token", "authjs.session-token"] as const;
