import { leadingZeroBits, parseChallenge, puzzleInput } from "@/lib/challenge/challenge-format";

/**
 * The browser's half of the proof-of-work step (lib/challenge/challenge-format.ts): find, for each puzzle,
 * a nonce whose sha256 starts with the asked zero bits. Web Crypto hashes off the main thread and answers
 * with promises, so a batch at a time keeps the page responsive; the loop also yields to the event loop
 * every few milliseconds, so typing and tabbing never wait on it.
 */

export type Digest = (data: Uint8Array) => Promise<Uint8Array>;

/** A puzzle's input is ASCII (base64url, digits, dots, colons): one byte a character. */
const asciiBytes = (text: string) => Uint8Array.from(text, (ch) => ch.charCodeAt(0));

/** Web Crypto's SHA-256 where the page has it (https, or localhost), else null. */
export function webCryptoDigest(): Digest | null {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  return async (data) => new Uint8Array(await subtle.digest("SHA-256", data as BufferSource));
}

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

/**
 * SHA-256 in plain JavaScript (FIPS 180-4), for pages without Web Crypto: plain http on a local network
 * (`HOST=0.0.0.0 npm start`) is not a secure context, and there crypto.subtle does not exist.
 */
export function sha256(data: Uint8Array): Uint8Array {
  const length = data.length;
  const blocks = Math.ceil((length + 9) / 64);
  const padded = new Uint8Array(blocks * 64);
  padded.set(data);
  padded[length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(length / 0x20000000));
  view.setUint32(padded.length - 4, (length << 3) >>> 0);
  const h = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const w = new Uint32Array(64);
  const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));
  for (let block = 0; block < blocks; block++) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(block * 64 + i * 4);
    for (let i = 16; i < 64; i++) {
      const s0 = rotr(w[i - 15]!, 7) ^ rotr(w[i - 15]!, 18) ^ (w[i - 15]! >>> 3);
      const s1 = rotr(w[i - 2]!, 17) ^ rotr(w[i - 2]!, 19) ^ (w[i - 2]! >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = h as unknown as [number, number, number, number, number, number, number, number];
    for (let i = 0; i < 64; i++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) >>> 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    h[0] = (h[0]! + a) >>> 0;
    h[1] = (h[1]! + b) >>> 0;
    h[2] = (h[2]! + c) >>> 0;
    h[3] = (h[3]! + d) >>> 0;
    h[4] = (h[4]! + e) >>> 0;
    h[5] = (h[5]! + f) >>> 0;
    h[6] = (h[6]! + g) >>> 0;
    h[7] = (h[7]! + hh) >>> 0;
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  h.forEach((word, i) => outView.setUint32(i * 4, word));
  return out;
}

export const jsDigest: Digest = async (data) => sha256(data);

/** Lets the browser handle input and paint. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export type SolveOptions = {
  /** Default: Web Crypto, else the JavaScript fallback. */
  digest?: Digest;
  /** Hashes in flight at once. */
  batchSize?: number;
  /** Called after each solved puzzle with the share done (0…1). */
  onProgress?: (done: number) => void;
  signal?: AbortSignal;
};

/** The nonces that solve `challenge`, one per puzzle. */
export async function solveChallenge(
  challenge: string,
  { digest = webCryptoDigest() ?? jsDigest, batchSize = 64, onProgress, signal }: SolveOptions = {},
): Promise<number[]> {
  const fields = parseChallenge(challenge);
  if (!fields) throw new Error("Not a challenge");
  const nonces: number[] = [];
  let lastYield = performance.now();
  for (let index = 0; index < fields.count; index++) {
    let found: number | null = null;
    for (let start = 0; found === null; start += batchSize) {
      if (signal?.aborted) throw new DOMException("Aborted", "AbortError");
      const candidates = Array.from({ length: batchSize }, (_, i) => start + i);
      const hashes = await Promise.all(
        candidates.map((nonce) => digest(asciiBytes(puzzleInput(challenge, index, nonce)))),
      );
      const hit = hashes.findIndex((hash) => leadingZeroBits(hash) >= fields.bits);
      if (hit !== -1) found = candidates[hit]!;
      if (performance.now() - lastYield > 8) {
        await yieldToEventLoop();
        lastYield = performance.now();
      }
    }
    nonces.push(found);
    onProgress?.((index + 1) / fields.count);
  }
  return nonces;
}
