import { render } from "@react-email/render";
import { createElement } from "react";
import {
  AGENT_NOTIFICATION_TEMPLATES,
  OUTREACH_EMAIL_TYPES,
  OUTREACH_WORDING_FIELDS,
  outreachElement,
  outreachTemplate,
  resolveOutreachSender,
  subjectFor,
  type OutreachEmailProps,
  type OutreachWordingField,
  type SenderAgent,
  type SenderOrganization,
} from "@/lib/email/templates/outreach";
import { HOUSEHOLD_EMAIL_TYPES } from "@/lib/outreach-schedule/household";
import type { EmailType } from "@/lib/outreach-schedule/types";

const organization: SenderOrganization = {
  name: "Lee Insurance LLC",
  brandName: "Lee Insurance",
  slug: "lee-insurance",
  primaryColor: "#0F766E",
  phone: "5125550100",
  signature: "The Lee Insurance team",
  orgSignature: false,
  forceOrgSenderDetails: false,
  redirectUrl: "cal.example.com/lee",
  logoMimeType: null,
  logoUpdatedAt: null,
};
const agent: SenderAgent = {
  firstName: "Sam",
  lastName: "Rivera",
  email: "sam@lee.test",
  phone: "5125559999",
  signature: "",
  bookingLink: "https://cal.example.com/sam",
  phoneEnabled: true,
  calendarEnabled: true,
  useOrgSenderDetails: false,
};
const appUrl = "http://localhost:3000";
const quoteUrl =
  "http://localhost:3000/api/t/click/11111111-1111-4111-8111-111111111111?u=%2Fcompare%3Fid%3Dabc%26tid%3Dquote-x";

const props = (overrides: Partial<OutreachEmailProps> = {}): OutreachEmailProps => ({
  sender: resolveOutreachSender({ organization, agent, appUrl }).sender,
  firstName: "Ada",
  quoteUrl,
  openPixelUrl: "http://localhost:3000/api/t/open/11111111-1111-4111-8111-111111111111.gif",
  eventDate: "2026-03-04",
  carrierName: "Acme Mutual",
  planType: "G",
  ...overrides,
});

const hrefOf = (url: string) => `href="${url.replace(/&/g, "&amp;")}"`;
/** The HTML without React's text-boundary comments, so sentences can be matched whole. */
const renderHtml = async (element: Parameters<typeof render>[0]) => (await render(element)).replace(/<!-- -->/g, "");

