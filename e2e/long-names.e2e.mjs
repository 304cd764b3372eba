// A client on a small phone (320 px) never scrolls sideways because of the agency's branding: a long name
// with a long word, then a wide logo, each beside the number to call in the compare page's header. (A CI run
// found the page 364 px wide with "Renamed Agency 1795987560040" and the phone number side by side.)
import { compareUrlFor, createContactViaApi, LOGO_PNG_BASE64, signUpAgency } from "./helpers.mjs";

const SMALL_PHONE = { width: 320, height: 800 };

export const journeys = [
  {
    name: "long names: a long agency name and a wide logo beside the phone number fit a 320 px compare page",
    async run({ page, baseUrl, screenshot, expect }) {
      const stamp = Date.now();
      const email = `long.names.${stamp}@example.test`;
      await signUpAgency(page, baseUrl, {
        firstName: "Lena",
        lastName: "Longname",
        organizationName: `Hill Country Medigap Partners ${stamp}`,
        email,
        phoneDigits: "5125550188",
      });
      const contact = await createContactViaApi(page, baseUrl, expect, {
        firstName: "Wren",
        lastName: "Narrowphone",
        email: `wren.narrow.${stamp}@example.test`,
        birthDate: "1956-03-15",
      });
      const url = await compareUrlFor(page, baseUrl, expect, contact.id);

      const fitsSmallPhone = async (what) => {
        const visitor = await page.context().browser().newPage({ viewport: SMALL_PHONE });
        try {
          await visitor.goto(url);
          await visitor.getByRole("heading", { name: "Personal Quote" }).waitFor();
          await visitor
            .getByRole("banner")
            .getByRole("link", { name: /\(512\) 555-0188/ })
            .waitFor();
          const width = await visitor.evaluate(() => document.documentElement.scrollWidth);
          await screenshot(`long-names-${what}-320`, visitor);
          expect(width <= SMALL_PHONE.width, `${what}: no sideways scroll at 320 px (the page is ${width} px wide)`);
        } finally {
          await visitor.close();
        }
      };
      await fitsSmallPhone("name");

      // The agency uploads a wide logo (240 × 60, the size the form recommends): the header shows it instead.
      await page.goto(baseUrl + "/settings");
      await page.getByText("All changes saved.").waitFor();
      await page.locator('input[type="file"]').setInputFiles({
        name: `long-names-logo-${stamp}.png`,
        mimeType: "image/png",
        buffer: Buffer.from(LOGO_PNG_BASE64, "base64"),
      });
      await page.getByRole("button", { name: "Save Changes" }).click();
      await page.getByRole("status").filter({ hasText: "Settings saved successfully" }).waitFor();
      await fitsSmallPhone("logo");
    },
  },
];
