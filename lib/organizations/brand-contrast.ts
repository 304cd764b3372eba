/**
 * Readable text with an agency's brand colour (pure; safe in the browser too). WCAG 2.2 contrast: the
 * relative luminance of each colour, and (lighter + 0.05) / (darker + 0.05). AA for body text is 4.5:1.
 *
 * Consumer pages use it wherever text sits on the brand colour (buttons, selected toggles) and wherever
 * the brand colour itself is the text colour (links on the white page); Settings uses it to warn an
 * agency that its colour fails against white.
 */

export const AA_NORMAL_TEXT = 4.5;

const BLACK = "#000000";
const WHITE = "#FFFFFF";

type Rgb = [number, number, number];

/** #RGB or #RRGGBB to 0–255 channels; null for anything else. */
export function parseHexColor(value: string): Rgb | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!match) return null;
  const hex = match[1]!.length === 3 ? [...match[1]!].map((c) => c + c).join("") : match[1]!;
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((c) => c.toString(16).padStart(2, "0"))
    .join("")
    .toUpperCase()}`;
}

function luminance([r, g, b]: Rgb): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

function ratio(a: Rgb, b: Rgb): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** The WCAG contrast ratio of two hex colours (1 to 21). Throws on a colour that is not hex. */
export function contrastRatio(a: string, b: string): number {
  const [ra, rb] = [parseHexColor(a), parseHexColor(b)];
  if (!ra || !rb) throw new Error(`not a hex colour: ${ra ? b : a}`);
  return ratio(ra, rb);
}

/** Whether text in `color` on white (or white text on `color`: the same ratio) meets AA, 4.5:1. */
export function passesAAOnWhite(color: string): boolean {
  return contrastRatio(color, WHITE) >= AA_NORMAL_TEXT;
}

/** Black or white, whichever reads better on a background of `color`. */
export function readableTextOn(color: string): typeof BLACK | typeof WHITE {
  return contrastRatio(color, BLACK) > contrastRatio(color, WHITE) ? BLACK : WHITE;
}

/**
 * The brand colour as a text colour on the page's white and light-grey backgrounds: the colour itself
 * when it passes AA there, else the same hue darkened step by step until it does. The target (4.7:1
 * against white) leaves room for the pages' grey-50 background, which is about 4% darker than white.
 */
export function brandInkOnWhite(color: string): string {
  const rgb = parseHexColor(color);
  if (!rgb) throw new Error(`not a hex colour: ${color}`);
  let current = rgb;
  for (let step = 0; step < 40 && ratio(current, [255, 255, 255]) < 4.7; step++) {
    current = current.map((c) => Math.floor(c * 0.93)) as Rgb;
  }
  return toHex(current);
}

/** What a consumer page paints with a brand colour: fills, the text on fills, and brand-coloured text. */
export type BrandColors = { fill: string; onFill: string; ink: string };

export function brandColors(color: string): BrandColors {
  return { fill: color, onFill: readableTextOn(color), ink: brandInkOnWhite(color) };
}

/** The inline style of a control filled with the brand colour (a consumer page's main button): the colour, and the text that reads on it. */
export function brandFillStyle(color: string): { backgroundColor: string; color: string } {
  return { backgroundColor: color, color: readableTextOn(color) };
}
