import type { ReactNode } from "react";
import { Button, Heading, Text } from "@react-email/components";
import { CallbackRequestEmail, type CallbackRequestEmailProps } from "@/lib/email/templates/callback-request-email";
import { EmailLayout, emailButton, emailText } from "@/lib/email/templates/email-layout";

/**
 * To the agent (not consumer marketing: no unsubscribe footer needed): a contact engaged. Same look as
 * CallbackRequestEmail, which is reused as is for callback requests. Pure: props in, JSX out.
 * Never carries health answers: only that the questions were completed and the outcome label.
 */

export type AgentNotificationProps = {
  brandName: string;
  brandColor: string;
  agentFirstName: string;
  /** The contact's name as stored. */
  contactName: string;
  /** The contact's page in the app (absolute URL). */
  contactUrl: string;
  /** When it happened, already formatted in the organization's time zone ("Mar 4, 9:12 AM"). */
  occurredAtLabel?: string | null;
};

export type HealthCompletedNotificationProps = AgentNotificationProps & {
  /** What the contact saw, e.g. "Likely to qualify" or "Needs a closer look" (never the answers). */
  outcomeLabel: string;
};

const label = { ...emailText, margin: "0", color: "#6b7280", fontSize: "13px" } as const;
const value = { ...emailText, margin: "0 0 12px" } as const;

function Notification({
  brandName,
  brandColor,
  agentFirstName,
  contactName,
  contactUrl,
  occurredAtLabel,
  heading,
  message,
  children,
}: AgentNotificationProps & { heading: string; message: string; children?: ReactNode }) {
  return (
    <EmailLayout preview={message} brandName={brandName} brandColor={brandColor}>
      <Heading as="h1" style={{ fontSize: "20px", color: "#111827", margin: "0 0 16px" }}>
        {heading}
      </Heading>
      <Text style={emailText}>Hi {agentFirstName || "there"},</Text>
      <Text style={emailText}>{message}</Text>
      <Text style={label}>Contact</Text>
      <Text style={value}>{contactName}</Text>
      {occurredAtLabel ? (
        <>
          <Text style={label}>When</Text>
          <Text style={value}>{occurredAtLabel}</Text>
        </>
      ) : null}
      {children}
      <Button href={contactUrl} style={{ ...emailButton, backgroundColor: brandColor, marginTop: "8px" }}>
        View contact
      </Button>
    </EmailLayout>
  );
}

export function QuoteViewedNotificationEmail(props: AgentNotificationProps) {
  return (
    <Notification
      {...props}
      heading="Quote viewed"
      message={`${props.contactName} just opened their quote. A timely call often helps.`}
    />
  );
}

export function HealthCompletedNotificationEmail({ outcomeLabel, ...props }: HealthCompletedNotificationProps) {
  return (
    <Notification
      {...props}
      heading="Health questions completed"
      message={`${props.contactName} completed the health questions.`}
    >
      <Text style={label}>Outcome</Text>
      <Text style={value}>{outcomeLabel}</Text>
    </Notification>
  );
}

/** The callback request notification is the existing email, re-exported so that all agent notifications are found here. */
export function CallbackRequestNotificationEmail(props: CallbackRequestEmailProps) {
  return <CallbackRequestEmail {...props} />;
}
export type { CallbackRequestEmailProps };
