import { Button, Heading, Text } from "@react-email/components";
import { EmailLayout, emailButton, emailText } from "@/lib/email/templates/email-layout";

export type SignupConfirmationEmailProps = {
  /** The agency's display name (brand name, else name). */
  brandName: string;
  brandColor: string;
  firstName: string;
  confirmUrl: string;
  daysValid: number;
};

/**
 * The one email a self-signup gets before its address is confirmed (lib/self-onboarding/email-confirmation.ts):
 * the link that confirms it. Written for someone who may not have filled in the form: whoever typed this
 * address, nothing more is sent unless the button is pressed. Pure: props in, JSX out.
 */
export function SignupConfirmationEmail({
  brandName,
  brandColor,
  firstName,
  confirmUrl,
  daysValid,
}: SignupConfirmationEmailProps) {
  return (
    <EmailLayout
      preview={`Please confirm your email to get your quotes from ${brandName}`}
      brandName={brandName}
      brandColor={brandColor}
    >
      <Heading as="h1" style={{ fontSize: "24px", color: "#111827", margin: "0 0 16px" }}>
        Please confirm your email
      </Heading>
      <Text style={{ ...emailText, fontSize: "18px", lineHeight: "28px" }}>Hi {firstName},</Text>
      <Text style={{ ...emailText, fontSize: "18px", lineHeight: "28px" }}>
        Thank you for asking {brandName} for Medicare Supplement quotes. Please press the button below to confirm that
        this is your email address. Then you will see your quotes again, and {brandName} can send you updates.
      </Text>
      <Button
        href={confirmUrl}
        style={{ ...emailButton, backgroundColor: brandColor, fontSize: "18px", padding: "14px 24px" }}
      >
        Confirm my email
      </Button>
      <Text style={{ ...emailText, fontSize: "16px", marginTop: "24px" }}>
        The button works once, for {daysValid} days.
      </Text>
      <Text style={{ ...emailText, fontSize: "16px", color: "#4b5563" }}>
        Did not ask for quotes? Then someone typed your address by mistake. You can ignore this email: nothing more will
        be sent to you, and your details will be deleted.
      </Text>
    </EmailLayout>
  );
}

export default SignupConfirmationEmail;
