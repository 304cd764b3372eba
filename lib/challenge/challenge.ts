import "server-only";
import { randomBytes } from "node:crypto";
import { AppError } from "@/lib/api/errors";
import {
  CHALLENGE_DIFFICULTY,
  CHALLENGE_TEXTS,
  challengeExpiresAt,
  parseChallenge,
  type ChallengePurpose,
  type IssuedChallenge,
} from "@/lib/challenge/challenge-format";
import { signChallenge, verifyChallengeSolution } from "@/lib/challenge/challenge-rules";
import { getEnv } from "@/lib/env";
import { consumeRateLimit } from "@/lib/rate-limit";

/**
 * The proof-of-work step of the public forms that create records (self-signup, the eligibility
 * placeholder, callback requests): GET /api/challenge hands out a signed challenge, the browser solves
 * it while the form is being filled in, and the form's call carries the solution in the
 * x-challenge-solution header, which withPublic({ challenge }) checks before the handler runs.
 * No third-party service: the challenge is signed, so nothing is stored until a solution is used,
 * and then its id is spent in the rate-limit table (limit 1 until the challenge expires).
 */

export type { IssuedChallenge };

/** GET /api/challenge?purpose=: a fresh challenge for one of the public forms. */
export function issueChallenge({ purpose, now }: { purpose: ChallengePurpose; now: Date }): IssuedChallenge {
  const challenge = signChallenge({
    secret: getEnv().authSecret,
    purpose,
    now,
    id: randomBytes(16).toString("base64url"),
  });
  return {
    challenge,
    ...CHALLENGE_DIFFICULTY,
    expiresAt: challengeExpiresAt(parseChallenge(challenge)!).toISOString(),
  };
}

/** Any failed check: the form solves a fresh challenge and tries once more before showing the message. */
function challengeFailed(): AppError {
  return new AppError("forbidden", CHALLENGE_TEXTS.failed, { fields: { challenge: [CHALLENGE_TEXTS.failed] } });
}

/**
 * Checks a solution and spends it: a second request with the same solution (or another solution of
 * the same challenge) is refused. Every failure is the same 403 with `fields.challenge`.
 */
export async function consumeChallengeSolution({
  purpose,
  solution,
  now,
}: {
  purpose: ChallengePurpose;
  solution: string | null;
  now: Date;
}): Promise<void> {
  const check = verifyChallengeSolution({ secret: getEnv().authSecret, solution, purpose, now });
  if (!check.ok) throw challengeFailed();
  const windowSeconds = Math.max(1, Math.ceil((check.expiresAt.getTime() - now.getTime()) / 1000));
  try {
    await consumeRateLimit({ key: `challenge:${check.id}`, limit: 1, windowSeconds, now });
  } catch (error) {
    if (error instanceof AppError && error.code === "rate_limited") throw challengeFailed();
    throw error;
  }
}
