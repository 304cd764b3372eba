import { Heading, Text } from "@react-email/components";
import { EmailLayout, emailText } from "@/lib/email/templates/email-layout";

export type ContactMessageEmailProps = {
  productName: string;
  name: string;
  email: string;
  phone?: string;
  message: string;
};

/** To support: someone sent the marketing site's Contact Us form. */
export function ContactMessageEmail({ productName, name, email, phone, message }: ContactMessageEmailProps) {
  return (
    <EmailLayout preview={`Contact Us: message from ${name}`} brandName={productName}>
      <Heading as="h1" style={{ fontSize: "20px", color: "#111827", margin: "0 0 16px" }}>
        New Contact Us message
      </Heading>
      <Text style={emailText}>
        From {name} ({email}
        {phone ? `, ${phone}` : ""}):
      </Text>
      <Text style={{ ...emailText, whiteSpace: "pre-wrap" }}>{message}</Text>
    </EmailLayout>
  );
}

export default ContactMessageEmail;
