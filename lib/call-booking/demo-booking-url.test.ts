import { parseEnv } from "@/lib/env";

// A test process's variables (its secrets are random, lib/env.ts), plus what each case sets.
const testProcess = { NODE_ENV: "test" } as const;

// /schedule-main's "Schedule a Demo Call" target (DEMO_BOOKING_URL, lib/env.ts).
describe("demoBookingUrl", () => {
  it("defaults to an email to support when unset or empty", () => {
    expect(parseEnv(testProcess).demoBookingUrl).toBe("mailto:support@gapwise.app?subject=Gapwise%20demo");
    expect(
      parseEnv({ ...testProcess, DEMO_BOOKING_URL: "", SUPPORT_EMAIL: "help@agency.test", PRODUCT_NAME: "Acme" })
        .demoBookingUrl,
    ).toBe("mailto:help@agency.test?subject=Acme%20demo");
  });

  it("takes an http(s) URL and refuses anything else", () => {
    expect(parseEnv({ ...testProcess, DEMO_BOOKING_URL: "https://cal.com/gapwise/demo" }).demoBookingUrl).toBe(
      "https://cal.com/gapwise/demo",
    );
    expect(() => parseEnv({ ...testProcess, DEMO_BOOKING_URL: "javascript:alert(1)" })).toThrow(/DEMO_BOOKING_URL/);
    expect(() => parseEnv({ ...testProcess, DEMO_BOOKING_URL: "cal.com/demo" })).toThrow(/DEMO_BOOKING_URL/);
  });
});
