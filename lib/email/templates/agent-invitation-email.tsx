import { Button, Heading, Text } from "@react-email/components";
import { EmailLayout, emailButton, emailText } from "@/lib/email/templates/email-layout";

export type AgentInvitationEmailProps = {
  productName: string;
  agencyName: string;
  invitedBy: string;
  firstName: string;
  url: string;
  daysValid: number;
  /** Where to ask for a new link once this one is used or expired. */
  loginUrl: string;
};

/** The invitation an added agent gets: who added them, to which agency, and a sign-in link. Pure. */
export function AgentInvitationEmail({
  productName,
  agencyName,
  invitedBy,
  firstName,
  url,
  daysValid,
  loginUrl,
}: AgentInvitationEmailProps) {
  return (
    <EmailLayout preview={`${invitedBy} added you to ${agencyName} on ${productName}`} brandName={productName}>
      <Heading as="h1" style={{ fontSize: "22px", color: "#111827", margin: "0 0 16px" }}>
        You&apos;re invited to {agencyName}
      </Heading>
      <Text style={emailText}>Hi {firstName || "there"},</Text>
      <Text style={emailText}>
        {invitedBy} added you to {agencyName} on {productName}. Click the button below to sign in. The link works once
        and expires in {daysValid} days; after that, sign in with your email address at {loginUrl}.
      </Text>
      <Button href={url} style={emailButton}>
        Sign in to {agencyName}
      </Button>
      <Text style={{ ...emailText, fontSize: "14px", color: "#4b5563", marginTop: "24px" }}>
        Not expecting this? You can ignore this email: nobody can sign in without the link.
      </Text>
    </EmailLayout>
  );
}

export default AgentInvitationEmail;
