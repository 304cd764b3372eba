import { render } from "@react-email/render";
import { createElement } from "react";
import { QuoteEmail } from "@/lib/email/templates/quote-email";

const base = {
  brandName: "Lee Insurance",
  brandColor: "#0F766E",
  firstName: "Ada",
  quoteUrl: "https://example.test/compare?id=abc",
  senderPhone: null,
  signature: null,
};
const html = async (props: Partial<Parameters<typeof QuoteEmail>[0]> & { senderName: string }) =>
  (await render(createElement(QuoteEmail, { ...base, ...props }))).replace(/<!-- -->/g, "");
const count = (text: string, word: string) => text.split(word).length - 1;

describe("QuoteEmail sign-off", () => {
  it("names the agency once when the agency itself is the sender (bar + sign-off, no repeat)", async () => {
    const text = await html({ senderName: "Lee Insurance" });
    expect(count(text, "Lee Insurance")).toBe(2);
    expect(text).not.toMatch(/Lee Insurance<br\/?>Lee Insurance/);
  });

  it("signs with the agent's name and the agency under it, or with the stored signature alone", async () => {
    expect(await html({ senderName: "Sam Rivera" })).toMatch(/Sam Rivera<br\/?>Lee Insurance/);
    const signed = await html({ senderName: "Sam Rivera", signature: "Sam\nYour Medicare agent" });
    expect(signed).toContain("Your Medicare agent");
    expect(signed).not.toMatch(/Sam Rivera<br/);
  });
});
