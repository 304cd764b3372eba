/**
 * Cross-site request forgery rules for API calls (docs/security.md, "CSRF"). Pure: the one wrapper
 * (lib/api/handler.ts) passes the request's facts in and maps a refusal to the one error shape.
 *
 * SameSite=Lax cookies alone let a page on another origin of the same site (another subdomain) post a
 * text/plain form with the session cookie, and let any site start a top-level GET. So: no GET changes
 * state, every state-changing call must come from this app's own origin, and a call with a body must
 * say it is JSON (a form cannot, and a cross-origin fetch that says so needs a CORS preflight, which
 * this app never grants).
 */

const STATE_CHANGING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** POST, PUT, PATCH and DELETE change state; GET, HEAD and OPTIONS never do (docs/security.md). */
export function isStateChanging(method: string): boolean {
  return STATE_CHANGING_METHODS.has(method.toUpperCase());
}

export type RequestOriginFacts = {
  method: string;
  /** The Origin header as sent (null when absent). */
  origin: string | null;
  /** The Sec-Fetch-Site header as sent (null when absent). */
  secFetchSite: string | null;
  /**
   * The hosts (name:port) this request was addressed to: the Host header, X-Forwarded-Host, the URL's host.
   * A preview's APP_URL is the branch URL while the same deployment also answers on its own URL.
   */
  requestHosts: ReadonlyArray<string | null | undefined>;
  /** APP_URL: the app's own public origin. */
  appUrl: string;
};

/**
 * Why a call was let through, or that it was refused. "no-browser-signal": neither Origin nor
 * Sec-Fetch-Site, which every current browser sends on a cross-site POST; curl, scripts, cron hosts
 * and mail providers' one-click unsubscribes send neither, and a session cookie is not theirs to ride.
 */
export type OriginVerdict =
  | { allowed: true; basis: "safe-method" | "origin" | "fetch-metadata" | "no-browser-signal" }
  | { allowed: false; basis: "origin" | "fetch-metadata" };

function hostOf(url: string): string | null {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Same-origin: the Origin header equals APP_URL's origin, or its host is the host the request was
 * addressed to. Without a usable Origin, Sec-Fetch-Site decides: "same-origin" (the app's own fetch)
 * and "none" (typed in, a bookmark) pass; "same-site" and "cross-site" do not.
 *
 * `Origin: null` is read as no Origin: browsers send it for a page's own form post (or no-cors request)
 * when the page's Referrer-Policy is no-referrer, as every consumer page's is (its URL carries a token),
 * and from sandboxed frames and data: URLs, which Sec-Fetch-Site then reports as cross-site.
 */
export function originVerdict({
  method,
  origin,
  secFetchSite,
  requestHosts,
  appUrl,
}: RequestOriginFacts): OriginVerdict {
  if (!isStateChanging(method)) return { allowed: true, basis: "safe-method" };
  const sent = origin?.trim();
  if (sent && sent !== "null") {
    const sentOrigin = originOf(sent);
    const sentHost = hostOf(sent);
    const own = sentOrigin !== null && sentOrigin === originOf(appUrl);
    const addressed = sentHost !== null && requestHosts.some((host) => host?.trim().toLowerCase() === sentHost);
    return { allowed: own || addressed, basis: "origin" };
  }
  const site = secFetchSite?.trim().toLowerCase();
  if (site) return { allowed: site === "same-origin" || site === "none", basis: "fetch-metadata" };
  return { allowed: true, basis: "no-browser-signal" };
}

export const JSON_MEDIA_TYPE = "application/json";

/** "Application/JSON; charset=utf-8" → "application/json"; null when absent or empty. */
export function mediaType(contentType: string | null): string | null {
  const type = contentType?.split(";")[0]?.trim().toLowerCase();
  return type ? type : null;
}

/**
 * A state-changing call that declares a content type must declare JSON (or one of the route's
 * `accepted` types). A form always declares one (urlencoded, multipart or text/plain), so no form
 * gets through; a call without a content type has no body to misread (the wrapper refuses a body
 * that arrives without one).
 */
export function isAcceptedBodyType({
  method,
  contentType,
  accepted = [],
}: {
  method: string;
  contentType: string | null;
  accepted?: readonly string[];
}): boolean {
  if (!isStateChanging(method)) return true;
  const type = mediaType(contentType);
  return type === null || type === JSON_MEDIA_TYPE || accepted.includes(type);
}
