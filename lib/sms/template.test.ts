import { OUTREACH_EMAIL_TYPES } from "@/lib/email/templates/outreach";
import {
  gsm7Length,
  isGsm7,
  quoteLinkSms,
  shortLinkUrl,
  SMS_LINES,
  SMS_MAX_LENGTH,
  SMS_OPT_OUT_TEXT,
  toGsm7,
  type SmsMessageType,
} from "@/lib/sms/template";

// A realistic short link: an https APP_URL of 23 characters, "/s/" and a 10-character code (36 characters).
const SHORT_URL = shortLinkUrl("https://app.gapwise.app/", "Ab3dE5gH9k");
// 40 characters, with a curly apostrophe and an em dash that GSM-7 lacks.
const BRAND_40 = "O’Brien & Daughters Medicare — Insurance";
const TYPES = Object.keys(SMS_LINES) as SmsMessageType[];

describe("GSM-7", () => {
  it("counts septets, extension characters as two, and refuses what GSM-7 lacks", () => {
    expect(gsm7Length("Hello @ £5")).toBe(10);
    expect(gsm7Length("{€}")).toBe(6);
    expect(gsm7Length("Hi ’")).toBeNull();
    expect(isGsm7("Ça va? Ñandú")).toBe(false); // ú is not GSM-7
  });

  test.each([
    ["O’Brien “Best” Agency", 'O\'Brien "Best" Agency'],
    ["Smith – Jones — Co…", "Smith - Jones - Co..."],
    ["Zoë’s Café", "Zoe's Café"],
    ["Crème brûlée", "Crème brulée"],
    ["Line\nbreak\ttab\u00a0nbsp", "Line break tab nbsp"],
    ["Best 🏆 Agency™ ®", "Best Agency"],
    ["  Ünited  ", "Ünited"],
    ["漢字", ""],
  ])("toGsm7(%j) = %j", (input, output) => {
    expect(toGsm7(input)).toBe(output);
    expect(isGsm7(toGsm7(input))).toBe(true);
  });
});

describe("the quote-link text", () => {
  it("has a line for every outreach email type, and one for Send Quote", () => {
    expect(OUTREACH_EMAIL_TYPES.filter((type) => !(type in SMS_LINES))).toEqual([]);
    expect(TYPES).toContain("quote");
  });

  test.each(TYPES)(
    "%s: fits 160 GSM-7 characters with a 40-character brand name, the link whole and the opt-out",
    (type) => {
      expect(SHORT_URL).toHaveLength(36);
      const text = quoteLinkSms({ type, brandName: BRAND_40, firstName: "Ann", shortUrl: SHORT_URL });
      expect(gsm7Length(text)).not.toBeNull();
      expect(gsm7Length(text)!).toBeLessThanOrEqual(SMS_MAX_LENGTH);
      expect(text.startsWith(`${toGsm7(BRAND_40)}: `)).toBe(true);
      expect(text).toContain(SMS_LINES[type]);
      expect(text.endsWith(` ${SHORT_URL} ${SMS_OPT_OUT_TEXT}`)).toBe(true);
    },
  );

  it("reads as the example", () => {
    expect(
      quoteLinkSms({ type: "birthday", brandName: "Sunrise Insurance", firstName: "Ann", shortUrl: SHORT_URL }),
    ).toBe(
      `Sunrise Insurance: Hi Ann! A birthday check on your Medicare Supplement: ${SHORT_URL} Reply STOP to opt out`,
    );
  });

  it("drops the greeting, then cuts the brand name, then uses the shortest line, and never cuts the link", () => {
    const longName = "Bartholomew-Maximilian";
    const withoutGreeting = quoteLinkSms({
      type: "effective_date",
      brandName: BRAND_40,
      firstName: longName,
      shortUrl: SHORT_URL,
    });
    expect(withoutGreeting).not.toContain(longName);
    expect(gsm7Length(withoutGreeting)!).toBeLessThanOrEqual(SMS_MAX_LENGTH);

    const brand80 = "A".repeat(80);
    const cut = quoteLinkSms({ type: "effective_date", brandName: brand80, shortUrl: SHORT_URL });
    expect(gsm7Length(cut)!).toBeLessThanOrEqual(SMS_MAX_LENGTH);
    expect(cut).toContain(SMS_LINES.effective_date);
    expect(cut.endsWith(` ${SHORT_URL} ${SMS_OPT_OUT_TEXT}`)).toBe(true);

    const longUrl = shortLinkUrl(`https://${"q".repeat(50)}.example.com`, "Ab3dE5gH9k");
    const shortest = quoteLinkSms({ type: "effective_date", brandName: BRAND_40, shortUrl: longUrl });
    expect(shortest).toContain(SMS_LINES.quote);
    expect(gsm7Length(shortest)!).toBeLessThanOrEqual(SMS_MAX_LENGTH);

    expect(() =>
      quoteLinkSms({ type: "quote", brandName: BRAND_40, shortUrl: `https://${"q".repeat(130)}.com/s/x` }),
    ).toThrow(/does not fit/);
  });

  it("counts a brand's extension characters twice", () => {
    const text = quoteLinkSms({ type: "aep", brandName: "{".repeat(40), shortUrl: SHORT_URL });
    expect(gsm7Length(text)!).toBeLessThanOrEqual(SMS_MAX_LENGTH);
  });

  it("builds short links of 10 letters and digits only", () => {
    expect(shortLinkUrl("http://localhost:3000", "0123456789")).toBe("http://localhost:3000/s/0123456789");
    expect(() => shortLinkUrl("https://x.test", "short")).toThrow();
    expect(() => shortLinkUrl("https://x.test", "abc/def-gh")).toThrow();
  });
});
