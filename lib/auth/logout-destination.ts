export type LogoutDestination = "/" | "/signup";

/**
 * Where /logging-out leads (`?then=`): home, or (the Sample Agency's exit control) the signup page.
 * Nothing else: no open redirect. Plain module: the server page calls it (a "use client" module's
 * functions cannot be called on the server).
 */
export function logoutDestination(then: string | null | undefined): LogoutDestination {
  return then === "signup" ? "/signup" : "/";
}
