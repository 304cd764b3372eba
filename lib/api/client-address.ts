import { BlockList, isIP } from "node:net";

/**
 * Who is calling: the one place that understands X-Forwarded-For (rate limits through clientIp in
 * lib/api/handler.ts, and the dev-tools rule). Pure: headers and configuration are passed in.
 *
 * X-Forwarded-For is a list that grows to the right: each proxy appends the address its connection
 * came from. So the rightmost entry was written by the server in front of this code, and every entry
 * left of the first hop we do not trust may have been invented by the client. Route handlers cannot see
 * the socket, and Next's own server (`next start`) adds the socket's address only when the header is
 * absent (a client's own header passes through untouched), so Gapwise is served by scripts/serve.mjs,
 * which appends the socket's address to every request; a Vercel-style host overwrites the header with
 * the address it saw. The walk: the rightmost entry is the peer; while the current hop is one of
 * TRUSTED_PROXIES, step one to the left; the first address that is not a trusted proxy is the client.
 */

export type ClientAddressConfig = {
  /** TRUSTED_PROXIES, parsed by parseTrustedProxies: "ip/prefix" entries. */
  trustedProxies: readonly string[];
  /** TRUSTED_PROXY_HEADER (lowercase): a header the host sets to the client's address and never takes from clients. */
  trustedProxyHeader?: string;
};

/** One address as written in a forwarding header, in one canonical form; null when it is not an address. */
export function parseAddress(raw: string): string | null {
  let value = raw.trim().replace(/^"(.*)"$/, "$1");
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value); // [2001:db8::1] or [2001:db8::1]:443
  if (bracketed) value = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(":")); // 203.0.113.7:51234
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(value); // what a dual-stack socket reports for IPv4
  if (mapped) value = mapped[1]!;
  switch (isIP(value)) {
    case 4:
      return value;
    case 6:
      // The URL parser writes IPv6 in its one canonical form (compressed, lowercase).
      return new URL(`http://[${value}]/`).hostname.slice(1, -1);
    default:
      return null;
  }
}

/** The entries of an X-Forwarded-For value, left to right; an entry that is not an address is null. */
export function forwardedChain(header: string | null | undefined): (string | null)[] {
  if (!header) return [];
  return header
    .split(",")
    .filter((entry) => entry.trim() !== "")
    .map(parseAddress);
}

/**
 * TRUSTED_PROXIES ("10.0.0.0/8, 203.0.113.7, 2001:db8::/32"): the entries as "ip/prefix", and the ones
 * that are neither an address nor a CIDR range.
 */
export function parseTrustedProxies(value: string | undefined): { proxies: string[]; invalid: string[] } {
  const proxies: string[] = [];
  const invalid: string[] = [];
  for (const entry of (value ?? "").split(/[\s,]+/).filter(Boolean)) {
    const [rawAddress, rawPrefix, ...rest] = entry.split("/");
    const address = parseAddress(rawAddress ?? "");
    const bits = address && isIP(address) === 6 ? 128 : 32;
    const prefix = rawPrefix === undefined ? bits : /^\d{1,3}$/.test(rawPrefix) ? Number(rawPrefix) : NaN;
    if (!address || rest.length > 0 || !(prefix >= 0 && prefix <= bits)) invalid.push(entry);
    else proxies.push(`${address}/${prefix}`);
  }
  return { proxies, invalid };
}

const matchers = new WeakMap<readonly string[], (address: string) => boolean>();

/** Whether an address (as parseAddress writes it) is inside one of the trusted proxies' ranges. */
export function isTrustedProxy(address: string, trustedProxies: readonly string[]): boolean {
  if (trustedProxies.length === 0) return false;
  let matches = matchers.get(trustedProxies);
  if (!matches) {
    const list = new BlockList();
    for (const proxy of trustedProxies) {
      const [network, prefix] = proxy.split("/");
      list.addSubnet(network!, Number(prefix), isIP(network!) === 6 ? "ipv6" : "ipv4");
    }
    matches = (candidate) => list.check(candidate, isIP(candidate) === 6 ? "ipv6" : "ipv4");
    matchers.set(trustedProxies, matches);
  }
  return matches(address);
}

/**
 * The client's address, or null when the request carries none we can use.
 * - TRUSTED_PROXY_HEADER set and present: its (rightmost) address; the host wrote it.
 * - Otherwise the X-Forwarded-For walk described above. When every hop is a trusted proxy, the
 *   furthest one is the client (a request a proxy made itself). An entry that is not an address ends the
 *   walk at the last hop we could vouch for.
 */
export function resolveClientAddress(
  headers: { get(name: string): string | null },
  config: ClientAddressConfig,
): string | null {
  if (config.trustedProxyHeader) {
    const fromHost = forwardedChain(headers.get(config.trustedProxyHeader)).at(-1);
    if (fromHost) return fromHost;
  }
  const chain = forwardedChain(headers.get("x-forwarded-for"));
  let client: string | null = null;
  for (let i = chain.length - 1; i >= 0; i--) {
    const hop = chain[i]!;
    if (hop === null) return client;
    client = hop;
    if (!isTrustedProxy(hop, config.trustedProxies)) return hop;
  }
  return client;
}

/**
 * The key a per-IP rate limit counts, from an address as parseAddress writes it: the address itself
 * for IPv4, the /64 network for IPv6 (one subscriber gets a whole /64 and could otherwise take a fresh
 * address for every request).
 */
export function rateLimitSubject(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head = "", tail] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  return `${groups.slice(0, 4).join(":")}::/64`;
}
