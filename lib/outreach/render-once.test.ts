import { renderEmailBody } from "@/lib/email/render-body";
import {
  OUTREACH_EMAIL_TYPES,
  resolveOutreachSender,
  type SenderAgent,
  type SenderOrganization,
} from "@/lib/email/templates/outreach";
import { renderOutreachEmail, type OutreachEmailInput } from "@/lib/outreach/render";
import { escapeHtml, outreachRenderer } from "@/lib/outreach/render-once";

/**
 * #19 point 2: the sweep renders each template once per organization and batch and puts each contact's
 * values in. What it sends must be byte for byte what a render per email gives, whatever the name or link.
 */

const organization: SenderOrganization = {
  name: "Lee & Sons <Insurance>",
  brandName: `Lee "Best" Insurance`,
  slug: "lee-insurance",
  primaryColor: "#0F766E",
  phone: "5125550100",
  signature: "The Lee team",
  orgSignature: false,
  forceOrgSenderDetails: false,
  redirectUrl: "cal.example.com/lee?a=1&b=2",
  logoMimeType: "image/png",
  logoUpdatedAt: new Date("2026-01-02T03:04:05Z"),
};
const agent: SenderAgent = {
  firstName: "Sam",
  lastName: "O'Rivera",
  email: "sam@lee.test",
  phone: "5125559999",
  signature: "Sam\nLee & Sons",
  bookingLink: "https://cal.example.com/sam?x=1&y='2'",
  phoneEnabled: true,
  calendarEnabled: true,
  useOrgSenderDetails: false,
};
const appUrl = "https://app.gapwise.test";
const senders = [
  resolveOutreachSender({ organization, agent, appUrl }).sender,
  resolveOutreachSender({ organization: { ...organization, orgSignature: true }, agent: null, appUrl }).sender,
];

const names = [
  "Ada",
  "Zoë",
  "José María",
  "A & B",
  "<script>alert(1)</script>",
  `O'Brien "Bo"`,
  "Ünïcödé ß 李 Ελένη",
  "😀 Emoji 👩‍👩‍👧",
  "&amp; &lt;b&gt; &notit; &#39;",
  "a&b<c>d\"e'f",
  "Mary-Kate",
  // Not printed as they are: each gets a render of its own.
  "",
  "   ",
  " Padded ",
  "Mary  Ann",
  "Tab\tName",
  "Line\nBreak",
  "Zero\u200bWidth",
  "Non\u00a0Breaking",
  "Nul\u0000Byte",
  "Lone\ud800Surrogate",
];
const links = (i: number) => [
  `${appUrl}/api/t/click/0000000${i % 10}-1111-4111-8111-111111111111.sig?u=${encodeURIComponent(`${appUrl}/compare?id=tok${i}&tid=q${i}`)}`,
  `${appUrl}/api/t/click/x?u=a&b='c'&d="e"&f=<g>&h=%26amp%3B&i=é😀`,
  `${appUrl}/api/t/click/x?u=&amp;&notit;&copy`,
  "mailto:someone@example.com",
  `${appUrl}/has space`,
];

function inputs(): OutreachEmailInput[] {
  const all: OutreachEmailInput[] = [];
  let i = 0;
  for (const emailType of [...OUTREACH_EMAIL_TYPES, "quote_email", "not_a_type"])
    for (const sender of senders)
      for (const firstName of names) {
        i += 1;
        const quoteLinks = links(i);
        all.push({
          emailType,
          firstName,
          sender,
          quoteUrl: quoteLinks[i % quoteLinks.length]!,
          openPixelUrl: i % 3 === 0 ? null : quoteLinks[(i + 1) % quoteLinks.length]!.replace("/click/", "/open/"),
          eventDate: i % 4 === 0 ? null : `2026-0${1 + (i % 9)}-01`,
          carrierName: i % 5 === 0 ? null : `Acme & "Mutual" ${i % 2}`,
          planType: i % 2 ? "G" : null,
        });
      }
  return all;
}

describe("rendering each template once per batch", () => {
  it("sends byte for byte what a render per email sends, for every type, sender, name and link", async () => {
    const render = outreachRenderer();
    for (const input of inputs()) {
      const oneByOne = renderOutreachEmail(input);
      const expected = await renderEmailBody(oneByOne.react);
      const shared = await render(input);
      expect(shared.subject).toBe(oneByOne.subject);
      expect({ input, ...shared.body }).toEqual({ input, ...expected });
    }
  }, 120_000);

  it("renders an organization's batch once per template and wording, not once per contact", async () => {
    let renders = 0;
    const render = outreachRenderer({
      renderBody: (react) => {
        renders += 1;
        return renderEmailBody(react);
      },
    });
    const contacts = Array.from({ length: 40 }, (_, i) => ({ firstName: `Pat${i}`, planType: i % 2 ? "G" : "N" }));
    for (const { firstName, planType } of contacts)
      for (const emailType of ["birthday", "aep"])
        await render({
          emailType,
          firstName,
          sender: senders[0]!,
          quoteUrl: `${appUrl}/api/t/click/${firstName}`,
          openPixelUrl: `${appUrl}/api/t/open/${firstName}.gif`,
          eventDate: null,
          carrierName: null,
          planType,
        });
    // birthday names the plan (G, N): two renders; aep reads none of the wording fields: one.
    expect(renders).toBe(3);

    // A household email names a second person and their link: its own render, never a shared one's.
    const household = { firstName: "Bea", quoteUrl: `${appUrl}/compare?id=partner` };
    const input = {
      emailType: "aep",
      firstName: "Pat0",
      sender: senders[0]!,
      quoteUrl: `${appUrl}/api/t/click/Pat0`,
      openPixelUrl: null,
      eventDate: null,
      carrierName: null,
      planType: null,
      household,
    };
    const rendered = await render(input);
    expect(renders).toBe(4);
    expect(rendered.body).toEqual(await renderEmailBody(renderOutreachEmail(input).react));
    expect(rendered.body.text).toContain("See Bea's quotes");
  });

  it("escapes as React does", () => {
    expect(escapeHtml(`a&b<c>d"e'f`)).toBe("a&amp;b&lt;c&gt;d&quot;e&#x27;f");
  });
});
