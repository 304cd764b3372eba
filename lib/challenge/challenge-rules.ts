import "server-only";
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import {
  CHALLENGE_DIFFICULTY,
  CHALLENGE_TTL_SECONDS,
  CHALLENGE_VERSION,
  challengeExpiresAt,
  leadingZeroBits,
  parseChallenge,
  parseSolution,
  puzzleInput,
  type ChallengePurpose,
} from "@/lib/challenge/challenge-format";

/**
 * Issuing and checking proof-of-work challenges (challenge-format.ts has the shapes). Pure: the secret,
 * the clock and the random id are passed in; single use is the caller's (lib/challenge/challenge.ts),
 * since it needs a database.
 */

/** A server whose clock runs a little ahead may have issued the challenge: tolerated this much. */
export const CHALLENGE_CLOCK_SKEW_SECONDS = 5 * 60;

export type ChallengeFailure = "malformed" | "tampered" | "wrong_purpose" | "expired" | "too_easy" | "wrong_nonce";
export type ChallengeCheck = { ok: true; id: string; expiresAt: Date } | { ok: false; reason: ChallengeFailure };
export type Difficulty = { bits: number; count: number };

/** A key of its own for challenges, derived from AUTH_SECRET, so a signature here is worth nothing elsewhere. */
function challengeKey(secret: string): Buffer {
  return createHmac("sha256", secret).update("gapwise:challenge:v1").digest();
}

function sign(secret: string, payload: string): string {
  return createHmac("sha256", challengeKey(secret)).update(payload).digest("base64url");
}

/** A new challenge for `purpose`; `id` is 16 random bytes (base64url) from the caller. */
export function signChallenge({
  secret,
  purpose,
  now,
  id,
  difficulty = CHALLENGE_DIFFICULTY,
}: {
  secret: string;
  purpose: ChallengePurpose;
  now: Date;
  id: string;
  difficulty?: Difficulty;
}): string {
  const payload = [
    CHALLENGE_VERSION,
    purpose,
    Math.floor(now.getTime() / 1000),
    difficulty.bits,
    difficulty.count,
    id,
  ].join(".");
  return `${payload}.${sign(secret, payload)}`;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Whether `solution` (the request header: `<challenge>:<nonces>`) solves a challenge this server issued
 * for `purpose` that is still current and at least as hard as `minimum`. Cheap checks first: shape,
 * signature, purpose, age; the hashes last.
 */
export function verifyChallengeSolution({
  secret,
  solution,
  purpose,
  now,
  minimum = CHALLENGE_DIFFICULTY,
}: {
  secret: string;
  solution: string | null | undefined;
  purpose: ChallengePurpose;
  now: Date;
  minimum?: Difficulty;
}): ChallengeCheck {
  const parsed = parseSolution(solution);
  const fields = parsed ? parseChallenge(parsed.challenge) : null;
  if (!parsed || !fields) return { ok: false, reason: "malformed" };
  if (!sameText(fields.signature, sign(secret, fields.payload))) return { ok: false, reason: "tampered" };
  if (fields.purpose !== purpose) return { ok: false, reason: "wrong_purpose" };
  const nowSeconds = now.getTime() / 1000;
  if (
    fields.issuedAtSeconds > nowSeconds + CHALLENGE_CLOCK_SKEW_SECONDS ||
    nowSeconds >= fields.issuedAtSeconds + CHALLENGE_TTL_SECONDS
  )
    return { ok: false, reason: "expired" };
  if (fields.bits < minimum.bits || fields.count < minimum.count) return { ok: false, reason: "too_easy" };
  if (parsed.nonces.length !== fields.count) return { ok: false, reason: "wrong_nonce" };
  for (let index = 0; index < fields.count; index++) {
    const hash = createHash("sha256")
      .update(puzzleInput(parsed.challenge, index, parsed.nonces[index]!))
      .digest();
    if (leadingZeroBits(hash) < fields.bits) return { ok: false, reason: "wrong_nonce" };
  }
  return { ok: true, id: fields.id, expiresAt: challengeExpiresAt(fields) };
}
