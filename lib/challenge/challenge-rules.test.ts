import { createHash } from "node:crypto";
import {
  CHALLENGE_TTL_SECONDS,
  formatSolution,
  leadingZeroBits,
  parseChallenge,
  parseSolution,
  puzzleInput,
} from "@/lib/challenge/challenge-format";
import { CHALLENGE_CLOCK_SKEW_SECONDS, signChallenge, verifyChallengeSolution } from "@/lib/challenge/challenge-rules";
import { solveChallengeNonces } from "@/lib/testing/challenge";

const SECRET = "test-secret-for-challenges-0123456789";
const NOW = new Date("2026-05-20T15:00:00Z");
const ID = "AAAAAAAAAAAAAAAAAAAAAA";
const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

function solved(overrides: Partial<Parameters<typeof signChallenge>[0]> = {}) {
  const challenge = signChallenge({ secret: SECRET, purpose: "self-signup", now: NOW, id: ID, ...overrides });
  return { challenge, nonces: solveChallengeNonces(challenge) };
}

const check = (
  solution: string | null,
  options: { now?: Date; purpose?: "self-signup" | "callback"; secret?: string } = {},
) =>
  verifyChallengeSolution({
    secret: options.secret ?? SECRET,
    solution,
    purpose: options.purpose ?? "self-signup",
    now: options.now ?? NOW,
  });

describe("leadingZeroBits", () => {
  it.each([
    [[0x80], 0],
    [[0x40], 1],
    [[0x01], 7],
    [[0x00, 0xff], 8],
    [[0x00, 0x00, 0x10], 19],
    [[0x00, 0x00], 16],
  ])("%j → %i", (bytes, bits) => expect(leadingZeroBits(new Uint8Array(bytes))).toBe(bits));
});

describe("verifyChallengeSolution", () => {
  const { challenge, nonces } = solved();

  it("accepts a solution of a current challenge for the purpose, and says until when it is good", () => {
    expect(check(formatSolution(challenge, nonces))).toEqual({
      ok: true,
      id: ID,
      expiresAt: at(CHALLENGE_TTL_SECONDS),
    });
    // Each nonce really makes its puzzle's hash start with the zero bits asked.
    const { bits } = parseChallenge(challenge)!;
    nonces.forEach((nonce, index) =>
      expect(
        leadingZeroBits(
          createHash("sha256")
            .update(puzzleInput(challenge, index, nonce))
            .digest(),
        ),
      ).toBeGreaterThanOrEqual(bits),
    );
  });

  it("refuses a wrong nonce, a missing or extra one", () => {
    const wrong = [...nonces];
    // The first nonce that does not solve puzzle 0 (a valid nonce's neighbour almost never does).
    let bad = nonces[0]! + 1;
    while (
      leadingZeroBits(
        createHash("sha256")
          .update(puzzleInput(challenge, 0, bad))
          .digest(),
      ) >= parseChallenge(challenge)!.bits
    )
      bad++;
    wrong[0] = bad;
    expect(check(formatSolution(challenge, wrong))).toEqual({ ok: false, reason: "wrong_nonce" });
    expect(check(formatSolution(challenge, nonces.slice(1)))).toEqual({ ok: false, reason: "wrong_nonce" });
    expect(check(formatSolution(challenge, [...nonces, 0]))).toEqual({ ok: false, reason: "wrong_nonce" });
    // The nonces of puzzle i do not solve puzzle j.
    expect(check(formatSolution(challenge, [...nonces].reverse()))).toMatchObject({ ok: false });
  });

  it("refuses an expired challenge, and one issued too far in the future", () => {
    const solution = formatSolution(challenge, nonces);
    expect(check(solution, { now: at(CHALLENGE_TTL_SECONDS - 1) })).toMatchObject({ ok: true });
    expect(check(solution, { now: at(CHALLENGE_TTL_SECONDS) })).toEqual({ ok: false, reason: "expired" });
    expect(check(solution, { now: at(-CHALLENGE_CLOCK_SKEW_SECONDS) })).toMatchObject({ ok: true });
    expect(check(solution, { now: at(-CHALLENGE_CLOCK_SKEW_SECONDS - 1) })).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses a tampered challenge: any field changed, another secret, a forged signature", () => {
    const parts = challenge.split(".");
    const swap = (index: number, value: string) => parts.map((part, i) => (i === index ? value : part)).join(".");
    for (const forged of [
      swap(1, "callback"),
      swap(2, String(Number(parts[2]) + 3600)),
      swap(3, "1"),
      swap(4, "1"),
      swap(5, "BBBBBBBBBBBBBBBBBBBBBB"),
      swap(6, "A".repeat(43)),
    ]) {
      // Whatever the nonces: the signature is checked first.
      expect(check(formatSolution(forged, nonces))).toEqual({ ok: false, reason: "tampered" });
    }
    expect(check(formatSolution(challenge, nonces), { secret: "another-secret" })).toEqual({
      ok: false,
      reason: "tampered",
    });
  });

  it("refuses a challenge of another form, and one easier than the form asks", () => {
    expect(check(formatSolution(challenge, nonces), { purpose: "callback" })).toEqual({
      ok: false,
      reason: "wrong_purpose",
    });
    const easy = solved({ difficulty: { bits: 4, count: 2 } });
    expect(check(formatSolution(easy.challenge, easy.nonces))).toEqual({ ok: false, reason: "too_easy" });
  });

  it("refuses anything not shaped like a solution", () => {
    for (const value of [
      null,
      "",
      "nonsense",
      `${challenge}`,
      `${challenge}:`,
      `${challenge}:1,x`,
      `c1.self-signup:1`,
      `${challenge}:${"1,".repeat(70)}1`,
      "x".repeat(2000),
    ]) {
      expect(check(value)).toEqual({ ok: false, reason: "malformed" });
    }
  });
});

describe("parseSolution", () => {
  it("splits at the last colon", () => {
    expect(parseSolution("c1.a.1.2.3.id.sig:4,5,6")).toEqual({ challenge: "c1.a.1.2.3.id.sig", nonces: [4, 5, 6] });
  });
});
