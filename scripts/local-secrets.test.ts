import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
// @ts-expect-error: tooling module in plain JavaScript, no declarations
import { embeddedSecrets } from "./local-secrets.mjs";

type Secrets = { file: string; secrets: Record<string, string> };
const secretsIn = (dir: string) => embeddedSecrets(dir) as Secrets;

// `npm start`'s embedded mode is the only start that has secrets it did not bring: they are random,
// generated once per data directory, readable by the owner only, and kept across restarts.
describe("the embedded mode's generated secrets", () => {
  let dirs: string[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(join(tmpdir(), "gapwise-secrets-"));
    dirs.push(dir);
    return join(dir, "data");
  };
  afterEach(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    dirs = [];
  });

  it("creates random 32-byte secrets once, in a file only the owner can read", () => {
    const dir = freshDir();
    const first = secretsIn(dir);
    expect(Buffer.from(first.secrets.AUTH_SECRET!, "base64")).toHaveLength(32);
    expect(Buffer.from(first.secrets.ELIGIBILITY_ENCRYPTION_KEY!, "base64")).toHaveLength(32);
    expect(first.secrets.AUTH_SECRET).not.toEqual(first.secrets.ELIGIBILITY_ENCRYPTION_KEY);
    expect(statSync(first.file).mode & 0o777).toBe(0o600);
    expect(secretsIn(dir).secrets).toEqual(first.secrets); // a restart keeps sign-in links and health answers readable
  });

  it("gives every data directory its own secrets", () => {
    expect(secretsIn(freshDir()).secrets.AUTH_SECRET).not.toEqual(secretsIn(freshDir()).secrets.AUTH_SECRET);
  });

  it("fills in a missing secret without replacing the others, and closes a file left readable by others", () => {
    const dir = freshDir();
    const { file, secrets } = secretsIn(dir);
    writeFileSync(file, JSON.stringify({ AUTH_SECRET: secrets.AUTH_SECRET, ELIGIBILITY_ENCRYPTION_KEY: "" }));
    chmodSync(file, 0o644);
    const again = secretsIn(dir);
    expect(again.secrets.AUTH_SECRET).toBe(secrets.AUTH_SECRET);
    expect(again.secrets.ELIGIBILITY_ENCRYPTION_KEY).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(again.secrets);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
