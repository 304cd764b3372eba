import "server-only";
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { getEnv } from "@/lib/env";

/**
 * Health answers at rest (EligibilityAnswer.answers): AES-256-GCM with a fresh 12-byte IV per row, the
 * key from ELIGIBILITY_ENCRYPTION_KEY. Stored as a versioned envelope
 * { v: 1, alg: "A256GCM", iv, tag, ct } (base64) in the Json column.
 *
 * The associated data binds a row to its organization and contact: a ciphertext copied onto another
 * contact's or organization's row does not decrypt, so a database-level copy cannot move someone's
 * answers to another record.
 */

export type EncryptedAnswers = { v: 1; alg: "A256GCM"; iv: string; tag: string; ct: string };

type Binding = { organizationId: string; contactId: string };

const IV_BYTES = 12;
const TAG_BYTES = 16;

export class AnswersDecryptionError extends Error {
  constructor() {
    super("Eligibility answers could not be decrypted (wrong key, tampered or moved row).");
    this.name = "AnswersDecryptionError";
  }
}

function keyFrom(base64: string | undefined): Buffer {
  const key = Buffer.from(base64 ?? getEnv().eligibilityKey, "base64");
  if (key.length !== 32) throw new Error("The eligibility encryption key must be 32 bytes.");
  return key;
}

function associatedData({ organizationId, contactId }: Binding): Buffer {
  // Lower-case: Postgres matches uuids in any case, so the same row may be reached through either spelling.
  return Buffer.from(
    `gapwise:eligibility-answers:v1:${organizationId.toLowerCase()}:${contactId.toLowerCase()}`,
    "utf8",
  );
}

export function isEncryptedAnswers(value: unknown): value is EncryptedAnswers {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    v.v === 1 &&
    v.alg === "A256GCM" &&
    typeof v.iv === "string" &&
    typeof v.tag === "string" &&
    typeof v.ct === "string"
  );
}

/** `key` (base64 of 32 bytes) defaults to the configured one; tests pass their own. */
export function encryptAnswers({
  answers,
  key,
  ...binding
}: Binding & { answers: unknown; key?: string }): EncryptedAnswers {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyFrom(key), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(associatedData(binding));
  const ct = Buffer.concat([cipher.update(JSON.stringify(answers), "utf8"), cipher.final()]);
  return {
    v: 1,
    alg: "A256GCM",
    iv: iv.toString("base64"),
    tag: cipher.getAuthTag().toString("base64"),
    ct: ct.toString("base64"),
  };
}

/** The answers, or AnswersDecryptionError when the key is wrong or the envelope was altered or moved. */
export function decryptAnswers({
  stored,
  key,
  ...binding
}: Binding & { stored: EncryptedAnswers; key?: string }): unknown {
  try {
    const iv = Buffer.from(stored.iv, "base64");
    const tag = Buffer.from(stored.tag, "base64");
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new AnswersDecryptionError();
    const decipher = createDecipheriv("aes-256-gcm", keyFrom(key), iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(associatedData(binding));
    decipher.setAuthTag(tag);
    const plain = Buffer.concat([decipher.update(Buffer.from(stored.ct, "base64")), decipher.final()]);
    return JSON.parse(plain.toString("utf8"));
  } catch {
    // Never the cause: it could carry fragments of the plaintext.
    throw new AnswersDecryptionError();
  }
}

/**
 * A stored answers value as readable answers: envelopes are decrypted; rows written before encryption
 * (plain JSON from old seeds and tests) are returned as they are.
 */
export function readStoredAnswers({ stored, key, ...binding }: Binding & { stored: unknown; key?: string }): unknown {
  return isEncryptedAnswers(stored) ? decryptAnswers({ stored, key, ...binding }) : stored;
}
