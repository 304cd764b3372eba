import { createHmac, timingSafeEqual } from "node:crypto";
import { getEnv } from "@/lib/env";
import { isUuid } from "@/lib/validation/uuid";

/**
 * Unsubscribe links (CAN-SPAM / RFC 8058): one signed token per contact, so the link works without a
 * session, for as long as the contact exists, and cannot be forged to unsubscribe somebody else.
 * Token = base64url(organization uuid bytes ‖ contact uuid bytes ‖ HMAC-SHA256(AUTH_SECRET, purpose ‖ both ids)).
 * No email address or other PII is in it; the ids are only read after the MAC checks out.
 */

const PURPOSE = "gapwise:unsubscribe:v1";
const TOKEN = /^[A-Za-z0-9_-]{86}$/;

export type UnsubscribeSubject = { organizationId: string; contactId: string };

const uuidBytes = (uuid: string) => Buffer.from(uuid.replace(/-/g, ""), "hex");
const bytesUuid = (bytes: Buffer) => {
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

function mac(ids: Buffer, secret: string): Buffer {
  return createHmac("sha256", secret).update(PURPOSE).update(ids).digest();
}

export function createUnsubscribeToken(
  { organizationId, contactId }: UnsubscribeSubject,
  secret = getEnv().authSecret,
): string {
  if (!isUuid(organizationId) || !isUuid(contactId)) throw new Error("createUnsubscribeToken needs two uuids");
  const ids = Buffer.concat([uuidBytes(organizationId), uuidBytes(contactId)]);
  return Buffer.concat([ids, mac(ids, secret)]).toString("base64url");
}

/** The organization and contact a token names, or null when it is malformed or its signature is wrong. */
export function verifyUnsubscribeToken(token: unknown, secret = getEnv().authSecret): UnsubscribeSubject | null {
  if (typeof token !== "string" || !TOKEN.test(token)) return null;
  const raw = Buffer.from(token, "base64url");
  // Canonical form only: the last base64 character has two spare bits that would otherwise give one token several spellings.
  if (raw.length !== 64 || raw.toString("base64url") !== token) return null;
  const ids = raw.subarray(0, 32);
  if (!timingSafeEqual(raw.subarray(32), mac(ids, secret))) return null;
  return { organizationId: bytesUuid(ids.subarray(0, 16)), contactId: bytesUuid(ids.subarray(16)) };
}

/** The public page behind the footer's "Unsubscribe" link (asks for confirmation; GET never unsubscribes). */
export function unsubscribeUrl(subject: UnsubscribeSubject): string {
  return `${getEnv().appUrl}/unsubscribe?t=${createUnsubscribeToken(subject)}`;
}

/** The RFC 8058 one-click endpoint for the List-Unsubscribe header: mail clients POST to it. */
export function oneClickUnsubscribeUrl(subject: UnsubscribeSubject): string {
  return `${getEnv().appUrl}/api/unsubscribe?t=${createUnsubscribeToken(subject)}`;
}

/** Both links, shaped to spread into sendEmail's input: `sendEmail({ …, ...unsubscribeLinks(subject) })`. */
export function unsubscribeLinks(subject: UnsubscribeSubject): {
  unsubscribeUrl: string;
  oneClickUnsubscribeUrl: string;
} {
  return { unsubscribeUrl: unsubscribeUrl(subject), oneClickUnsubscribeUrl: oneClickUnsubscribeUrl(subject) };
}
