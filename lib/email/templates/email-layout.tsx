import type { ReactNode } from "react";
import { Body, Container, Head, Html, Img, Preview, Section, Text } from "@react-email/components";
import { DEFAULT_BRAND_COLOR } from "@/lib/organizations/brand";

/** The frame every email shares: brand bar (the agency's logo when it uploaded one), white card, readable type. Pure. */
export function EmailLayout({
  preview,
  brandName,
  brandColor = DEFAULT_BRAND_COLOR,
  logoUrl = null,
  children,
}: {
  preview: string;
  brandName: string;
  brandColor?: string;
  /** The agency's uploaded logo (absolute URL): shown instead of its name on the colour bar. */
  logoUrl?: string | null;
  children: ReactNode;
}) {
  return (
    <EmailFrame preview={preview}>
      <BrandHeader brandName={brandName} brandColor={brandColor} logoUrl={logoUrl} />
      <Section style={{ padding: "24px" }}>{children}</Section>
    </EmailFrame>
  );
}

/**
 * The sign-off under every email: the sender's own signature when there is one, else the sender's name
 * with the agency's name under it, once: when the agency itself is the sender, its name is not repeated.
 */
export function SignOff({
  signature,
  senderName,
  brandName,
}: {
  signature?: string | null;
  senderName: string;
  brandName: string;
}) {
  if (signature?.trim()) return <Text style={{ ...emailText, whiteSpace: "pre-line" }}>{signature.trim()}</Text>;
  return (
    <Text style={emailText}>
      {senderName}
      {senderName.trim() !== brandName.trim() ? (
        <>
          <br />
          {brandName}
        </>
      ) : null}
    </Text>
  );
}

/** The top of a branded email: the logo on white under a bar of the brand colour, or the name on the colour. */
export function BrandHeader({
  brandName,
  brandColor,
  logoUrl,
}: {
  brandName: string;
  brandColor: string;
  logoUrl: string | null | undefined;
}) {
  return (
    <Section
      style={{
        backgroundColor: logoUrl ? "#ffffff" : brandColor,
        borderTop: `4px solid ${brandColor}`,
        padding: "16px 24px",
      }}
    >
      {logoUrl ? (
        <Img
          src={logoUrl}
          alt={brandName}
          height="48"
          style={{ maxHeight: "48px", maxWidth: "225px", width: "auto" }}
        />
      ) : (
        <Text style={{ color: "#ffffff", fontSize: "18px", fontWeight: 700, margin: 0 }}>{brandName}</Text>
      )}
    </Section>
  );
}

/** The document, the grey page and the white card; `after` goes below the card (an open pixel). */
export function EmailFrame({ preview, after, children }: { preview: string; after?: ReactNode; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={emailBody}>
        <Container style={emailCard}>{children}</Container>
        {after}
      </Body>
    </Html>
  );
}

const emailBody = {
  backgroundColor: "#f4f4f5",
  fontFamily: "Arial, Helvetica, sans-serif",
  margin: 0,
  padding: "24px 0",
} as const;
const emailCard = {
  maxWidth: "560px",
  margin: "0 auto",
  backgroundColor: "#ffffff",
  borderRadius: "8px",
  overflow: "hidden",
} as const;

export const emailText = { color: "#1f2937", fontSize: "15px", lineHeight: "24px", margin: "0 0 16px" } as const;
export const emailButton = {
  backgroundColor: DEFAULT_BRAND_COLOR,
  borderRadius: "6px",
  color: "#ffffff",
  display: "inline-block",
  fontSize: "15px",
  fontWeight: 700,
  padding: "12px 20px",
  textDecoration: "none",
} as const;
