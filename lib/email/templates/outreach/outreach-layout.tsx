import type { ReactNode } from "react";
import { Button, Heading, Img, Link, Section, Text } from "@react-email/components";
import { BrandHeader, EmailFrame, SignOff, emailButton, emailText } from "@/lib/email/templates/email-layout";
import type { OutreachSender } from "@/lib/email/sender";
import { formatStoredPhone } from "@/lib/phone/phone";

/**
 * The frame of every consumer outreach email: the agency's logo (or name) on its colour, one short
 * message, one button to the tracked quote link, the sender's signature and ways to reach them.
 * The postal address and the unsubscribe link are added by the send path (lib/email/send.ts), not here.
 * Single column, 560px max, 15px text and a full-width-friendly button: readable on a phone.
 */

/** "March 4" from "2026-03-04" (a calendar date: no time zone shift). */
export function formatEventDate(isoDate: string | null | undefined): string | null {
  if (!isoDate || !/^\d{4}-\d{2}-\d{2}/.test(isoDate)) return null;
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime())
    ? null
    : new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", timeZone: "UTC" }).format(date);
}

/** The partner of a household email: their first name and their own quote link (docs/households.md). */
export type HouseholdPartnerLink = { firstName: string; quoteUrl: string };

export function OutreachLayout({
  sender,
  preview,
  heading,
  openPixelUrl,
  household,
  children,
}: {
  sender: OutreachSender;
  preview: string;
  heading: string;
  openPixelUrl?: string | null;
  household?: HouseholdPartnerLink | null;
  children: ReactNode;
}) {
  return (
    <EmailFrame
      preview={preview}
      after={
        openPixelUrl ? (
          <Img
            src={openPixelUrl}
            alt=""
            width="1"
            height="1"
            style={{ display: "block", width: "1px", height: "1px", border: 0 }}
          />
        ) : null
      }
    >
      <BrandHeader brandName={sender.brandName} brandColor={sender.brandColor} logoUrl={sender.logoUrl} />
      <Section style={{ padding: "24px" }}>
        <Heading as="h1" style={{ fontSize: "22px", lineHeight: "28px", color: "#111827", margin: "0 0 16px" }}>
          {heading}
        </Heading>
        {children}
        {household ? <HouseholdBlock household={household} color={sender.brandColor} /> : null}
        <SenderSignOff sender={sender} />
      </Section>
    </EmailFrame>
  );
}

/**
 * One email for two people who live together: the partner's own quotes (their age, their answers) are one
 * button away, so the email that covered theirs still gives them their own prices.
 */
function HouseholdBlock({ household, color }: { household: HouseholdPartnerLink; color: string }) {
  const name = household.firstName.trim() || "your partner";
  return (
    <Section style={{ borderTop: "1px solid #e5e7eb", paddingTop: "16px" }}>
      <Text style={emailText}>
        This email is for your household. {name} has quotes of their own, for their age and health:
      </Text>
      <PrimaryButton href={household.quoteUrl} color={color}>
        {`See ${name}'s quotes`}
      </PrimaryButton>
    </Section>
  );
}

export function Greeting({ firstName }: { firstName: string }) {
  return <Text style={emailText}>Hi {firstName.trim() || "there"},</Text>;
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={emailText}>{children}</Text>;
}

/** The one primary action: the tracked link to the compare page (or another tracked page). */
export function PrimaryButton({ href, color, children }: { href: string; color: string; children: ReactNode }) {
  return (
    <Section style={{ margin: "8px 0 24px" }}>
      <Button href={href} style={{ ...emailButton, backgroundColor: color }}>
        {children}
      </Button>
    </Section>
  );
}

function SenderSignOff({ sender }: { sender: OutreachSender }) {
  const ways = [
    sender.canReply ? "reply to this email" : null,
    sender.senderPhone ? `call ${formatStoredPhone(sender.senderPhone)}` : null,
  ].filter(Boolean);
  return (
    <>
      {ways.length > 0 || sender.bookingUrl ? (
        <Text style={emailText}>
          {ways.length > 0 ? `Questions? Just ${ways.join(" or ")}.` : "Questions?"}
          {sender.bookingUrl ? (
            <>
              {" "}
              Or{" "}
              <Link href={sender.bookingUrl} style={{ color: sender.brandColor, textDecoration: "underline" }}>
                pick a time to talk
              </Link>
              .
            </>
          ) : null}
        </Text>
      ) : null}
      <SignOff signature={sender.signature} senderName={sender.senderName} brandName={sender.brandName} />
    </>
  );
}
