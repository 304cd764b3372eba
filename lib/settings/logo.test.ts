import { AppError } from "@/lib/api/errors";
import { decodeLogo, LOGO_MAX_BYTES, LOGO_MESSAGES, logoUrl, sniffImageType } from "@/lib/settings/logo";

const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString("base64")}`;

function caught(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected an AppError");
}

describe("decodeLogo", () => {
  const settings = { allowed: ["image/png", "image/jpeg"] as const };

  it("reads a PNG and a JPEG by their content", () => {
    expect(decodeLogo(dataUrl("image/png", PNG), settings)).toEqual({ bytes: PNG, mimeType: "image/png" });
    expect(decodeLogo(dataUrl("image/jpeg", JPEG), settings)).toEqual({ bytes: JPEG, mimeType: "image/jpeg" });
  });

  it("trusts the bytes, not the declared type: a PNG declared as JPEG (or as anything) is a PNG", () => {
    expect(decodeLogo(dataUrl("image/jpeg", PNG), settings).mimeType).toBe("image/png");
    expect(decodeLogo(dataUrl("application/octet-stream", PNG), settings).mimeType).toBe("image/png");
    expect(decodeLogo(dataUrl("image/png", JPEG), settings).mimeType).toBe("image/jpeg");
  });

  it("refuses a text file declared as image/png with 422 and the settings message", () => {
    const error = caught(() => decodeLogo(dataUrl("image/png", Buffer.from("hello, I am not an image")), settings));
    expect(error).toMatchObject({
      code: "validation_failed",
      status: 422,
      message: LOGO_MESSAGES.pngOrJpeg,
      fields: { logo: [LOGO_MESSAGES.pngOrJpeg] },
    });
    expect(LOGO_MESSAGES.pngOrJpeg).toBe("The logo must be a PNG or JPEG image.");
  });

  it("answers 'PNG only' when only PNG is allowed (onboarding) and a JPEG arrives", () => {
    const error = caught(() => decodeLogo(dataUrl("image/png", JPEG), { allowed: ["image/png"] }));
    expect(error).toMatchObject({ code: "validation_failed", message: "PNG only" });
    expect(decodeLogo(dataUrl("image/jpeg", PNG), { allowed: ["image/png"] }).mimeType).toBe("image/png");
  });

  it("refuses more than 1 MB with 413, and accepts exactly 1 MB", () => {
    const big = Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES - PNG.length + 1)]);
    const error = caught(() => decodeLogo(dataUrl("image/png", big), settings));
    expect(error).toMatchObject({
      code: "payload_too_large",
      status: 413,
      message: "The logo must be 1 MB or smaller.",
    });
    const exact = Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES - PNG.length)]);
    expect(decodeLogo(dataUrl("image/png", exact), settings).bytes.length).toBe(LOGO_MAX_BYTES);
  });

  it.each([
    ["not a data url"],
    ["data:image/png,plain-text-not-base64"],
    ["data:image/png;base64,!!!"],
    ["data:image/png;base64,"],
  ])("refuses %s with 422", (value) => {
    expect(caught(() => decodeLogo(value, settings)).code).toBe("validation_failed");
  });
});

describe("sniffImageType", () => {
  it("knows the PNG and JPEG signatures and nothing else", () => {
    expect(sniffImageType(PNG)).toBe("image/png");
    expect(sniffImageType(JPEG)).toBe("image/jpeg");
    expect(sniffImageType(Buffer.from("GIF89a"))).toBeNull();
    expect(sniffImageType(PNG.subarray(0, 7))).toBeNull();
  });
});

describe("logoUrl", () => {
  it("adds the change time for cache-busting", () => {
    const at = new Date("2026-03-01T12:00:00.000Z");
    expect(logoUrl("lee-insurance", at)).toBe(`/api/org/lee-insurance/logo?v=${at.getTime()}`);
    expect(logoUrl("lee-insurance", null)).toBe("/api/org/lee-insurance/logo");
  });
});
