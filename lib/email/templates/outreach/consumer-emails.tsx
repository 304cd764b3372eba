import {
  formatEventDate,
  Greeting,
  OutreachLayout,
  Paragraph,
  PrimaryButton,
  type HouseholdPartnerLink,
} from "@/lib/email/templates/outreach/outreach-layout";
import { planTypeName } from "@/lib/contacts/import/plan-mapping";
import type { OutreachSender } from "@/lib/email/sender";

/**
 * The scheduled consumer emails (domain-rules.md A.1, A.9). Pure: props in, JSX out. Every one has
 * the same props and one button to `quoteUrl`. The copy is short and makes no promise we cannot
 * keep: prices are "may be lower", qualifying is "may", and nothing claims a right the contact's
 * state may not give.
 */

export type OutreachEmailProps = {
  sender: OutreachSender;
  firstName: string;
  /** The tracked link to the compare page, tid included (lib/tracking clickTrackingUrl around /compare?id=…&tid=…). */
  quoteUrl: string;
  /** lib/tracking openPixelUrl(scheduledEmailId); omit to send without an open pixel. */
  openPixelUrl?: string | null;
  /** The event the email is about, "YYYY-MM-DD": birthday, policy anniversary, rate increase date. */
  eventDate?: string | null;
  /** The contact's current carrier (rate_increase names it when known). */
  carrierName?: string | null;
  /** The contact's plan letter (G, N, F…), when known. */
  planType?: string | null;
  /**
   * A household email (docs/households.md, "Household window"): the partner's first name and their own quote
   * link, shown under the contact's button. Only the quote moments take it (HOUSEHOLD_EMAIL_TYPES).
   */
  household?: HouseholdPartnerLink | null;
};

const planPhrase = (planType?: string | null) => planTypeName(planType) ?? "your plan";

export function BirthdayEmail({ sender, firstName, quoteUrl, openPixelUrl, household, planType }: OutreachEmailProps) {
  return (
    <OutreachLayout
      sender={sender}
      heading="Happy early birthday!"
      preview="A quick look at your Medicare Supplement rate before your birthday"
      openPixelUrl={openPixelUrl}
      household={household}
    >
      <Greeting firstName={firstName} />
      <Paragraph>
        Your birthday is coming up, and it is a good moment for a quick check: could the same coverage as{" "}
        {planPhrase(planType)} cost you less with another carrier? I put together current quotes for you.
      </Paragraph>
      <PrimaryButton href={quoteUrl} color={sender.brandColor}>
        See your quotes
      </PrimaryButton>
    </OutreachLayout>
  );
}

export function EffectiveDateEmail({
  sender,
  firstName,
  quoteUrl,
  openPixelUrl,
  household,
  eventDate,
  planType,
}: OutreachEmailProps) {
  const date = formatEventDate(eventDate);
  return (
    <OutreachLayout
      sender={sender}
      heading="Your policy anniversary is coming up"
      preview="Compare your Medicare Supplement rate before your policy anniversary"
      openPixelUrl={openPixelUrl}
      household={household}
    >
      <Greeting firstName={firstName} />
      <Paragraph>
        Your Medicare Supplement policy renews{date ? ` on ${date}` : " soon"}. Premiums often change at renewal, so it
        is worth comparing what {planPhrase(planType)} costs with other carriers today.
      </Paragraph>
      <PrimaryButton href={quoteUrl} color={sender.brandColor}>
        Compare your rate
      </PrimaryButton>
    </OutreachLayout>
  );
}

export function AepEmail({ sender, firstName, quoteUrl, openPixelUrl, household }: OutreachEmailProps) {
  return (
    <OutreachLayout
      sender={sender}
      heading="A quick check during Annual Enrollment"
      preview="Annual Enrollment runs October 15 to December 7"
      openPixelUrl={openPixelUrl}
      household={household}
    >
      <Greeting firstName={firstName} />
      <Paragraph>
        Medicare&apos;s Annual Enrollment Period runs October 15 to December 7. Your Medicare Supplement is not tied to
        it, but it is a good time to review your coverage, so I checked current rates for you.
      </Paragraph>
      <PrimaryButton href={quoteUrl} color={sender.brandColor}>
        See your quotes
      </PrimaryButton>
    </OutreachLayout>
  );
}

export function RateIncreaseEmail({
  sender,
  firstName,
  quoteUrl,
  openPixelUrl,
  household,
  eventDate,
  carrierName,
}: OutreachEmailProps) {
  const date = formatEventDate(eventDate);
  const who = carrierName?.trim() || "Your carrier";
  return (
    <OutreachLayout
      sender={sender}
      heading="A rate increase is on the way"
      preview="Compare your options before the new rate starts"
      openPixelUrl={openPixelUrl}
      household={household}
    >
      <Greeting firstName={firstName} />
      <Paragraph>
        {who} has a rate increase scheduled{date ? ` for ${date}` : ""} in your state. Before it takes effect, see
        whether the same coverage costs less elsewhere.
      </Paragraph>
      <PrimaryButton href={quoteUrl} color={sender.brandColor}>
        Compare before it starts
      </PrimaryButton>
    </OutreachLayout>
  );
}

export function PostWindowEmail({ sender, firstName, quoteUrl, openPixelUrl, household }: OutreachEmailProps) {
  return (
    <OutreachLayout
      sender={sender}
      heading="Your updated quotes"
      preview="Current Medicare Supplement rates, checked for you"
      openPixelUrl={openPixelUrl}
      household={household}
    >
      <Greeting firstName={firstName} />
      <Paragraph>
        It has been a while since we last checked your Medicare Supplement rate. Here are current quotes, in case the
        same coverage now costs less.
      </Paragraph>
      <PrimaryButton href={quoteUrl} color={sender.brandColor}>
        See your quotes
      </PrimaryButton>
    </OutreachLayout>
  );
}

