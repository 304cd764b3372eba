import { NextRequest } from "next/server";
import { GET as challengeRoute } from "@/app/api/challenge/route";
import { consumeChallengeSolution, issueChallenge } from "@/lib/challenge/challenge";
import {
  CHALLENGE_DIFFICULTY,
  CHALLENGE_HEADER,
  CHALLENGE_TEXTS,
  CHALLENGE_TTL_SECONDS,
  formatSolution,
  parseChallenge,
} from "@/lib/challenge/challenge-format";
import { solveChallengeNonces, solvedChallengeHeader } from "@/lib/testing/challenge";
import { setupTestDatabase } from "@/lib/testing/db";

setupTestDatabase();
const NOW = new Date("2026-05-20T15:00:00Z");
const refused = { code: "forbidden", message: CHALLENGE_TEXTS.failed, fields: { challenge: [CHALLENGE_TEXTS.failed] } };

const get = (query: string) =>
  challengeRoute(
    new NextRequest(`http://localhost/api/challenge${query}`, { headers: { "x-forwarded-for": "198.51.100.40" } }),
    { params: Promise.resolve({}) },
  );

describe("GET /api/challenge", () => {
  it("hands out a signed challenge for a form, never cached", async () => {
    const res = await get("?purpose=self-signup");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json();
    expect(body).toMatchObject({ ...CHALLENGE_DIFFICULTY, expiresAt: expect.any(String) });
    expect(parseChallenge(body.challenge)).toMatchObject({ purpose: "self-signup", ...CHALLENGE_DIFFICULTY });
    // Two challenges are never the same.
    expect((await (await get("?purpose=self-signup")).json()).challenge).not.toBe(body.challenge);
    expect((await get("?purpose=anything")).status).toBe(422);
  });
});

describe("consumeChallengeSolution", () => {
  it("accepts a solution once: the same one again (a replay) is refused", async () => {
    const header = solvedChallengeHeader("temp-contact", NOW)[CHALLENGE_HEADER]!;
    await expect(
      consumeChallengeSolution({ purpose: "temp-contact", solution: header, now: NOW }),
    ).resolves.toBeUndefined();
    await expect(
      consumeChallengeSolution({ purpose: "temp-contact", solution: header, now: new Date(NOW.getTime() + 1000) }),
    ).rejects.toMatchObject(refused);
  });

  it("refuses a missing, expired, tampered or wrongly solved one with the same 403", async () => {
    const { challenge } = issueChallenge({ purpose: "callback", now: NOW });
    const nonces = solveChallengeNonces(challenge);
    const expiredAt = new Date(NOW.getTime() + CHALLENGE_TTL_SECONDS * 1000);
    for (const [solution, now] of [
      [null, NOW],
      [formatSolution(challenge, nonces), expiredAt],
      [formatSolution(challenge.replace(".callback.", ".self-signup."), nonces), NOW],
      [
        formatSolution(
          challenge,
          nonces.map((n) => n + 1),
        ),
        NOW,
      ],
    ] as const) {
      await expect(consumeChallengeSolution({ purpose: "callback", solution, now })).rejects.toMatchObject(refused);
    }
    // None of those spent it.
    await expect(
      consumeChallengeSolution({ purpose: "callback", solution: formatSolution(challenge, nonces), now: NOW }),
    ).resolves.toBeUndefined();
  });
});
