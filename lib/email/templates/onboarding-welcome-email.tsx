import { Button, Heading, Text } from "@react-email/components";
import { EmailLayout, emailButton, emailText } from "@/lib/email/templates/email-layout";
import { formatStoredPhone } from "@/lib/phone/phone";

export type OnboardingWelcomeEmailProps = {
  /** The agency's display name (brand name, else name). */
  brandName: string;
  brandColor: string;
  firstName: string;
  quoteUrl: string;
  phone?: string | null;
  signature?: string | null;
};

const large = { ...emailText, fontSize: "18px", lineHeight: "28px" };

/**
 * The welcome a person gets once they have confirmed the address they signed up with on the agency's
 * self-onboarding page (lib/self-onboarding/onboarding-welcome.ts): their quote link, in the agency's
 * name. Pure: props in, JSX out.
 */
export function OnboardingWelcomeEmail({
  brandName,
  brandColor,
  firstName,
  quoteUrl,
  phone,
  signature,
}: OnboardingWelcomeEmailProps) {
  return (
    <EmailLayout
      preview={`Welcome to ${brandName}: your Medicare Supplement quotes`}
      brandName={brandName}
      brandColor={brandColor}
    >
      <Heading as="h1" style={{ fontSize: "24px", color: "#111827", margin: "0 0 16px" }}>
        Welcome to {brandName}
      </Heading>
      <Text style={large}>Hi {firstName},</Text>
      <Text style={large}>
        Thank you for confirming your email. Your personalized Medicare Supplement quotes are ready, and this link keeps
        them for you, so you can come back to them any time.
      </Text>
      <Button
        href={quoteUrl}
        style={{ ...emailButton, backgroundColor: brandColor, fontSize: "18px", padding: "14px 24px" }}
      >
        See your quotes
      </Button>
      {phone ? (
        <Text style={{ ...large, marginTop: "24px" }}>Questions? Call us at {formatStoredPhone(phone)}.</Text>
      ) : null}
      {signature?.trim() ? (
        <Text style={{ ...emailText, whiteSpace: "pre-line" }}>{signature.trim()}</Text>
      ) : (
        <Text style={emailText}>{brandName}</Text>
      )}
    </EmailLayout>
  );
}

export default OnboardingWelcomeEmail;
