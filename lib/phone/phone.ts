/**
 * US phone numbers, one place for lib/ and the forms (pure; safe in the browser bundle). A phone is
 * stored as its 10 national digits ("5125550100"); what people type or paste ("+1 (512) 555-0100",
 * "512.555.0100") is reduced to them, and shown as "(512) 555-0100".
 */

export const PHONE_DIGITS = 10;

/**
 * The digits of a phone as typed or stored: formatting is dropped and the country code 1 in front of
 * an 11-digit number is removed. Never truncated, so 12 digits stay invalid.
 */
export function nationalDigits(value: string): string {
  const digits = value.replace(/\D/g, "");
  return digits.length === PHONE_DIGITS + 1 && digits.startsWith("1") ? digits.slice(1) : digits;
}

/**
 * The digits of a typed or pasted phone number, at most 10. A pasted "+1 (555) 123-4567" (11 digits
 * starting with the country code 1) keeps the last 10.
 */
export function phoneDigits(input: string): string {
  return nationalDigits(input).slice(0, PHONE_DIGITS);
}

/**
 * "(XXX) XXX-XXXX", built progressively as digits arrive: "(5", "(555", "(555) 1", "(555) 123-4".
 * Formatting characters never trail the last digit, so Backspace at the end always removes a digit.
 */
export function formatPhone(input: string): string {
  const digits = phoneDigits(input);
  if (digits.length === 0) return "";
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** A stored phone in an email or on a page: 10 digits as "(512) 555-0100", anything else as stored. */
export function formatStoredPhone(phone: string): string {
  return /^\d{10}$/.test(phone) ? formatPhone(phone) : phone;
}

/** "(512) 555-0100" for a 10-digit number (an 11-digit one with a leading 1 too); null otherwise. */
export function displayPhone(value: string | null | undefined): string | null {
  const digits = value ? phoneDigits(value) : "";
  return digits.length === PHONE_DIGITS ? formatPhone(digits) : null;
}

/** tel: link in E.164 (+1…), so it dials from any phone. */
export function telHref(value: string): string {
  return `tel:+1${phoneDigits(value)}`;
}

/**
 * The digits after an edit of a formatted phone input. When the edit removed only a formatting
 * character (Backspace over ")" or "-"), the digit before it is removed instead, so the edit is not lost.
 * `caret` is the input's selectionStart after the edit.
 */
export function nextPhoneDigits(previousDigits: string, rawValue: string, caret: number | null = null): string {
  const digits = phoneDigits(rawValue);
  const removedFormattingOnly = digits === previousDigits && rawValue.length < formatPhone(previousDigits).length;
  if (!removedFormattingOnly) return digits;
  const digitsBeforeCaret = phoneDigits(rawValue.slice(0, caret ?? rawValue.length)).length;
  if (digitsBeforeCaret === 0) return digits;
  return digits.slice(0, digitsBeforeCaret - 1) + digits.slice(digitsBeforeCaret);
}
