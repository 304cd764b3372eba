import {
  canSaveContactForm,
  CONTACT_MESSAGES,
  contactInputSchema,
  emailTypeLabel,
  isContactEmailFormatValid,
  isIsoCalendarDate,
} from "@/lib/contacts/contact-schema";

const valid = { firstName: "Ann", lastName: "Lee", email: "ann@example.com" };
const fieldErrors = (input: unknown) => {
  const result = contactInputSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
};

describe("contact form rules (§5)", () => {
  it("requires first name, last name and email", () => {
    expect(fieldErrors({ firstName: " ", lastName: "", email: "" })).toEqual({
      firstName: CONTACT_MESSAGES.firstNameRequired,
      lastName: CONTACT_MESSAGES.lastNameRequired,
      email: CONTACT_MESSAGES.emailRequired,
    });
  });

  it.each([
    ["a@b.co", true],
    ["ann@example.com", true],
    ["a@b.c", false], // 5 characters: must be longer
    ["annexample.com", false], // no @
    ["ann@example", false], // no dot
    ["ann @example.com", false],
    ["josé.miller4@example.com", true], // RFC 6531: one rule for the form, the routes and the import
    ["mhernández3@example.com", true],
    ["ann@exa..mple.com", false],
  ])("email %s valid: %s", (email, ok) => {
    expect(isContactEmailFormatValid(email)).toBe(ok);
    expect(fieldErrors({ ...valid, email }).email).toBe(ok ? undefined : CONTACT_MESSAGES.invalidEmail);
  });

  it("refuses line breaks and other control characters in the names (they would reach email subjects)", () => {
    expect(fieldErrors({ ...valid, firstName: "Ada\r\nBcc: victim@example.com", lastName: "Lee\u0000" })).toEqual({
      firstName: "Please remove line breaks and other control characters.",
      lastName: "Please remove line breaks and other control characters.",
    });
    expect(contactInputSchema.parse({ ...valid, firstName: " Ada\n" }).firstName).toBe("Ada");
  });

  it("stores the email trimmed and lower-cased", () => {
    expect(contactInputSchema.parse({ ...valid, email: "  Ann@Example.COM " }).email).toBe("ann@example.com");
  });

  it("keeps phone digits only: 10 digits, or nothing", () => {
    expect(contactInputSchema.parse({ ...valid, phoneNumber: "(555) 555-5555" }).phoneNumber).toBe("5555555555");
    expect(contactInputSchema.parse({ ...valid, phoneNumber: "+1 555 555 5555" }).phoneNumber).toBe("5555555555");
    expect(contactInputSchema.parse({ ...valid, phoneNumber: "" }).phoneNumber).toBeNull();
    expect(fieldErrors({ ...valid, phoneNumber: "555-5555" }).phoneNumber).toBe(CONTACT_MESSAGES.invalidPhone);
  });

  it("accepts only strict YYYY-MM-DD dates, with the spec's messages", () => {
    expect(contactInputSchema.parse({ ...valid, birthDate: "1958-02-28", effectiveDate: "" })).toMatchObject({
      birthDate: "1958-02-28",
      effectiveDate: null,
    });
    expect(fieldErrors({ ...valid, birthDate: "02/28/1958" }).birthDate).toBe("Invalid birth date format");
    expect(fieldErrors({ ...valid, effectiveDate: "2025-02-30" }).effectiveDate).toBe("Invalid effective date format");
    expect(fieldErrors({ ...valid, effectiveDate: "2025-02-01T00:00:00Z" }).effectiveDate).toBe(
      "Invalid effective date format",
    );
    expect(isIsoCalendarDate("2024-02-29")).toBe(true);
    expect(isIsoCalendarDate("2023-02-29")).toBe(false);
  });

  it("takes ZIP as 5 digits, gender M/F, tobacco yes/no and a standard plan", () => {
    expect(fieldErrors({ ...valid, zipCode: "7870" }).zipCode).toBe("Please enter a valid 5-digit zip code");
    expect(fieldErrors({ ...valid, gender: "X" }).gender).toBe(CONTACT_MESSAGES.invalidGender);
    expect(fieldErrors({ ...valid, planType: "Plan Z" }).planType).toBe(CONTACT_MESSAGES.invalidPlanType);
    expect(
      contactInputSchema.parse({ ...valid, zipCode: "78701", gender: "F", tobaccoUser: true, planType: "Plan G" }),
    ).toMatchObject({ zipCode: "78701", gender: "F", tobaccoUser: true, planType: "Plan G" });
  });
});

describe("save button (§4)", () => {
  it.each([
    [valid, "idle", true],
    [valid, "available", true],
    [valid, "timeout", true],
    [valid, "checking", false],
    [valid, "taken", false],
    [{ ...valid, firstName: " " }, "available", false],
    [{ ...valid, lastName: "" }, "available", false],
    [{ ...valid, email: "" }, "idle", false],
  ] as const)("%o while %s → %s", (values, status, enabled) => {
    expect(canSaveContactForm(values, status)).toBe(enabled);
  });
});

it("labels email types", () => {
  expect(emailTypeLabel("birthday")).toBe("Birthday");
  expect(emailTypeLabel("post_window")).toBe("Post GI");
  expect(emailTypeLabel("campaign_rate_increase")).toBe("Rate Increase");
  expect(emailTypeLabel("something_new")).toBe("Something new");
});