export function GoLiveWelcomeEmail({ sender, firstName, quoteUrl, openPixelUrl }: OutreachEmailProps) {
  return (
    <OutreachLayout
      sender={sender}
      heading="Your personalized quotes"
      preview={`Medicare Supplement quotes from ${sender.brandName}`}
      openPixelUrl={openPixelUrl}
    >
      <Greeting firstName={firstName} />
      <Paragraph>
        {sender.brandName} now checks Medicare Supplement rates for our clients. From time to time I will send you a
        short note when it may be worth comparing. Here is your first set of quotes.
      </Paragraph>
      <PrimaryButton href={quoteUrl} color={sender.brandColor}>
        See your quotes
      </PrimaryButton>
    </OutreachLayout>
  );
}

export function InitialBlastEmail({ sender, firstName, quoteUrl, openPixelUrl, planType }: OutreachEmailProps) {
  return (
    <OutreachLayout
      sender={sender}
      heading="See what your coverage could cost"
      preview="Personalized Medicare Supplement quotes, ready to view"
      openPixelUrl={openPixelUrl}
    >
      <Greeting firstName={firstName} />
      <Paragraph>
        I put together Medicare Supplement quotes for you. Many people keep the same coverage as {planPhrase(planType)}{" "}
        and pay less by switching carriers. It takes a minute to see your options.
      </Paragraph>
      <PrimaryButton href={quoteUrl} color={sender.brandColor}>
        See your quotes
      </PrimaryButton>
    </OutreachLayout>
  );
}

export function FollowUpColdEmail({ sender, firstName, quoteUrl, openPixelUrl }: OutreachEmailProps) {
  return (
    <OutreachLayout
      sender={sender}
      heading="Did you get a chance to look?"
      preview="Your quotes are still waiting"
      openPixelUrl={openPixelUrl}
    >
      <Greeting firstName={firstName} />
      <Paragraph>
        I sent you some Medicare Supplement quotes a couple of days ago. They only take a minute to review, and there is
        no obligation.
      </Paragraph>
      <PrimaryButton href={quoteUrl} color={sender.brandColor}>
        See your quotes
      </PrimaryButton>
    </OutreachLayout>
  );
}

export function FollowUpClickedEmail({ sender, firstName, quoteUrl, openPixelUrl }: OutreachEmailProps) {
  return (
    <OutreachLayout
      sender={sender}
      heading="See if you qualify"
      preview="A few health questions, about two minutes"
      openPixelUrl={openPixelUrl}
    >
      <Greeting firstName={firstName} />
      <Paragraph>
        Thanks for looking at your quotes. The next step is a few yes-or-no health questions, about two minutes, to see
        whether you are likely to qualify for a lower rate.
      </Paragraph>
      <PrimaryButton href={quoteUrl} color={sender.brandColor}>
        Continue to your quotes
      </PrimaryButton>
    </OutreachLayout>
  );
}

export function FollowUpHealthyEmail({ sender, firstName, quoteUrl, openPixelUrl }: OutreachEmailProps) {
  return (
    <OutreachLayout
      sender={sender}
      heading="Your next step"
      preview="Based on your answers, you look likely to qualify"
      openPixelUrl={openPixelUrl}
    >
      <Greeting firstName={firstName} />
      <Paragraph>
        Thanks for answering the health questions. Based on your answers, you look likely to qualify; the carrier makes
        the final decision. I can walk you through switching whenever you are ready.
      </Paragraph>
      <PrimaryButton href={sender.bookingUrl || quoteUrl} color={sender.brandColor}>
        {sender.bookingUrl ? "Pick a time to talk" : "Review your quotes"}
      </PrimaryButton>
      {sender.bookingUrl ? (
        <Paragraph>
          Want another look first?{" "}
          <a href={quoteUrl} style={{ color: sender.brandColor }}>
            Review your quotes
          </a>
          .
        </Paragraph>
      ) : null}
    </OutreachLayout>
  );
}

export function FollowUpConditionsEmail({ sender, firstName, quoteUrl, openPixelUrl }: OutreachEmailProps) {
  return (
    <OutreachLayout
      sender={sender}
      heading="Let's look at your options together"
      preview="Thanks for answering the health questions"
      openPixelUrl={openPixelUrl}
    >
      <Greeting firstName={firstName} />
      <Paragraph>
        Thanks for answering the health questions. Some answers mean switching needs a closer look, but options can
        still exist: carriers differ, and some situations allow a switch without health questions. I am happy to check
        for you.
      </Paragraph>
      <PrimaryButton href={sender.bookingUrl || quoteUrl} color={sender.brandColor}>
        {sender.bookingUrl ? "Pick a time to talk" : "Review your quotes"}
      </PrimaryButton>
      {sender.bookingUrl ? (
        <Paragraph>
          Or{" "}
          <a href={quoteUrl} style={{ color: sender.brandColor }}>
            review your quotes
          </a>{" "}
          again.
        </Paragraph>
      ) : null}
    </OutreachLayout>
  );
}

export function FailedUnderwritingEmail({ sender, firstName, quoteUrl, openPixelUrl }: OutreachEmailProps) {
  return (
    <OutreachLayout
      sender={sender}
      heading="Your yearly check-in"
      preview="Rates and rules change; a quick yearly look"
      openPixelUrl={openPixelUrl}
    >
      <Greeting firstName={firstName} />
      <Paragraph>
        Once a year I check in with clients who could not switch before. Rates change, and some situations let you
        switch without health questions, so it is worth a quick look.
      </Paragraph>
      <PrimaryButton href={quoteUrl} color={sender.brandColor}>
        See your quotes
      </PrimaryButton>
    </OutreachLayout>
  );
}
