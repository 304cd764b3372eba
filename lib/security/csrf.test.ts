import {
  isAcceptedBodyType,
  isStateChanging,
  mediaType,
  originVerdict,
  type RequestOriginFacts,
} from "@/lib/security/csrf";

const APP_URL = "https://app.gapwise.example";
const facts = (overrides: Partial<RequestOriginFacts>): RequestOriginFacts => ({
  method: "POST",
  origin: null,
  secFetchSite: null,
  requestHosts: ["app.gapwise.example"],
  appUrl: APP_URL,
  ...overrides,
});

describe("isStateChanging", () => {
  it("is POST, PUT, PATCH and DELETE, in any case", () => {
    expect(["POST", "put", "Patch", "DELETE"].map(isStateChanging)).toEqual([true, true, true, true]);
    expect(["GET", "HEAD", "OPTIONS"].map(isStateChanging)).toEqual([false, false, false]);
  });
});

describe("originVerdict", () => {
  it("lets every safe method through, whatever it carries", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      expect(originVerdict(facts({ method, origin: "https://evil.example", secFetchSite: "cross-site" }))).toEqual({
        allowed: true,
        basis: "safe-method",
      });
    }
  });

  it("accepts the app's own origin (APP_URL), and the host the request was addressed to", () => {
    expect(originVerdict(facts({ origin: "https://app.gapwise.example" }))).toEqual({ allowed: true, basis: "origin" });
    // A preview: APP_URL is the branch URL, the page was served on the deployment's own URL.
    const preview = facts({
      appUrl: "https://gapwise-git-main.vercel.app",
      origin: "https://gapwise-abc123.vercel.app",
      requestHosts: ["gapwise-abc123.vercel.app"],
    });
    expect(originVerdict(preview)).toEqual({ allowed: true, basis: "origin" });
    // Local: APP_URL says localhost, the browser is on 127.0.0.1 (a port is part of the host).
    const local = facts({
      appUrl: "http://localhost:3000",
      origin: "http://127.0.0.1:3000",
      requestHosts: [null, "127.0.0.1:3000"],
    });
    expect(originVerdict(local).allowed).toBe(true);
    expect(originVerdict({ ...local, origin: "http://127.0.0.1:4000" }).allowed).toBe(false);
  });

  it("refuses another origin, on another site or on the same site (a sibling subdomain), and an unreadable one", () => {
    for (const origin of [
      "https://evil.example",
      "https://blog.gapwise.example",
      "https://app.gapwise.example.evil.example",
      "not a url",
    ]) {
      expect([origin, originVerdict(facts({ origin, secFetchSite: "same-origin" }))]).toEqual([
        origin,
        { allowed: false, basis: "origin" },
      ]);
    }
  });

  it("decides by Sec-Fetch-Site without an Origin, or with Origin: null (a no-referrer page's own form post)", () => {
    for (const origin of [null, "null"]) {
      expect(originVerdict(facts({ origin, secFetchSite: "same-origin" }))).toEqual({
        allowed: true,
        basis: "fetch-metadata",
      });
      expect(originVerdict(facts({ origin, secFetchSite: "none" }))).toEqual({
        allowed: true,
        basis: "fetch-metadata",
      });
      expect(originVerdict(facts({ origin, secFetchSite: "same-site" }))).toEqual({
        allowed: false,
        basis: "fetch-metadata",
      });
      expect(originVerdict(facts({ origin, secFetchSite: "cross-site" }))).toEqual({
        allowed: false,
        basis: "fetch-metadata",
      });
    }
  });

  it("lets a call with neither header through: not a browser, so no cookie of a victim's rides on it", () => {
    expect(originVerdict(facts({}))).toEqual({ allowed: true, basis: "no-browser-signal" });
    expect(originVerdict(facts({ origin: "null" }))).toEqual({ allowed: true, basis: "no-browser-signal" });
  });
});

describe("mediaType", () => {
  it("is the type without parameters, lower-cased", () => {
    expect(mediaType("Application/JSON; charset=utf-8")).toBe("application/json");
    expect(mediaType(" text/plain ")).toBe("text/plain");
    expect(mediaType("")).toBeNull();
    expect(mediaType(null)).toBeNull();
  });
});

describe("isAcceptedBodyType", () => {
  it("accepts JSON and no content type at all on a state-changing call", () => {
    expect(isAcceptedBodyType({ method: "POST", contentType: "application/json" })).toBe(true);
    expect(isAcceptedBodyType({ method: "PUT", contentType: "application/json;charset=UTF-8" })).toBe(true);
    expect(isAcceptedBodyType({ method: "DELETE", contentType: null })).toBe(true);
  });

  it("refuses what a form sends, unless the route accepts it", () => {
    for (const contentType of [
      "text/plain;charset=UTF-8",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
    ]) {
      expect([contentType, isAcceptedBodyType({ method: "POST", contentType })]).toEqual([contentType, false]);
    }
    const oneClick = ["application/x-www-form-urlencoded", "multipart/form-data"];
    expect(
      isAcceptedBodyType({ method: "POST", contentType: "multipart/form-data; boundary=x", accepted: oneClick }),
    ).toBe(true);
    expect(isAcceptedBodyType({ method: "POST", contentType: "text/plain", accepted: oneClick })).toBe(false);
  });

  it("never looks at a safe method's content type", () => {
    expect(isAcceptedBodyType({ method: "GET", contentType: "text/plain" })).toBe(true);
  });
});