describe("outreach email templates", () => {
  it("has a template for every scheduled outreach type", () => {
    expect(OUTREACH_EMAIL_TYPES.sort()).toEqual(
      [
        "aep",
        "birthday",
        "effective_date",
        "failed_underwriting",
        "followup_1_cold",
        "followup_2_clicked_no_hq",
        "followup_3_hq_no_yes",
        "followup_4_hq_with_yes",
        "go_live_welcome",
        "initial_blast",
        "post_window",
        "rate_increase",
      ].sort(),
    );
    expect(outreachTemplate("quote_email")).toBeNull();
    expect(outreachTemplate("constructor")).toBeNull();
  });

  it.each(OUTREACH_EMAIL_TYPES)(
    "%s renders the tracked quote link, the greeting, the sender and the pixel, and leaves the footer to the send path",
    async (type) => {
      const html = await renderHtml(outreachElement(type, props())!);
      const text = await render(outreachElement(type, props())!, { plainText: true });
      expect(html).toContain(hrefOf(quoteUrl));
      expect(html).toContain("Hi Ada,");
      expect(html).toContain("Sam Rivera");
      expect(html).toContain("Lee Insurance");
      expect(html).toContain("#0F766E");
      expect(html).toContain('src="http://localhost:3000/api/t/open/11111111-1111-4111-8111-111111111111.gif"');
      expect(html).toContain("(512) 555-9999");
      // The send path adds the postal address and the unsubscribe link; a template adding its own would duplicate them.
      expect(html).not.toMatch(/unsubscribe/i);
      expect(html).not.toContain("data-email-footer");
      // Short enough to read on a phone: the words a person reads, not the preview padding or the URLs.
      const words = text
        .replace(/https?:\/\/\S+/g, "")
        .split(/[\s\u00a0\u034f\u200b-\u200f\u2060\ufeff]+/)
        .filter((w) => /[A-Za-z]/.test(w));
      expect(words.length).toBeLessThan(120);
      const subject = subjectFor(type, {
        firstName: "Ada",
        brandName: "Lee Insurance",
        carrierName: "Acme Mutual",
        eventDate: "2026-03-04",
      });
      expect(subject.startsWith("Ada, ")).toBe(true);
      expect(subject.length).toBeLessThanOrEqual(60);
    },
  );

  it("names the contact's plan once, however the import stored it, and never 'Plan Other'", async () => {
    const html = async (planType: string) => renderHtml(outreachElement("birthday", props({ planType }))!);
    expect(await html("Plan G")).toContain("Plan G cost you less");
    expect(await html("High Deductible Plan G")).toContain("High Deductible Plan G cost you less");
    expect(await html("High Deductible Plan G")).not.toContain("Plan High Deductible");
    expect(await html("Other")).toContain("your plan cost you less");
    expect(await html("Other")).not.toContain("Plan Other");
  });

  it("a household email offers the partner their own quotes under the contact's button; other emails never do", async () => {
    const household = { firstName: "Bea", quoteUrl: "http://localhost:3000/compare?id=partner-link" };
    for (const type of HOUSEHOLD_EMAIL_TYPES) {
      const html = await renderHtml(outreachElement(type, props({ household }))!);
      expect(html).toContain(
        "This email is for your household. Bea has quotes of their own, for their age and health:",
      );
      expect(html).toContain(hrefOf(household.quoteUrl));
      expect(html).toContain("See Bea&#x27;s quotes");
      expect(html.indexOf(hrefOf(quoteUrl))).toBeLessThan(html.indexOf(hrefOf(household.quoteUrl)));
      expect(await renderHtml(outreachElement(type, props())!)).not.toContain("for your household");
    }
    for (const type of OUTREACH_EMAIL_TYPES.filter((t) => !HOUSEHOLD_EMAIL_TYPES.has(t as EmailType))) {
      expect(await renderHtml(outreachElement(type, props({ household }))!)).not.toContain("for your household");
    }
  });

  it("names the event date and carrier where the type is about them", async () => {
    expect(await renderHtml(outreachElement("rate_increase", props())!)).toContain(
      "Acme Mutual has a rate increase scheduled for March 4",
    );
    expect(await renderHtml(outreachElement("effective_date", props())!)).toContain("renews on March 4");
    expect(
      await renderHtml(outreachElement("rate_increase", props({ carrierName: null, eventDate: null }))!),
    ).toContain("Your carrier has a rate increase scheduled in your state");
    expect(subjectFor("rate_increase", { firstName: "Ada", carrierName: "Acme Mutual", eventDate: "2026-03-04" })).toBe(
      "Ada, Acme Mutual rates go up March 4",
    );
  });

  it("uses the organization's details in Organization Only mode, and its logo when it has one", async () => {
    const { sender, fromName, replyTo } = resolveOutreachSender({
      organization: {
        ...organization,
        forceOrgSenderDetails: true,
        logoMimeType: "image/png",
        logoUpdatedAt: new Date("2026-01-01T00:00:00Z"),
      },
      agent,
      appUrl,
    });
    expect(sender).toMatchObject({
      senderName: "Lee Insurance",
      senderPhone: "5125550100",
      canReply: false,
      bookingUrl: "https://cal.example.com/lee",
      signature: "The Lee Insurance team",
    });
    expect(fromName).toBe("Lee Insurance");
    expect(replyTo).toBeNull();
    const html = await renderHtml(outreachElement("birthday", props({ sender }))!);
    expect(html).toContain(
      `src="http://localhost:3000/api/org/lee-insurance/logo?v=${new Date("2026-01-01T00:00:00Z").getTime()}"`,
    );
    expect(html).toContain("The Lee Insurance team");
    expect(html).not.toContain("Sam Rivera");
    expect(html).not.toMatch(/reply to this email/);
  });

  it("lets the agent sign, with replies to the agent, when the organization allows it", () => {
    const { sender, fromName, replyTo } = resolveOutreachSender({ organization, agent, appUrl });
    expect(sender).toMatchObject({
      senderName: "Sam Rivera",
      canReply: true,
      bookingUrl: "https://cal.example.com/sam",
    });
    expect(fromName).toBe("Sam Rivera - Lee Insurance");
    expect(replyTo).toBe("sam@lee.test");
    expect(
      resolveOutreachSender({ organization, agent: { ...agent, isActive: false }, appUrl }).sender.senderName,
    ).toBe("Lee Insurance");
  });

  it("carries the organization's signature under Agent Choice when 'Use the organization signature' is on", () => {
    expect(
      resolveOutreachSender({
        organization: { ...organization, signature: "Org sig" },
        agent: { ...agent, signature: "Sam's sig" },
        appUrl,
      }).sender,
    ).toMatchObject({ senderName: "Sam Rivera", signature: "Sam's sig" });
    const withOrgSignature = resolveOutreachSender({
      organization: { ...organization, signature: "Org sig", orgSignature: true },
      agent: { ...agent, signature: "Sam's sig" },
      appUrl,
    }).sender;
    expect(withOrgSignature).toMatchObject({ senderName: "Sam Rivera", signature: "Org sig" });
  });

  it("speaks for the agency when the agent chose 'Use my organization's contact details'", () => {
    const { sender, fromName, replyTo } = resolveOutreachSender({
      organization,
      agent: { ...agent, useOrgSenderDetails: true },
      appUrl,
    });
    expect(sender).toMatchObject({
      senderName: "Lee Insurance",
      senderPhone: "5125550100",
      bookingUrl: "https://cal.example.com/lee",
      canReply: false,
    });
    expect(fromName).toBe("Lee Insurance");
    expect(replyTo).toBeNull();
  });

  it("shows the agent's phone and booking link only while the agent's profile offers them", () => {
    expect(resolveOutreachSender({ organization, agent, appUrl }).sender).toMatchObject({
      senderPhone: "5125559999",
      bookingUrl: "https://cal.example.com/sam",
    });
    // Switched off, the email falls back as for an agent without them: the agency's phone and booking link.
    const withoutPhone = resolveOutreachSender({
      organization,
      agent: { ...agent, phoneEnabled: false },
      appUrl,
    }).sender;
    expect(withoutPhone).toMatchObject({
      senderName: "Sam Rivera",
      senderPhone: "5125550100",
      bookingUrl: "https://cal.example.com/sam",
    });
    const withoutCalendar = resolveOutreachSender({
      organization,
      agent: { ...agent, calendarEnabled: false },
      appUrl,
    }).sender;
    expect(withoutCalendar).toMatchObject({ senderPhone: "5125559999", bookingUrl: "https://cal.example.com/lee" });
  });

  // The sweep renders a template once per distinct value of the fields it lists (lib/outreach/render-once.ts):
  // a field it reads but does not list would send one contact's words to another.
  it.each(OUTREACH_EMAIL_TYPES)("%s: its words change with the wording fields it lists and no other", async (type) => {
    const others: Record<OutreachWordingField, Partial<OutreachEmailProps>[]> = {
      eventDate: [{ eventDate: "2026-09-15" }, { eventDate: null }],
      carrierName: [{ carrierName: "Other Carrier Co" }, { carrierName: null }],
      planType: [{ planType: "N" }, { planType: null }],
    };
    const base = await renderHtml(outreachElement(type, props())!);
    for (const [field, changes] of Object.entries(others) as [OutreachWordingField, Partial<OutreachEmailProps>[]][])
      for (const change of changes) {
        const changed = await renderHtml(outreachElement(type, props(change))!);
        const listed = (OUTREACH_WORDING_FIELDS[type] as readonly OutreachWordingField[]).includes(field);
        expect({ field, change, changesWords: changed !== base }).toEqual({ field, change, changesWords: listed });
      }
  });

  it("offers the booking link first once the contact looks likely to qualify, keeping the quote link", async () => {
    const html = await renderHtml(outreachElement("followup_3_hq_no_yes", props())!);
    expect(html).toContain('href="https://cal.example.com/sam"');
    expect(html).toContain("Pick a time to talk");
    expect(html).toContain(hrefOf(quoteUrl));
  });
});

