import { applyGiSelection, completeStateCarrierSettings, readStateCarrierSettings, outreachDelayMonths } from "@/lib/settings/state-carrier-settings";

describe("completeStateCarrierSettings", () => {
  it("gives every licensed state × contracted carrier a setting, keeping saved values and dropping stale ones", () => {
    const saved = [
      { state: "TX", carrier: "Aetna", active: false, targetGI: true },
      { state: "CA", carrier: "Aetna", active: false, targetGI: true },
      { state: null, carrier: "Humana", active: true, targetGI: true },
    ];
    expect(completeStateCarrierSettings(["TX", "FL"], ["Aetna", "Humana"], saved)).toEqual([
      { state: "TX", carrier: "Aetna", active: false, targetGI: true },
      { state: "TX", carrier: "Humana", active: true, targetGI: true },
      { state: "FL", carrier: "Aetna", active: true, targetGI: false },
      { state: "FL", carrier: "Humana", active: true, targetGI: true },
    ]);
  });
});

describe("applyGiSelection", () => {
  const settings = completeStateCarrierSettings(["TX", "FL"], ["Aetna", "Humana"], []);
  it("all, none, recommended", () => {
    expect(applyGiSelection(settings, "all").every((s) => s.targetGI)).toBe(true);
    expect(applyGiSelection(applyGiSelection(settings, "all"), "none").some((s) => s.targetGI)).toBe(false);
    const rec = applyGiSelection(settings, "recommended", [{ state: "tx", carrier: "aetna" }]);
    expect(rec.filter((s) => s.targetGI)).toEqual([{ state: "TX", carrier: "Aetna", active: true, targetGI: true }]);
  });
});

describe("outreachDelayMonths", () => {
  it.each([
    [1, 11],
    [2, 23],
    [3, 35],
  ])("%i year(s) → %i months", (years, months) => expect(outreachDelayMonths(years)).toBe(months));
});

describe("readStateCarrierSettings", () => {
  it("keeps the well-formed stored entries and drops the rest, whatever the JSON holds", () => {
    const good = { state: "TX", carrier: "Aetna", active: false, targetGI: true };
    const anyState = { carrier: "Humana", active: true, targetGI: false };
    expect(readStateCarrierSettings([good, anyState, { carrier: "Cigna", active: "no", targetGI: false }, { state: 5, carrier: "X", active: true, targetGI: true }, null, "x"])).toEqual([good, anyState]);
    expect(readStateCarrierSettings({ not: "a list" })).toEqual([]);
    expect(readStateCarrierSettings(null)).toEqual([]);
  });
});
