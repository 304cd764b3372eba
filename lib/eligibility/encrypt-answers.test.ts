import { randomBytes } from "node:crypto";
import {
  AnswersDecryptionError,
  decryptAnswers,
  encryptAnswers,
  isEncryptedAnswers,
  readStoredAnswers,
} from "@/lib/eligibility/encrypt-answers";

const key = randomBytes(32).toString("base64");
const binding = {
  organizationId: "8a1f6c1e-2b7d-4c1a-9f0e-1d2c3b4a5e6f",
  contactId: "0b9e8d7c-6a5b-4c3d-8e2f-1a0b9c8d7e6f",
};
const answers = {
  "1": {
    id: 1,
    answer: true,
    follow_up_questions: [{ id: 101, question_text: "Which?", answer: "Congestive heart failure" }],
  },
};

const flip = (base64: string) => {
  const bytes = Buffer.from(base64, "base64");
  bytes[0] = bytes[0]! ^ 1;
  return bytes.toString("base64");
};

describe("encryptAnswers / decryptAnswers", () => {
  it("round-trips, with a versioned envelope that does not contain the plaintext", () => {
    const stored = encryptAnswers({ answers, key, ...binding });
    expect(stored).toMatchObject({ v: 1, alg: "A256GCM" });
    expect(Buffer.from(stored.iv, "base64")).toHaveLength(12);
    expect(Buffer.from(stored.tag, "base64")).toHaveLength(16);
    expect(JSON.stringify(stored)).not.toContain("heart failure");
    expect(isEncryptedAnswers(stored)).toBe(true);
    expect(decryptAnswers({ stored, key, ...binding })).toEqual(answers);
  });

  it("uses a fresh IV per row", () => {
    const a = encryptAnswers({ answers, key, ...binding });
    const b = encryptAnswers({ answers, key, ...binding });
    expect(a.iv).not.toBe(b.iv);
    expect(a.ct).not.toBe(b.ct);
  });

  it("uses the configured key by default", () => {
    const stored = encryptAnswers({ answers, ...binding });
    expect(decryptAnswers({ stored, ...binding })).toEqual(answers);
    expect(() => decryptAnswers({ stored, key, ...binding })).toThrow(AnswersDecryptionError);
  });

  it("fails on a wrong key", () => {
    const stored = encryptAnswers({ answers, key, ...binding });
    expect(() => decryptAnswers({ stored, key: randomBytes(32).toString("base64"), ...binding })).toThrow(
      AnswersDecryptionError,
    );
  });

  it.each(["ct", "tag", "iv"] as const)("fails when the %s was altered", (part) => {
    const stored = encryptAnswers({ answers, key, ...binding });
    expect(() => decryptAnswers({ stored: { ...stored, [part]: flip(stored[part]) }, key, ...binding })).toThrow(
      AnswersDecryptionError,
    );
  });

  it("fails when the row is moved to another contact or organization", () => {
    const stored = encryptAnswers({ answers, key, ...binding });
    expect(() =>
      decryptAnswers({ stored, key, ...binding, contactId: "1b9e8d7c-6a5b-4c3d-8e2f-1a0b9c8d7e6f" }),
    ).toThrow(AnswersDecryptionError);
    expect(() =>
      decryptAnswers({ stored, key, ...binding, organizationId: "9a1f6c1e-2b7d-4c1a-9f0e-1d2c3b4a5e6f" }),
    ).toThrow(AnswersDecryptionError);
    // The same ids in another spelling are the same row.
    expect(
      decryptAnswers({
        stored,
        key,
        organizationId: binding.organizationId.toUpperCase(),
        contactId: binding.contactId.toUpperCase(),
      }),
    ).toEqual(answers);
  });

  it("reads plain rows written before encryption as they are", () => {
    expect(readStoredAnswers({ stored: answers, key, ...binding })).toEqual(answers);
    expect(readStoredAnswers({ stored: encryptAnswers({ answers, key, ...binding }), key, ...binding })).toEqual(
      answers,
    );
  });
});
