import { createHash } from "node:crypto";
import { jsDigest, sha256, solveChallenge, webCryptoDigest } from "@/components/challenge/solve-challenge";
import { formatSolution } from "@/lib/challenge/challenge-format";
import { signChallenge, verifyChallengeSolution } from "@/lib/challenge/challenge-rules";

const SECRET = "solver-test-secret";
const NOW = new Date("2026-05-20T15:00:00Z");
const bytes = (text: string) => new TextEncoder().encode(text);
const nodeSha = (data: Uint8Array) => new Uint8Array(createHash("sha256").update(data).digest());

describe("sha256 (the fallback without Web Crypto)", () => {
  it.each([
    "",
    "abc",
    "a".repeat(55),
    "a".repeat(56),
    "a".repeat(64),
    "a".repeat(200),
    "c1.self-signup.1779289200.12.8.AAAAAAAAAAAAAAAAAAAAAA.sig:3:123456",
  ])("matches node's for %j", (text) => {
    expect(sha256(bytes(text))).toEqual(nodeSha(bytes(text)));
  });

  it("Web Crypto is used where it exists (node has it), and agrees", async () => {
    const digest = webCryptoDigest();
    expect(digest).not.toBeNull();
    expect(await digest!(bytes("gapwise"))).toEqual(nodeSha(bytes("gapwise")));
    expect(await jsDigest(bytes("gapwise"))).toEqual(nodeSha(bytes("gapwise")));
  });
});

describe("solveChallenge", () => {
  it("finds nonces the server accepts, with Web Crypto and with the fallback", async () => {
    for (const digest of [webCryptoDigest()!, jsDigest]) {
      const challenge = signChallenge({
        secret: SECRET,
        purpose: "callback",
        now: NOW,
        id: `id${digest === jsDigest ? "js" : "wc"}AAAAAAAAAAAAAAAAAA`,
      });
      const progress: number[] = [];
      const nonces = await solveChallenge(challenge, { digest, onProgress: (done) => progress.push(done) });
      expect(
        verifyChallengeSolution({
          secret: SECRET,
          solution: formatSolution(challenge, nonces),
          purpose: "callback",
          now: NOW,
        }),
      ).toMatchObject({ ok: true });
      expect(progress.at(-1)).toBe(1);
      expect(progress).toHaveLength(8);
    }
  });

  it("stops when aborted, and refuses what is not a challenge", async () => {
    const controller = new AbortController();
    controller.abort();
    const challenge = signChallenge({ secret: SECRET, purpose: "callback", now: NOW, id: "AAAAAAAAAAAAAAAAAAAAAA" });
    await expect(solveChallenge(challenge, { signal: controller.signal })).rejects.toThrow("Aborted");
    await expect(solveChallenge("nonsense")).rejects.toThrow("Not a challenge");
  });
});
