import {
  forwardedChain,
  isTrustedProxy,
  parseAddress,
  parseTrustedProxies,
  rateLimitSubject,
  resolveClientAddress,
  type ClientAddressConfig,
} from "@/lib/api/client-address";

const headers = (values: Record<string, string>) => new Headers(values);
const noProxies: ClientAddressConfig = { trustedProxies: [] };
const proxies = (list: string): ClientAddressConfig => ({ trustedProxies: parseTrustedProxies(list).proxies });

describe("parseAddress", () => {
  it("writes every spelling of an address one way, and refuses what is not one", () => {
    expect(parseAddress(" 203.0.113.7 ")).toBe("203.0.113.7");
    expect(parseAddress("203.0.113.7:51234")).toBe("203.0.113.7");
    expect(parseAddress("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(parseAddress("2001:0DB8:0:0:0:0:0:1")).toBe("2001:db8::1");
    expect(parseAddress("[2001:db8::1]:443")).toBe("2001:db8::1");
    expect(parseAddress('"[2001:db8::1]"')).toBe("2001:db8::1");
    for (const bad of [
      "",
      "unknown",
      "<script>",
      "203.0.113",
      "1127.0.0.1",
      "example.com",
      "2001:db8::1::2",
      "1.2.3.4/8",
    ])
      expect(parseAddress(bad)).toBeNull();
  });

  it("reads an X-Forwarded-For chain left to right, marking entries that are not addresses", () => {
    expect(forwardedChain(null)).toEqual([]);
    expect(forwardedChain("198.51.100.1, nonsense,, 10.0.0.2")).toEqual(["198.51.100.1", null, "10.0.0.2"]);
  });
});

describe("parseTrustedProxies", () => {
  it("accepts addresses and CIDR ranges of both families, and names the entries it cannot read", () => {
    expect(parseTrustedProxies("10.0.0.0/8, 203.0.113.7 2001:db8::/32,::1")).toEqual({
      proxies: ["10.0.0.0/8", "203.0.113.7/32", "2001:db8::/32", "::1/128"],
      invalid: [],
    });
    expect(parseTrustedProxies("10.0.0.0/33, proxy.internal, 10.0.0.0/8/1, 10.0.0.1/x").invalid).toEqual([
      "10.0.0.0/33",
      "proxy.internal",
      "10.0.0.0/8/1",
      "10.0.0.1/x",
    ]);
    expect(parseTrustedProxies(undefined)).toEqual({ proxies: [], invalid: [] });
  });

  it("matches an address against the ranges", () => {
    const list = parseTrustedProxies("10.0.0.0/8, 2001:db8::/32").proxies;
    expect(isTrustedProxy("10.200.3.4", list)).toBe(true);
    expect(isTrustedProxy("11.0.0.1", list)).toBe(false);
    expect(isTrustedProxy("2001:db8:ffff::1", list)).toBe(true);
    expect(isTrustedProxy("2001:db9::1", list)).toBe(false);
    expect(isTrustedProxy("10.0.0.1", [])).toBe(false);
  });
});

describe("resolveClientAddress", () => {
  it("without trusted proxies, the client is the rightmost entry: the address our server saw, whatever the client wrote before it", () => {
    expect(resolveClientAddress(headers({ "x-forwarded-for": "198.51.100.23" }), noProxies)).toBe("198.51.100.23");
    expect(resolveClientAddress(headers({ "x-forwarded-for": "1.1.1.1, 8.8.8.8, 198.51.100.23" }), noProxies)).toBe(
      "198.51.100.23",
    );
  });

  it("steps left over trusted proxies only, and stops at the first address that is not one", () => {
    const config = proxies("10.0.0.0/8, 192.0.2.10");
    // client → CDN (192.0.2.10) → load balancer (10.0.0.5) → our server; the client also wrote a fake entry
    const xff = "6.6.6.6, 203.0.113.50, 192.0.2.10, 10.0.0.5";
    expect(resolveClientAddress(headers({ "x-forwarded-for": xff }), config)).toBe("203.0.113.50");
    // a client that writes a trusted proxy's address in front of its own is still itself
    expect(resolveClientAddress(headers({ "x-forwarded-for": "10.0.0.9, 203.0.113.51, 10.0.0.5" }), config)).toBe(
      "203.0.113.51",
    );
    // a direct connection (not through the proxies) is its own client, whatever it wrote
    expect(resolveClientAddress(headers({ "x-forwarded-for": "203.0.113.1, 198.51.100.99" }), config)).toBe(
      "198.51.100.99",
    );
    // a request a proxy made itself (a health check): the furthest proxy
    expect(resolveClientAddress(headers({ "x-forwarded-for": "10.0.0.5" }), config)).toBe("10.0.0.5");
  });

  it("ends the walk at the last hop it can vouch for when an entry is not an address", () => {
    const config = proxies("10.0.0.0/8");
    expect(resolveClientAddress(headers({ "x-forwarded-for": "garbage, 10.0.0.5" }), config)).toBe("10.0.0.5");
    expect(resolveClientAddress(headers({ "x-forwarded-for": "203.0.113.5, garbage" }), config)).toBeNull();
    expect(resolveClientAddress(headers({}), config)).toBeNull();
  });

  it("believes the host's own header when TRUSTED_PROXY_HEADER names it, and ignores X-Real-IP otherwise", () => {
    const vercel: ClientAddressConfig = { trustedProxies: [], trustedProxyHeader: "x-vercel-forwarded-for" };
    expect(
      resolveClientAddress(
        headers({ "x-vercel-forwarded-for": "203.0.113.77", "x-forwarded-for": "203.0.113.77" }),
        vercel,
      ),
    ).toBe("203.0.113.77");
    // without it (a request that did not come through the host) the chain decides
    expect(resolveClientAddress(headers({ "x-forwarded-for": "198.51.100.4" }), vercel)).toBe("198.51.100.4");
    expect(
      resolveClientAddress(headers({ "x-real-ip": "203.0.113.9", "x-forwarded-for": "198.51.100.4" }), noProxies),
    ).toBe("198.51.100.4");
  });
});

describe("rateLimitSubject", () => {
  it("counts IPv4 by address and IPv6 by /64, since one subscriber holds a whole /64", () => {
    expect(rateLimitSubject("203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitSubject("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(rateLimitSubject("2001:db8:1:2::ffff")).toBe("2001:db8:1:2::/64");
    expect(rateLimitSubject("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(rateLimitSubject("::1")).toBe("0:0:0:0::/64");
  });
});
