import { Button, Heading, Text } from "@react-email/components";
import { EmailLayout, emailButton, emailText } from "@/lib/email/templates/email-layout";

export type MagicLinkEmailProps = {
  productName: string;
  firstName: string;
  url: string;
  minutesValid: number;
  activate: boolean;
};

/** The sign-in link. After signup it reads as an activation ("Activate Your Account"). */
export function MagicLinkEmail({ productName, firstName, url, minutesValid, activate }: MagicLinkEmailProps) {
  const action = activate ? "Activate your account" : `Log in to ${productName}`;
  return (
    <EmailLayout preview={`${action}: your link is valid for ${minutesValid} minutes`} brandName={productName}>
      <Heading as="h1" style={{ fontSize: "22px", color: "#111827", margin: "0 0 16px" }}>
        {action}
      </Heading>
      <Text style={emailText}>Hi {firstName || "there"},</Text>
      <Text style={emailText}>
        {activate ? `Welcome to ${productName}! ` : ""}Click the button below to{" "}
        {activate ? "activate your account and log in" : "log in"}. The link works once and expires in {minutesValid}{" "}
        minutes.
      </Text>
      <Button href={url} style={emailButton}>
        {activate ? "Activate and log in" : "Log in"}
      </Button>
      <Text style={{ ...emailText, fontSize: "13px", color: "#6b7280", marginTop: "24px" }}>
        If you didn&apos;t ask for this email, you can ignore it: nobody can log in without the link.
      </Text>
    </EmailLayout>
  );
}

export default MagicLinkEmail;
