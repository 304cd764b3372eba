import { createHmac, timingSafeEqual } from "node:crypto";
import { forwardedChain, parseAddress } from "@/lib/api/client-address";

/**
 * Who may open the development tools (/dev/outbox, /dev/access and every /api/dev/* call). Pure: the
 * request's facts are passed in. The outbox lists every sign-in link, so it is a key to every account:
 * - production: nobody, ever;
 * - a request from this machine to a server `npm start` bound to loopback: allowed without a key;
 * - anywhere else (a preview, a `next start` without APP_ENV): the holder of OUTBOX_ACCESS_KEY (as the
 *   x-outbox-key header or the cookie /dev/access sets), or a signed-in admin of the sample agency.
 */

export const DEV_ACCESS_COOKIE = "gapwise_dev_access";
export const DEV_ACCESS_HEADER = "x-outbox-key";

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

export function isLoopbackHost(host: string | null | undefined): boolean {
  if (!host) return false;
  // "[::1]:3000" (a Host header), "::1" (a bind address), "localhost:3000", "127.0.0.1".
  const name = host.startsWith("[")
    ? host.slice(0, host.indexOf("]") + 1)
    : host.split(":").length > 2
      ? host
      : host.split(":")[0]!;
  return LOOPBACK_HOSTS.has(name.toLowerCase());
}

export type DevAccessFacts = {
  isProduction: boolean;
  /** `npm start` serves this process on a loopback address only. */
  servedLocally: boolean;
  /** The request's Host header. */
  host: string | null;
  /**
   * The X-Forwarded-For chain. The server (scripts/serve.mjs) appends the socket's address to it, so a direct
   * request from this machine carries loopback addresses only; a proxy in front adds the real client's.
   */
  forwardedFor: string | null;
  /** An RFC 7239 Forwarded header was present: a proxy is in front. */
  hasForwardedHeader: boolean;
  /** OUTBOX_ACCESS_KEY, when configured. */
  accessKey: string | undefined;
  /** The key the request presented in the header. */
  presentedKey: string | null;
  /** The value of the access cookie. */
  presentedCookie: string | null;
  /** HMAC key for the cookie (AUTH_SECRET), so the cookie never holds the access key itself. */
  cookieSecret: string;
  isSampleAgencyAdmin: boolean;
};

function equalInConstantTime(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The cookie value that stands for "knows the access key": an HMAC, so a leaked cookie does not leak the key. */
export function devAccessCookieValue(accessKey: string, cookieSecret: string): string {
  return createHmac("sha256", cookieSecret).update(`dev-access:${accessKey}`).digest("base64url");
}

export function presentsValidKey(
  facts: Pick<DevAccessFacts, "accessKey" | "presentedKey" | "presentedCookie" | "cookieSecret">,
): boolean {
  if (!facts.accessKey) return false;
  if (facts.presentedKey && equalInConstantTime(facts.presentedKey, facts.accessKey)) return true;
  return (
    !!facts.presentedCookie &&
    equalInConstantTime(facts.presentedCookie, devAccessCookieValue(facts.accessKey, facts.cookieSecret))
  );
}

/** 127.0.0.0/8, ::1, and IPv4-mapped 127.x (what a socket on a dual-stack loopback reports). */
export function isLoopbackAddress(address: string): boolean {
  const ip = parseAddress(address);
  return ip === "::1" || (ip !== null && ip.startsWith("127."));
}

/** Every hop of the forwarding chain is this machine (an entry that is not an address is not), and so is the Host. */
export function isLocalRequest(
  facts: Pick<DevAccessFacts, "servedLocally" | "host" | "forwardedFor" | "hasForwardedHeader">,
): boolean {
  const hops = forwardedChain(facts.forwardedFor);
  return (
    facts.servedLocally &&
    !facts.hasForwardedHeader &&
    hops.every((hop) => hop !== null && isLoopbackAddress(hop)) &&
    isLoopbackHost(facts.host)
  );
}

export function canUseDevTools(facts: DevAccessFacts): boolean {
  if (facts.isProduction) return false;
  return isLocalRequest(facts) || presentsValidKey(facts) || facts.isSampleAgencyAdmin;
}