describe("agent notifications", () => {
  const base = {
    brandName: "Lee Insurance",
    brandColor: "#0F766E",
    agentFirstName: "Sam",
    contactName: "Ada Lovelace",
    contactUrl: "http://localhost:3000/contact/abc",
  };

  it("tells the agent a quote was viewed, with a link to the contact", async () => {
    const html = await renderHtml(createElement(AGENT_NOTIFICATION_TEMPLATES.agent_quote_viewed, base));
    expect(html).toContain("Ada Lovelace just opened their quote");
    expect(html).toContain('href="http://localhost:3000/contact/abc"');
    expect(subjectFor("agent_quote_viewed", { firstName: "", contactName: "Ada Lovelace" })).toBe(
      "Ada Lovelace viewed their quote",
    );
  });

  it("tells the agent the health questions were completed, with the outcome label only", async () => {
    const html = await renderHtml(
      createElement(AGENT_NOTIFICATION_TEMPLATES.agent_health_completed, {
        ...base,
        outcomeLabel: "Likely to qualify",
      }),
    );
    expect(html).toContain("completed the health questions");
    expect(html).toContain("Likely to qualify");
  });

  it("reuses the callback request email", async () => {
    const html = await renderHtml(
      createElement(AGENT_NOTIFICATION_TEMPLATES.agent_callback_request, {
        ...base,
        requestLabel: "Passed the health questions",
        contactPhone: "5125550000",
        contactsUrl: "http://localhost:3000/contacts",
      }),
    );
    expect(html).toContain("Callback requested");
    expect(html).toContain("(512) 555-0000");
  });
});
