import {
  abandonedImportCutoff,
  effectiveImportOptions,
  importResultMessage,
  isImportJobAbandoned,
} from "@/lib/contacts/import/import-job-rules";

const NOW = new Date("2026-03-15T15:00:00Z");
const hoursBefore = (h: number) => new Date(NOW.getTime() - h * 3_600_000);

describe("abandoned uploads (24 h)", () => {
  it.each([
    [0, false],
    [23.99, false],
    [24, false],
    [24.01, true],
    [100, true],
  ])("created %s h before now: abandoned %s", (hours, abandoned) => {
    expect(isImportJobAbandoned(hoursBefore(hours), NOW)).toBe(abandoned);
  });
  it("the cutoff is 24 h before now", () =>
    expect(abandonedImportCutoff(NOW).toISOString()).toBe("2026-03-14T15:00:00.000Z"));
});

describe("effectiveImportOptions (client-side §6)", () => {
  const ADMIN = { id: "a", isAdmin: true, isAgent: false };
  const AGENT = { id: "g", isAdmin: false, isAgent: true };
  it("an admin's choices stand", () =>
    expect(effectiveImportOptions(ADMIN, { overwriteExisting: true, agentId: "x" })).toEqual({
      overwrite: true,
      agentId: "x",
    }));
  it("a non-admin agent: overwrite off, rows their own", () =>
    expect(effectiveImportOptions(AGENT, { overwriteExisting: true, agentId: "x" })).toEqual({
      overwrite: false,
      agentId: "g",
    }));
  it("neither: the spec's 403", () => {
    expect(() =>
      effectiveImportOptions({ id: "n", isAdmin: false, isAgent: false }, { overwriteExisting: false, agentId: null }),
    ).toThrow("You don't have permission to upload contacts. Please contact your administrator.");
  });
});

describe("importResultMessage", () => {
  it.each([
    [1, 0, "Successfully imported 1 contact."],
    [2, 0, "Successfully imported 2 contacts."],
    [49_513, 487, "Successfully imported 49,513 contacts (487 skipped)."],
  ])("%i imported, %i skipped", (imported, skipped, text) => expect(importResultMessage(imported, skipped)).toBe(text));
});
