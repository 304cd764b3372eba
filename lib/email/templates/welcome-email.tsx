import { Button, Heading, Text } from "@react-email/components";
import { EmailLayout, emailButton, emailText } from "@/lib/email/templates/email-layout";

export type WelcomeEmailProps = {
  productName: string;
  firstName: string;
  organizationName: string;
  dashboardUrl: string;
};

/** Sent to a new agency's admin once their account is set up (POST /api/auth/send-welcome-email). */
export function WelcomeEmail({ productName, firstName, organizationName, dashboardUrl }: WelcomeEmailProps) {
  return (
    <EmailLayout preview={`Welcome to ${productName}, ${firstName}`} brandName={productName}>
      <Heading as="h1" style={{ fontSize: "22px", color: "#111827", margin: "0 0 16px" }}>
        Welcome to {productName}
      </Heading>
      <Text style={emailText}>Hi {firstName},</Text>
      <Text style={emailText}>
        {organizationName} is set up. Add your contacts, one at a time or by CSV, and {productName} will send each of
        them personalized quotes at the right moments. Your dashboard shows what is scheduled and who responded.
      </Text>
      <Button href={dashboardUrl} style={emailButton}>
        Open your dashboard
      </Button>
    </EmailLayout>
  );
}

export default WelcomeEmail;
