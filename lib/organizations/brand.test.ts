import {
  BRAND_COLOR_MESSAGE,
  BRAND_COLOR_PATTERN,
  brandColor,
  brandNameOf,
  DEFAULT_BRAND_COLOR,
  namesOrganization,
} from "@/lib/organizations/brand";
import { resolveOutreachSender } from "@/lib/email/sender";

describe("brandNameOf", () => {
  it("uses the brand name when there is one, trimmed", () => {
    expect(brandNameOf({ name: "Lee Insurance LLC", brandName: "  Lee Insurance " })).toBe("Lee Insurance");
  });

  it("falls back to the organization's name for a missing or blank brand name", () => {
    expect(brandNameOf({ name: "Lee Insurance LLC", brandName: null })).toBe("Lee Insurance LLC");
    expect(brandNameOf({ name: "Lee Insurance LLC", brandName: "   " })).toBe("Lee Insurance LLC");
    expect(brandNameOf({ name: "Lee Insurance LLC" })).toBe("Lee Insurance LLC");
  });
});

describe("brandColor", () => {
  it("keeps a hex colour and replaces anything else with the default", () => {
    expect(brandColor("#0F766E")).toBe("#0F766E");
    expect(brandColor("#abc")).toBe("#abc");
    expect(brandColor("red; background: url(x)")).toBe(DEFAULT_BRAND_COLOR);
    expect(brandColor("")).toBe(DEFAULT_BRAND_COLOR);
    expect(brandColor(null)).toBe(DEFAULT_BRAND_COLOR);
  });

  it("is the rule emails use too", () => {
    const organization = {
      name: "Lee",
      brandName: null,
      slug: "lee",
      primaryColor: "not a colour",
      phone: null,
      signature: "",
      orgSignature: false,
      forceOrgSenderDetails: true,
      redirectUrl: null,
      logoMimeType: null,
      logoUpdatedAt: null,
    };
    expect(
      resolveOutreachSender({ organization, agent: null, appUrl: "http://localhost:3000" }).sender.brandColor,
    ).toBe(DEFAULT_BRAND_COLOR);
  });
});

describe("the brand colour a form accepts", () => {
  it("is #RRGGBB, and the message shows the default colour", () => {
    expect(BRAND_COLOR_PATTERN.test("#0f766e")).toBe(true);
    expect(BRAND_COLOR_PATTERN.test("#abc")).toBe(false);
    expect(BRAND_COLOR_MESSAGE).toBe("Use a colour like #6B46C1");
  });
});

describe("namesOrganization", () => {
  it("matches the slug exactly and the id in any case", () => {
    const org = { id: "0b6f2d4e-1111-4111-8111-111111111111", slug: "lee" };
    expect(namesOrganization("lee", org)).toBe(true);
    expect(namesOrganization("0B6F2D4E-1111-4111-8111-111111111111", org)).toBe(true);
    expect(namesOrganization("LEE", org)).toBe(false);
  });
});
