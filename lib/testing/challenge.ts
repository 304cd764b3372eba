import { createHash } from "node:crypto";
import { issueChallenge } from "@/lib/challenge/challenge";
import {
  CHALLENGE_HEADER,
  formatSolution,
  leadingZeroBits,
  parseChallenge,
  puzzleInput,
  type ChallengePurpose,
} from "@/lib/challenge/challenge-format";

/** Nonces that solve `challenge` (node's sha256: 32,768 hashes on average, a few tens of milliseconds). */
export function solveChallengeNonces(challenge: string): number[] {
  const fields = parseChallenge(challenge);
  if (!fields) throw new Error(`not a challenge: ${challenge}`);
  const nonces: number[] = [];
  for (let index = 0; index < fields.count; index++) {
    let nonce = 0;
    while (
      leadingZeroBits(
        createHash("sha256")
          .update(puzzleInput(challenge, index, nonce))
          .digest(),
      ) < fields.bits
    )
      nonce++;
    nonces.push(nonce);
  }
  return nonces;
}

/** A fresh, solved challenge for `purpose`, as the request header a form sends. */
export function solvedChallengeHeader(purpose: ChallengePurpose, now = new Date()): Record<string, string> {
  const { challenge } = issueChallenge({ purpose, now });
  return { [CHALLENGE_HEADER]: formatSolution(challenge, solveChallengeNonces(challenge)) };
}
