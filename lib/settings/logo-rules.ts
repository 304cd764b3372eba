/**
 * Logo rules shared by the server (decodeLogo) and the settings form (checks before upload).
 * Pure: safe in the browser bundle.
 */

export type LogoMimeType = "image/png" | "image/jpeg";

/** The largest logo we store (bytes of the image itself, not of its base64 text). */
export const LOGO_MAX_BYTES = 1024 * 1024;

/** A JSON body carrying a 1 MB logo as base64 (4/3 of the bytes) plus the settings fits in this. */
export const LOGO_BODY_MAX_BYTES = Math.floor(1.5 * 1024 * 1024);

export const LOGO_MESSAGES = {
  tooLarge: "The logo must be 1 MB or smaller.",
  /** Onboarding accepts PNG only (agency-side.md §5). */
  pngOnly: "PNG only",
  /** Organization settings accept PNG or JPEG. */
  pngOrJpeg: "The logo must be a PNG or JPEG image.",
} as const;

/** Recommended logo size for the settings screen (agency-side.md §9). */
export const SETTINGS_LOGO_GUIDANCE = "PNG or JPEG, up to 1 MB. Recommended: 250–320px wide by 80–100px high.";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, signature: number[]) =>
  bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

/** The image type by its first bytes (never by a declared type or a file name); null when neither. */
export function sniffImageType(bytes: Uint8Array): LogoMimeType | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return "image/png";
  if (startsWith(bytes, JPEG_SIGNATURE)) return "image/jpeg";
  return null;
}

/** The message for a file of the wrong type, for the accepted set. */
export function wrongLogoTypeMessage(allowed: readonly LogoMimeType[]): string {
  return allowed.length === 1 && allowed[0] === "image/png" ? LOGO_MESSAGES.pngOnly : LOGO_MESSAGES.pngOrJpeg;
}

/**
 * The public URL of an organization's logo. `?v=<epoch ms of the last change>` makes every change a
 * new URL, so browsers and CDNs may cache each version.
 */
export function logoUrl(slug: string, updatedAt: Date | string | null | undefined): string {
  const base = `/api/org/${encodeURIComponent(slug)}/logo`;
  if (!updatedAt) return base;
  const time = new Date(updatedAt).getTime();
  return Number.isFinite(time) ? `${base}?v=${time}` : base;
}
