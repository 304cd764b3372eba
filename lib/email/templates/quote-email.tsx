import { Button, Heading, Text } from "@react-email/components";
import { EmailLayout, SignOff, emailButton, emailText } from "@/lib/email/templates/email-layout";
import { formatStoredPhone } from "@/lib/phone/phone";

export type QuoteEmailProps = {
  /** The agency's display name (brand name, else name). */
  brandName: string;
  brandColor: string;
  /** The agency's uploaded logo (absolute URL), else its name on the colour bar. */
  logoUrl?: string | null;
  firstName: string;
  quoteUrl: string;
  /** Who signs: the agent, or the organization when it forces its sender details. */
  senderName: string;
  senderPhone?: string | null;
  signature?: string | null;
  /** Replies reach the agent (a reply-to is set). */
  canReply?: boolean;
};

/** The agent's one-off "Send Quote" email (POST /api/contacts/{id}/send-quote-email). Pure: props in, JSX out. */
export function QuoteEmail({
  brandName,
  brandColor,
  logoUrl = null,
  firstName,
  quoteUrl,
  senderName,
  senderPhone,
  signature,
  canReply = false,
}: QuoteEmailProps) {
  return (
    <EmailLayout
      preview={`${firstName}, your personalized Medicare Supplement quotes are ready`}
      brandName={brandName}
      brandColor={brandColor}
      logoUrl={logoUrl}
    >
      <Heading as="h1" style={{ fontSize: "22px", color: "#111827", margin: "0 0 16px" }}>
        Your personalized quotes are ready
      </Heading>
      <Text style={emailText}>Hi {firstName},</Text>
      <Text style={emailText}>
        I put together Medicare Supplement quotes for you from the carriers we work with. Rates change over time, so it
        is worth a look: you may be able to keep the same coverage for less.
      </Text>
      <Button href={quoteUrl} style={{ ...emailButton, backgroundColor: brandColor }}>
        See your personalized quotes
      </Button>
      {canReply || senderPhone ? (
        <Text style={{ ...emailText, marginTop: "24px" }}>
          If you have any questions,{" "}
          {[canReply ? "just reply to this email" : null, senderPhone ? `call ${formatStoredPhone(senderPhone)}` : null]
            .filter(Boolean)
            .join(" or ")}
          .
        </Text>
      ) : null}
      <SignOff signature={signature} senderName={senderName} brandName={brandName} />
    </EmailLayout>
  );
}

export default QuoteEmail;
