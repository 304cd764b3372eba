import {
  brandColors,
  brandInkOnWhite,
  contrastRatio,
  parseHexColor,
  passesAAOnWhite,
  readableTextOn,
} from "./brand-contrast";

describe("contrastRatio", () => {
  it("is 21 for black on white and 1 for a colour on itself", () => {
    expect(contrastRatio("#000000", "#FFFFFF")).toBeCloseTo(21, 5);
    expect(contrastRatio("#6B46C1", "#6b46c1")).toBeCloseTo(1, 5);
  });

  it("matches the WCAG figures for known pairs, in either order, with 3-digit colours too", () => {
    expect(contrastRatio("#767676", "#FFFFFF")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#FFFFFF", "#777777")).toBeCloseTo(4.48, 2);
    expect(contrastRatio("#fff", "#000")).toBeCloseTo(21, 5);
  });

  it("refuses a colour that is not hex", () => {
    expect(() => contrastRatio("orange", "#FFFFFF")).toThrow("not a hex colour: orange");
    expect(parseHexColor("#12345")).toBeNull();
  });
});

describe("passesAAOnWhite", () => {
  it("passes the default purple and dark blue; fails orange, yellow and a mid grey", () => {
    expect(passesAAOnWhite("#6B46C1")).toBe(true);
    expect(passesAAOnWhite("#1E3A8A")).toBe(true);
    expect(passesAAOnWhite("#767676")).toBe(true);
    expect(passesAAOnWhite("#777777")).toBe(false);
    expect(passesAAOnWhite("#F97316")).toBe(false);
    expect(passesAAOnWhite("#FACC15")).toBe(false);
  });
});

describe("readableTextOn", () => {
  it("picks white on dark brand colours and black on light ones", () => {
    expect(readableTextOn("#6B46C1")).toBe("#FFFFFF");
    expect(readableTextOn("#000000")).toBe("#FFFFFF");
    expect(readableTextOn("#F97316")).toBe("#000000");
    expect(readableTextOn("#FACC15")).toBe("#000000");
    expect(readableTextOn("#FFFFFF")).toBe("#000000");
  });

  it("always reaches AA for any colour on the grey ramp and the primaries", () => {
    const colours = [
      "#FF0000",
      "#00FF00",
      "#0000FF",
      "#00FFFF",
      "#FF00FF",
      "#FFFF00",
      ...Array.from({ length: 16 }, (_, i) => `#${(i * 17).toString(16).padStart(2, "0").repeat(3)}`),
    ];
    for (const colour of colours) expect(contrastRatio(colour, readableTextOn(colour))).toBeGreaterThanOrEqual(4.5);
  });
});

describe("brandInkOnWhite", () => {
  it("keeps a colour that already passes with room for the grey-50 page", () => {
    expect(brandInkOnWhite("#6B46C1")).toBe("#6B46C1");
    expect(brandInkOnWhite("#1e3a8a")).toBe("#1E3A8A");
  });

  it("darkens a failing colour until it passes AA on white and on grey-50", () => {
    for (const colour of ["#F97316", "#FACC15", "#FFFFFF", "#22C55E", "#777777"]) {
      const ink = brandInkOnWhite(colour);
      expect(ink).not.toBe(colour.toUpperCase());
      expect(contrastRatio(ink, "#FFFFFF")).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(ink, "#F9FAFB")).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe("brandColors", () => {
  it("gives an orange brand black text on its fills and a darker orange for links", () => {
    const orange = brandColors("#F97316");
    expect(orange.fill).toBe("#F97316");
    expect(orange.onFill).toBe("#000000");
    expect(passesAAOnWhite(orange.ink)).toBe(true);
  });
});
