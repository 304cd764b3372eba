import {
  autoMapColumns,
  detectCountyColumn,
  detectStateColumn,
  detectStreetColumn,
  detectUnitColumn,
  normalizeHeader,
} from "@/lib/contacts/import/column-mapping";

describe("autoMapColumns", () => {
  it("maps the canonical template header (example.csv)", () => {
    expect(
      autoMapColumns([
        "First Name",
        "Last Name",
        "Email",
        "Current Carrier",
        "Plan Type (G/N)",
        "Effective Date (YYYY-MM-DD)",
        "Birth Date (YYYY-MM-DD)",
        "Tobacco User (Yes/No)",
        "Gender (M/F)",
        "ZIP Code",
        "Phone Number",
      ]),
    ).toEqual({
      firstName: "First Name",
      lastName: "Last Name",
      email: "Email",
      currentCarrier: "Current Carrier",
      planType: "Plan Type (G/N)",
      effectiveDate: "Effective Date (YYYY-MM-DD)",
      birthDate: "Birth Date (YYYY-MM-DD)",
      tobaccoUser: "Tobacco User (Yes/No)",
      gender: "Gender (M/F)",
      zipCode: "ZIP Code",
      phoneNumber: "Phone Number",
    });
  });

  it.each([
    ["firstName", ["fname"], "fname"],
    ["firstName", ["Given Name"], "Given Name"],
    ["firstName", ["FirstName"], "FirstName"],
    ["lastName", ["SURNAME"], "SURNAME"],
    ["email", ["E-mail"], "E-mail"],
    ["email", ["Client Email Address"], "Client Email Address"],
    ["phoneNumber", ["Cell Phone"], "Cell Phone"],
    ["phoneNumber", ["mobile number"], "mobile number"],
    ["currentCarrier", ["Insurance Carrier"], "Insurance Carrier"],
    ["currentCarrier", ["provider"], "provider"],
    ["effectiveDate", ["Plan Start Date"], "Plan Start Date"],
    ["birthDate", ["DOB"], "DOB"],
    ["birthDate", ["Date of Birth (MM/DD/YYYY)"], "Date of Birth (MM/DD/YYYY)"],
    ["tobaccoUser", ["Smoker"], "Smoker"],
    ["gender", ["Sex"], "Sex"],
    ["gender", ["M/F"], "M/F"],
    ["zipCode", ["Postal Code"], "Postal Code"],
    ["planType", ["coverage type"], "coverage type"],
  ] as const)("%s ← %j", (field, headers, expected) => {
    expect(autoMapColumns(headers)[field]).toBe(expected);
  });

  it("uses each header once and prefers exact matches", () => {
    const mapping = autoMapColumns(["Plan", "Plan Start Date", "Last Contacted", "Last"]);
    expect(mapping).toMatchObject({ planType: "Plan", effectiveDate: "Plan Start Date", lastName: "Last" });
    expect(Object.values(autoMapColumns(["Last Contacted", "Notes"])).every((v) => v === null)).toBe(true);
  });

  it("maps nothing for no headers or unrelated ones", () => {
    expect(Object.values(autoMapColumns([])).every((v) => v === null)).toBe(true);
    expect(Object.values(autoMapColumns(["foo", "bar", "😀"])).every((v) => v === null)).toBe(true);
  });

  it("finds optional State and County columns", () => {
    expect(detectStateColumn(["Email", "ST"])).toBe("ST");
    expect(detectCountyColumn(["County Name"])).toBe("County Name");
    expect(detectStateColumn(["Email"])).toBeNull();
    expect(normalizeHeader("E-mail Address (Primary)")).toBe("e mail address primary");
  });

  it.each([
    [["Email Address", "Address", "Address 2"], "Address", "Address 2"],
    [["Street", "Apt"], "Street", "Apt"],
    [["Address Line 1", "Address Line 2"], "Address Line 1", "Address Line 2"],
    [["Street Address", "Unit"], "Street Address", "Unit"],
    [["Email Address", "Mailing Address 2 Notes"], null, null],
  ])("finds optional street and unit columns in %j", (headers, street, unit) => {
    const mapping = autoMapColumns(headers);
    expect(detectStreetColumn(headers, mapping)).toBe(street);
    expect(detectUnitColumn(headers, mapping)).toBe(unit);
    expect(Object.values(mapping)).not.toContain("Address");
  });
});
