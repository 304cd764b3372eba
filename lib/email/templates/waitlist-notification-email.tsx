import { Heading, Text } from "@react-email/components";
import { EmailLayout, emailText } from "@/lib/email/templates/email-layout";

export type WaitlistNotificationEmailProps = {
  productName: string;
  name: string;
  email: string;
  phone: string;
  numAgents: number;
  bookSize: number;
  isUpdate: boolean;
};

/** To the operator: an agency joined (or updated its place on) the waitlist. */
export function WaitlistNotificationEmail({
  productName,
  name,
  email,
  phone,
  numAgents,
  bookSize,
  isUpdate,
}: WaitlistNotificationEmailProps) {
  return (
    <EmailLayout preview={`${name} ${isUpdate ? "updated their" : "joined the"} waitlist`} brandName={productName}>
      <Heading as="h1" style={{ fontSize: "20px", color: "#111827", margin: "0 0 16px" }}>
        {isUpdate ? "Waitlist entry updated" : "New waitlist entry"}
      </Heading>
      <Text style={emailText}>
        {name} ({email}, {phone}): {numAgents} {numAgents === 1 ? "agent" : "agents"}, a book of{" "}
        {bookSize.toLocaleString("en-US")} clients.
      </Text>
    </EmailLayout>
  );
}

export default WaitlistNotificationEmail;
