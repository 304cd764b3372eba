/**
 * The proof-of-work step of the public forms that create records (docs/security.md "Public forms"): the
 * shapes shared by the server (which issues and checks) and the browser (which solves). Pure: no server
 * imports, safe in the browser bundle.
 *
 * A challenge is `c1.<purpose>.<issued at, epoch s>.<bits>.<count>.<id>.<signature>`, signed by the
 * server (HMAC-SHA256 with a key derived from AUTH_SECRET), so nothing about it is stored until it is
 * used. Solving it means finding, for each puzzle i in 0…count-1, a nonce such that
 * sha256("<challenge>:<i>:<nonce>") starts with `bits` zero bits. Several small puzzles rather than one
 * big one: the same expected work, with far less spread (a single puzzle takes three times its average
 * one time in twenty; eight of them almost never do).
 */

export const CHALLENGE_PURPOSES = ["self-signup", "temp-contact", "callback"] as const;
export type ChallengePurpose = (typeof CHALLENGE_PURPOSES)[number];

/** The request header that carries a solution: `<challenge>:<nonce 0>,<nonce 1>,…`. */
/** GET /api/challenge?purpose= answers this (app/api/challenge/route.ts). */
export type IssuedChallenge = { challenge: string; bits: number; count: number; expiresAt: string };

export const CHALLENGE_HEADER = "x-challenge-solution";

export const CHALLENGE_TEXTS = {
  /** Shown (and announced politely) while the browser works on a challenge. */
  checking: "Checking your browser...",
  /** The server refused the solution (and a second, fresh one). */
  failed: "We couldn't check your browser. Please try again.",
} as const;

export const CHALLENGE_VERSION = "c1";
/** A challenge is good for this long after it is issued: the browser solves it while the form is filled in. */
export const CHALLENGE_TTL_SECONDS = 30 * 60;
/** The browser asks for a fresh challenge when the one it holds has less than this left. */
export const CHALLENGE_REFRESH_MARGIN_SECONDS = 5 * 60;
/**
 * The work asked: 8 puzzles of 12 bits, 32,768 hashes on average. Chromium hashes 40,000–100,000 short
 * inputs a second with Web Crypto on a laptop core; a phone a quarter of that: about 1–2 s on a phone.
 * Measured in docs/security.md.
 */
export const CHALLENGE_DIFFICULTY = { bits: 12, count: 8 } as const;

export type ChallengeFields = {
  purpose: string;
  issuedAtSeconds: number;
  bits: number;
  count: number;
  id: string;
  signature: string;
  /** The signed part: everything before the signature. */
  payload: string;
};

const PART = /^[A-Za-z0-9_-]+$/;

/** The fields of a challenge string, or null when it is not shaped like one (nothing is verified here). */
export function parseChallenge(challenge: string): ChallengeFields | null {
  if (challenge.length > 300) return null;
  const parts = challenge.split(".");
  if (parts.length !== 7 || parts[0] !== CHALLENGE_VERSION) return null;
  const [, purpose, issued, bits, count, id, signature] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (!/^\d{1,12}$/.test(issued) || !/^\d{1,2}$/.test(bits) || !/^\d{1,2}$/.test(count)) return null;
  if (!PART.test(purpose) || !PART.test(id) || !PART.test(signature)) return null;
  const fields = { purpose, issuedAtSeconds: Number(issued), bits: Number(bits), count: Number(count), id, signature };
  if (fields.bits < 1 || fields.bits > 32 || fields.count < 1 || fields.count > 64) return null;
  return { ...fields, payload: parts.slice(0, 6).join(".") };
}

/** When the challenge stops being accepted. */
export function challengeExpiresAt(fields: Pick<ChallengeFields, "issuedAtSeconds">): Date {
  return new Date((fields.issuedAtSeconds + CHALLENGE_TTL_SECONDS) * 1000);
}

/** What puzzle `index` hashes with a candidate nonce. */
export function puzzleInput(challenge: string, index: number, nonce: number): string {
  return `${challenge}:${index}:${nonce}`;
}

/** How many zero bits a hash starts with. */
export function leadingZeroBits(hash: Uint8Array): number {
  let bits = 0;
  for (const byte of hash) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

export function formatSolution(challenge: string, nonces: readonly number[]): string {
  return `${challenge}:${nonces.join(",")}`;
}

/** The challenge and nonces of a solution header, or null when malformed. */
export function parseSolution(value: string | null | undefined): { challenge: string; nonces: number[] } | null {
  if (!value || value.length > 1000) return null;
  const at = value.lastIndexOf(":");
  if (at <= 0) return null;
  const challenge = value.slice(0, at);
  const list = value.slice(at + 1).split(",");
  if (list.length > 64 || !list.every((nonce) => /^\d{1,15}$/.test(nonce))) return null;
  return { challenge, nonces: list.map(Number) };
}
