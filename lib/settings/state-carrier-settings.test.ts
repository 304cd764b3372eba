import {
  applyGiSelection,
  carriersForUnderwriting,
  completeStateCarrierSettings,
  guaranteedIssueCarriersIn,
  readStateCarrierSettings,
  outreachDelayMonths,
  smartSendStates,
} from "@/lib/settings/state-carrier-settings";

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
    expect(
      readStateCarrierSettings([
        good,
        anyState,
        { carrier: "Cigna", active: "no", targetGI: false },
        { state: 5, carrier: "X", active: true, targetGI: true },
        null,
        "x",
      ]),
    ).toEqual([good, anyState]);
    expect(readStateCarrierSettings({ not: "a list" })).toEqual([]);
    expect(readStateCarrierSettings(null)).toEqual([]);
  });
});

describe("Target GI (carriersForUnderwriting): what a contact who failed underwriting is quoted", () => {
  const settings = [
    { state: "TX", carrier: "Aetna", active: true, targetGI: true },
    { state: "TX", carrier: "Cigna", active: true, targetGI: false },
    { state: "TX", carrier: "Humana", active: false, targetGI: true },
    { state: null, carrier: "Aflac", active: true, targetGI: true },
    { state: "FL", carrier: "Cigna", active: true, targetGI: true },
  ];
  const quoted = ["Aetna", "Cigna", "Aflac"];
  it("marked and active in the state (a setting without a state counts everywhere); switched off never counts", () => {
    expect([...guaranteedIssueCarriersIn(settings, "TX")].sort()).toEqual(["aetna", "aflac"]);
    expect([...guaranteedIssueCarriersIn(settings, "FL")].sort()).toEqual(["aflac", "cigna"]);
    expect(guaranteedIssueCarriersIn(settings, null).size).toBe(0);
  });
  it("failed underwriting: only the marked carriers, flagged; passed or not answered: unchanged", () => {
    expect(carriersForUnderwriting({ quoted, settings, state: "TX", failedUnderwriting: true })).toEqual({
      carriers: ["Aetna", "Aflac"],
      guaranteedIssueOnly: true,
    });
    expect(carriersForUnderwriting({ quoted, settings, state: "TX", failedUnderwriting: false })).toEqual({
      carriers: quoted,
      guaranteedIssueOnly: false,
    });
  });
  it("none of the quoted carriers marked in the state: unchanged, not flagged", () => {
    expect(carriersForUnderwriting({ quoted: ["Cigna"], settings, state: "TX", failedUnderwriting: true })).toEqual({
      carriers: ["Cigna"],
      guaranteedIssueOnly: false,
    });
    expect(carriersForUnderwriting({ quoted: ["Cigna"], settings: [], state: "TX", failedUnderwriting: true })).toEqual(
      { carriers: ["Cigna"], guaranteedIssueOnly: false },
    );
  });
});

describe("SmartSend (smartSendStates): where the failed-underwriting email may go", () => {
  it("off: null (no gate); on: the licensed or named states with a Target GI carrier", () => {
    const settings = [
      { state: "TX", carrier: "Aetna", active: true, targetGI: true },
      { state: "FL", carrier: "Aetna", active: true, targetGI: false },
      { state: "GA", carrier: "Aetna", active: false, targetGI: true },
    ];
    expect(smartSendStates({ smartSendEnabled: false, settings, stateLicenses: ["TX", "FL"] })).toBeNull();
    expect(smartSendStates({ smartSendEnabled: true, settings, stateLicenses: ["TX", "FL", "GA"] })).toEqual(["TX"]);
    expect(
      smartSendStates({
        smartSendEnabled: true,
        settings: [{ state: null, carrier: "Aflac", active: true, targetGI: true }],
        stateLicenses: ["FL", "AL"],
      }),
    ).toEqual(["AL", "FL"]);
    expect(smartSendStates({ smartSendEnabled: true, settings: [], stateLicenses: ["TX"] })).toEqual([]);
  });
});
