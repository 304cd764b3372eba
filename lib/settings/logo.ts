import "server-only";
import { AppError } from "@/lib/api/errors";
import {
  LOGO_MAX_BYTES,
  LOGO_MESSAGES,
  sniffImageType,
  wrongLogoTypeMessage,
  type LogoMimeType,
} from "@/lib/settings/logo-rules";

export {
  LOGO_BODY_MAX_BYTES,
  LOGO_MAX_BYTES,
  LOGO_MESSAGES,
  logoUrl,
  sniffImageType,
  type LogoMimeType,
} from "@/lib/settings/logo-rules";

export type DecodedLogo = { bytes: Buffer; mimeType: LogoMimeType };

const DATA_URL = /^data:([^;,]*)(;[^,]*)?,(.*)$/s;

/** Decoded size of a base64 text without decoding it. */
function base64DecodedLength(base64: string): number {
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/**
 * A logo sent as a data URL ("data:image/png;base64,…") → its bytes and its real type.
 *
 * The type is taken from the CONTENT (PNG signature 89 50 4E 47 0D 0A 1A 0A, JPEG FF D8 FF), never
 * from the declared type or a file name: a PNG declared as image/jpeg is stored as a PNG, and a text
 * file declared as image/png is refused.
 *
 * - larger than 1 MB → 413 'The logo must be 1 MB or smaller.'
 * - not an accepted image → 422 ('PNG only' when only PNG is allowed, as in onboarding;
 *   'The logo must be a PNG or JPEG image.' otherwise), with `fields.logo`.
 */
export function decodeLogo(dataUrl: string, { allowed }: { allowed: readonly LogoMimeType[] }): DecodedLogo {
  const wrongType = () =>
    new AppError("validation_failed", wrongLogoTypeMessage(allowed), {
      fields: { logo: [wrongLogoTypeMessage(allowed)] },
    });
  const match = DATA_URL.exec(dataUrl.trim());
  if (!match || !(match[2] ?? "").split(";").includes("base64")) throw wrongType();
  const base64 = match[3]!.replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw wrongType();
  // Refuse an oversized logo before allocating it.
  if (base64DecodedLength(base64) > LOGO_MAX_BYTES)
    throw new AppError("payload_too_large", LOGO_MESSAGES.tooLarge, { fields: { logo: [LOGO_MESSAGES.tooLarge] } });
  const bytes = Buffer.from(base64, "base64");
  if (bytes.length > LOGO_MAX_BYTES)
    throw new AppError("payload_too_large", LOGO_MESSAGES.tooLarge, { fields: { logo: [LOGO_MESSAGES.tooLarge] } });
  const mimeType = sniffImageType(bytes);
  if (!mimeType || !allowed.includes(mimeType)) throw wrongType();
  return { bytes, mimeType };
}
