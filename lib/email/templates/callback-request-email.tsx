import { Button, Heading, Text } from "@react-email/components";
import { EmailLayout, emailButton, emailText } from "@/lib/email/templates/email-layout";
import { formatStoredPhone } from "@/lib/phone/phone";

export type CallbackRequestEmailProps = {
  brandName: string;
  brandColor: string;
  agentFirstName: string;
  /** What the visitor saw on the schedule page ("Passed the health questions", …). */
  requestLabel: string;
  /** As the visitor typed them on the schedule page. */
  contactName: string;
  contactPhone: string;
  contactEmail?: string | null;
  planType?: string | null;
  message?: string | null;
  /** The contact's page in the app; null for a request from a generic link (no contact record). */
  contactUrl?: string | null;
  /** The app's contact list, for a request without a contact record. */
  contactsUrl: string;
};

const label = { ...emailText, margin: "0", color: "#6b7280", fontSize: "13px" } as const;
const value = { ...emailText, margin: "0 0 12px" } as const;

/** To the agent: a visitor asked for a callback on the schedule page. Pure: props in, JSX out. */
export function CallbackRequestEmail({
  brandName,
  brandColor,
  agentFirstName,
  requestLabel,
  contactName,
  contactPhone,
  contactEmail,
  planType,
  message,
  contactUrl,
  contactsUrl,
}: CallbackRequestEmailProps) {
  return (
    <EmailLayout preview={`${contactName} asked for a callback`} brandName={brandName} brandColor={brandColor}>
      <Heading as="h1" style={{ fontSize: "20px", color: "#111827", margin: "0 0 16px" }}>
        Callback requested
      </Heading>
      <Text style={emailText}>Hi {agentFirstName || "there"},</Text>
      <Text style={emailText}>{contactName} asked for a call back from the schedule page. Please reach out soon.</Text>
      <Text style={label}>Name</Text>
      <Text style={value}>{contactName}</Text>
      <Text style={label}>Phone</Text>
      <Text style={value}>{formatStoredPhone(contactPhone)}</Text>
      {contactEmail ? (
        <>
          <Text style={label}>Email</Text>
          <Text style={value}>{contactEmail}</Text>
        </>
      ) : null}
      <Text style={label}>Outcome</Text>
      <Text style={value}>{requestLabel}</Text>
      {planType ? (
        <>
          <Text style={label}>Plan</Text>
          <Text style={value}>{planType}</Text>
        </>
      ) : null}
      {message ? (
        <>
          <Text style={label}>Message</Text>
          <Text style={{ ...value, whiteSpace: "pre-line" }}>{message}</Text>
        </>
      ) : null}
      <Button
        href={contactUrl ?? contactsUrl}
        style={{ ...emailButton, backgroundColor: brandColor, marginTop: "8px" }}
      >
        {contactUrl ? "View contact" : "Open your contacts"}
      </Button>
    </EmailLayout>
  );
}

export default CallbackRequestEmail;
