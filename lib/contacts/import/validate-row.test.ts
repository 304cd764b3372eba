import {
  validateImportRow,
  normalizePhone,
  normalizeZip,
  isValidImportEmail,
} from "@/lib/contacts/import/validate-row";

const NOW = new Date("2026-03-15T12:00:00Z");
const base = {
  rowNumber: 2,
  firstName: "Ada",
  lastName: "Lovelace",
  email: "  Ada.Lovelace@Example.COM ",
  phoneNumber: "(555) 010-0123",
  currentCarrier: "Humana",
  effectiveDate: "2027-01-01",
  birthDate: "12/10/1955",
  tobaccoUser: "No",
  gender: "F",
  zipCode: "78701",
  planType: "G",
};

describe("validateImportRow", () => {
  it("normalises a good row (future effective date allowed: REC)", () => {
    expect(validateImportRow(base, { now: NOW })).toEqual({
      contact: {
        rowNumber: 2,
        firstName: "Ada",
        lastName: "Lovelace",
        email: "ada.lovelace@example.com",
        phoneNumber: "5550100123",
        currentCarrier: "Humana",
        effectiveDate: "2027-01-01",
        birthDate: "1955-12-10",
        tobaccoUser: false,
        gender: "F",
        zipCode: "78701",
        planType: "Plan G",
        state: null,
        county: null,
        streetAddress: null,
        addressUnit: null,
      },
      errors: [],
      invalidEmail: false,
    });
  });

  it("keeps the street line and unit on one line, and refuses them longer than the contact form allows", () => {
    const ok = validateImportRow({ ...base, streetAddress: " 12  Elm St\n", addressUnit: "Apt\t4B" }, { now: NOW });
    expect(ok.contact).toMatchObject({ streetAddress: "12 Elm St", addressUnit: "Apt 4B" });
    const long = validateImportRow(
      { ...base, streetAddress: "x".repeat(201), addressUnit: "y".repeat(51) },
      { now: NOW },
    );
    expect(long.errors).toEqual([
      "Address is too long (at most 200 characters)",
      "Address 2 is too long (at most 50 characters)",
    ]);
  });

  it("leaves optional blanks empty", () => {
    const result = validateImportRow({ rowNumber: 3, firstName: "A", lastName: "B", email: "a@b.co" }, { now: NOW });
    expect(result.contact).toMatchObject({
      phoneNumber: null,
      zipCode: null,
      gender: null,
      tobaccoUser: null,
      birthDate: null,
      effectiveDate: null,
      planType: null,
      currentCarrier: null,
    });
  });

  it.each([
    "",
    "   ",
    "no-at-sign.com",
    "a@b",
    "a@.com",
    "a b@example.com",
    "ab@c.",
    "a@b..com",
    "😀@example.com",
    "x@y.z",
  ])("invalid email %j", (email) => {
    expect(validateImportRow({ ...base, email }, { now: NOW })).toEqual({
      contact: null,
      errors: ["Invalid email format"],
      invalidEmail: true,
    });
  });

  it.each([
    [{ firstName: "" }, "Missing values for: First Name"],
    [{ firstName: " ", lastName: "" }, "Missing values for: First Name, Last Name"],
    [{ phoneNumber: "555-0100" }, "Phone Number must have 10 digits"],
    [{ zipCode: "ABCDE" }, "ZIP Code must be 5 digits"],
    [{ zipCode: "123456" }, "ZIP Code must be 5 digits"],
    [{ gender: "X" }, "Gender must be M or F"],
    [{ tobaccoUser: "maybe" }, "Tobacco User must be Yes or No"],
    [{ birthDate: "2026-03-16" }, "Birth Date cannot be in the future"],
    [{ birthDate: "31/31/1950" }, "Birth Date: Invalid date format (use YYYY-MM-DD or MM/DD/YYYY)"],
    [{ effectiveDate: "soon" }, "Effective Date: Invalid date format (use YYYY-MM-DD or MM/DD/YYYY)"],
    [{ effectiveDate: "1700-01-01" }, "Effective Date: Year must be between 1800 and 2100"],
    [{ birthDate: "1950-02-29" }, "Birth Date: February 29, 1950 does not exist (February 1950 has 28 days)"],
    [{ state: "Narnia" }, "State must be a US state or its two-letter code"],
    [{ firstName: "x".repeat(101) }, "First Name is too long (at most 100 characters)"],
  ])("%j → %s", (change, error) => {
    const result = validateImportRow({ ...base, ...change }, { now: NOW });
    expect(result.contact).toBeNull();
    expect(result.errors).toContain(error);
    expect(result.invalidEmail).toBe(false);
  });

  it("reports every problem of a row", () => {
    expect(validateImportRow({ ...base, gender: "?", zipCode: "1" }, { now: NOW }).errors).toEqual([
      "ZIP Code must be 5 digits",
      "Gender must be M or F",
    ]);
  });

  it.each(["josé.miller4@example.com", "mhernández3@example.com", "zoë@bücher.de", "Łukasz@example.pl"])(
    "imports the person with an internationalized address %s (RFC 6531)",
    (email) => {
      const result = validateImportRow({ ...base, email }, { now: NOW });
      expect(result.invalidEmail).toBe(false);
      expect(result.contact?.email).toBe(email.toLowerCase());
      expect(isValidImportEmail(email)).toBe(true);
    },
  );

  it("stores an internationalized address in one Unicode form (NFC), so a decomposed accent is the same address", () => {
    const decomposed = "jose\u0301.miller4@example.com";
    expect(validateImportRow({ ...base, email: decomposed }, { now: NOW }).contact?.email).toBe(
      "josé.miller4@example.com",
    );
  });

  it("applies the contact form's ZIP rule when the ZIP table is given: an unknown ZIP is an error row", () => {
    const isKnownZip = (zip: string) => zip === "78701";
    expect(validateImportRow({ ...base, zipCode: "00000" }, { now: NOW, isKnownZip })).toEqual({
      contact: null,
      errors: ["ZIP Code: Invalid zip code (00000)"],
      invalidEmail: false,
    });
    expect(validateImportRow({ ...base, zipCode: "78701" }, { now: NOW, isKnownZip }).contact?.zipCode).toBe("78701");
    expect(validateImportRow({ ...base, zipCode: "" }, { now: NOW, isKnownZip }).contact?.zipCode).toBeNull();
  });

  it("keeps an embedded newline of a quoted carrier or county cell as written; names stay one line", () => {
    const contact = validateImportRow(
      {
        ...base,
        firstName: "Ada\nMarie",
        currentCarrier: "Mutual of Omaha\r\nUnited World  Life",
        county: "Travis\nCounty",
      },
      { now: NOW },
    ).contact;
    expect(contact?.currentCarrier).toBe("Mutual of Omaha\nUnited World Life");
    expect(contact?.county).toBe("Travis\nCounty");
    expect(contact?.firstName).toBe("Ada Marie");
  });

  it("birth date today is fine", () => {
    expect(validateImportRow({ ...base, birthDate: "2026-03-15" }, { now: NOW }).contact?.birthDate).toBe("2026-03-15");
  });

  it.each([
    ["yes", true],
    ["TRUE", true],
    ["1", true],
    ["Y", true],
    ["no", false],
    ["false", false],
    ["0", false],
    ["n", false],
    ["", null],
  ])("tobacco %j → %s", (tobaccoUser, expected) => {
    expect(validateImportRow({ ...base, tobaccoUser }, { now: NOW }).contact?.tobaccoUser).toBe(expected);
  });

  it.each([
    ["m", "M"],
    ["Male", "M"],
    ["FEMALE", "F"],
    ["", null],
  ])("gender %j → %s", (gender, expected) => {
    expect(validateImportRow({ ...base, gender }, { now: NOW }).contact?.gender).toBe(expected);
  });

  it("state accepts codes and names", () => {
    expect(validateImportRow({ ...base, state: "tx" }, { now: NOW }).contact?.state).toBe("TX");
    expect(validateImportRow({ ...base, state: "New York" }, { now: NOW }).contact?.state).toBe("NY");
    expect(validateImportRow({ ...base, state: "PR" }, { now: NOW }).contact?.state).toBe("PR");
  });
});

describe("field helpers", () => {
  it.each([
    ["5550100123", "5550100123"],
    ["+1 (555) 010-0123", "5550100123"],
    ["555.010.0123 x45", "5550100123"],
    ["555-010-0123 ext. 9", "5550100123"],
    ["", null],
    ["555-0100", "invalid"],
    ["abc", "invalid"],
    ["123456789012", "invalid"],
  ])("phone %j → %s", (raw, expected) => expect(normalizePhone(raw)).toBe(expected));

  it.each([
    ["78701", "78701"],
    ["78701-1234", "78701"],
    ["787011234", "78701"],
    ["7030", "07030"],
    ["501", "00501"],
    ["", null],
    ["12", "invalid"],
    ["7030-1234", "invalid"],
  ])("zip %j → %s", (raw, expected) => expect(normalizeZip(raw)).toBe(expected));

  it("email validity (D.1.4: @, a dot, longer than 5)", () => {
    expect(isValidImportEmail("a@b.co")).toBe(true);
    expect(isValidImportEmail("a@b.c")).toBe(false);
  });
});
