import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The spec keeps two calls, signup then generate-quote { orgId, contactEmail }. By email alone,
 * generate-quote would let anyone mint a quote link (name, age, ZIP) for any address an agency
 * holds. So signup hands back a short-lived proof, an HMAC over organization, contact and expiry,
 * and generate-quote requires it: only whoever just submitted the form can get its quote.
 */

export const QUOTE_PROOF_MINUTES = 30;

const b64 = (buffer: Buffer) => buffer.toString("base64url");

function signature(secret: string, organizationId: string, contactId: string, expiresAtSeconds: number): string {
  return b64(
    createHmac("sha256", secret)
      .update(`self-service-quote\n${organizationId}\n${contactId}\n${expiresAtSeconds}`)
      .digest(),
  );
}

/** "<contactId>.<expiry epoch seconds>.<hmac>" */
export function signQuoteProof({
  secret,
  organizationId,
  contactId,
  now,
}: {
  secret: string;
  organizationId: string;
  contactId: string;
  now: Date;
}): string {
  const expiresAtSeconds = Math.floor(now.getTime() / 1000) + QUOTE_PROOF_MINUTES * 60;
  return `${contactId}.${expiresAtSeconds}.${signature(secret, organizationId, contactId, expiresAtSeconds)}`;
}

/** The contact id the proof vouches for in this organization, or null (malformed, forged, other organization, expired). */
export function verifyQuoteProof({
  secret,
  organizationId,
  proof,
  now,
}: {
  secret: string;
  organizationId: string;
  proof: string | null | undefined;
  now: Date;
}): string | null {
  if (!proof) return null;
  const parts = proof.split(".");
  if (parts.length !== 3) return null;
  const [contactId, expiry, given] = parts as [string, string, string];
  if (!/^\d{1,12}$/.test(expiry) || !contactId) return null;
  const expiresAtSeconds = Number(expiry);
  if (expiresAtSeconds * 1000 <= now.getTime()) return null;
  const expected = Buffer.from(signature(secret, organizationId, contactId, expiresAtSeconds));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  return contactId;
}
