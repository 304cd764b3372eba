import { Button, Heading, Text } from "@react-email/components";
import { EmailLayout, emailButton, emailText } from "@/lib/email/templates/email-layout";

export type SampleAgencyReadyEmailProps = {
  productName: string;
  firstName: string;
  agencyName: string;
  contactCount: number;
  appUrl: string;
};

/** Sent once when the demo agency is seeded: tells the person running the app what is there. */
export function SampleAgencyReadyEmail({
  productName,
  firstName,
  agencyName,
  contactCount,
  appUrl,
}: SampleAgencyReadyEmailProps) {
  return (
    <EmailLayout preview={`${agencyName} is ready with ${contactCount} sample contacts`} brandName={productName}>
      <Heading as="h1" style={{ fontSize: "22px", color: "#111827", margin: "0 0 16px" }}>
        Your sample agency is ready
      </Heading>
      <Text style={emailText}>Hi {firstName},</Text>
      <Text style={emailText}>
        {agencyName} has been created with {contactCount} sample contacts, two agents and an admin. All of it is sample
        data, made up for trying {productName} out: no real people are in it and no email to its contacts reaches a real
        person.
      </Text>
      <Button href={appUrl} style={emailButton}>
        Open {productName}
      </Button>
    </EmailLayout>
  );
}

export default SampleAgencyReadyEmail;
