import {
  canUseDevTools,
  devAccessCookieValue,
  isLoopbackAddress,
  isLoopbackHost,
  type DevAccessFacts,
} from "@/lib/dev-tools/dev-access-rule";

const KEY = "k".repeat(32);
const SECRET = "s".repeat(32);
const stranger: DevAccessFacts = {
  isProduction: false,
  servedLocally: false,
  host: "preview.gapwise.example",
  forwardedFor: "203.0.113.7, 10.0.0.2",
  hasForwardedHeader: false,
  accessKey: KEY,
  presentedKey: null,
  presentedCookie: null,
  cookieSecret: SECRET,
  isSampleAgencyAdmin: false,
};
const local: DevAccessFacts = {
  ...stranger,
  servedLocally: true,
  host: "localhost:3000",
  forwardedFor: null,
  accessKey: undefined,
};

describe("who may use the development tools", () => {
  it.each([
    ["a stranger on a preview", stranger, false],
    ["the key holder (header)", { ...stranger, presentedKey: KEY }, true],
    [
      "the key holder (cookie from /dev/access)",
      { ...stranger, presentedCookie: devAccessCookieValue(KEY, SECRET) },
      true,
    ],
    ["a wrong key", { ...stranger, presentedKey: "x".repeat(32) }, false],
    [
      "the access key itself as the cookie (the cookie is an HMAC, not the key)",
      { ...stranger, presentedCookie: KEY },
      false,
    ],
    [
      "a cookie made with another secret",
      { ...stranger, presentedCookie: devAccessCookieValue(KEY, "other".repeat(8)) },
      false,
    ],
    ["any key when none is configured", { ...stranger, accessKey: undefined, presentedKey: "" }, false],
    ["the sample agency's admin", { ...stranger, isSampleAgencyAdmin: true }, true],
    ["this machine under npm start", local, true],
    ["127.0.0.1 and [::1] under npm start", { ...local, host: "127.0.0.1:3000" }, true],
    [
      "this machine through Next's own server (it adds the socket's loopback address)",
      { ...local, forwardedFor: "::ffff:127.0.0.1" },
      true,
    ],
    ["this machine over IPv6 loopback", { ...local, host: "[::1]:3000", forwardedFor: "::1" }, true],
    [
      "a request a proxy forwarded from elsewhere to npm start",
      { ...local, forwardedFor: "203.0.113.7, 127.0.0.1" },
      false,
    ],
    ["a request with an RFC 7239 Forwarded header", { ...local, hasForwardedHeader: true }, false],
    ["another host name sent to npm start", { ...local, host: "gapwise.example" }, false],
    [
      "localhost on a server not started by npm start on loopback (e.g. plain next start)",
      { ...local, servedLocally: false },
      false,
    ],
    [
      "production, even to the key holder, the sample admin or localhost",
      { ...local, isProduction: true, accessKey: KEY, presentedKey: KEY, isSampleAgencyAdmin: true },
      false,
    ],
  ])("%s → %s", (_name, facts, allowed) => {
    expect(canUseDevTools(facts)).toBe(allowed);
  });

  it("knows loopback addresses", () => {
    expect(["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1", " 127.0.0.1"].every(isLoopbackAddress)).toBe(true);
    expect(["10.0.0.1", "::ffff:10.0.0.1", "203.0.113.7", "1127.0.0.1", "fe80::1", ""].some(isLoopbackAddress)).toBe(
      false,
    );
  });

  it("knows loopback host names with and without ports", () => {
    expect(
      ["localhost", "LOCALHOST:3000", "127.0.0.1", "127.0.0.1:3100", "[::1]:3000", "::1"].every(isLoopbackHost),
    ).toBe(true);
    expect(["localhost.evil.example", "127.0.0.2", "0.0.0.0", "", null].some(isLoopbackHost)).toBe(false);
  });
});
