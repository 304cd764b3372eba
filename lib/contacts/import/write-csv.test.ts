import { rowValues } from "@/lib/contacts/import/import-types";
import { carrierConversionsCsv, neutralizeCell, toCsv, uploadErrorsCsv } from "@/lib/contacts/import/write-csv";

describe("toCsv", () => {
  it("quotes every value, doubles quotes, ends lines with CRLF", () => {
    expect(toCsv([["a", 'say "hi"', "x,y", "line\nbreak", null, 3, true]])).toBe(
      '"a","say ""hi""","x,y","line\nbreak","","3","true"\r\n',
    );
    expect(toCsv([])).toBe("");
  });

  it.each([
    ["=SUM(A1:A9)", "'=SUM(A1:A9)"],
    ["+15550100", "'+15550100"],
    ["-2+3", "'-2+3"],
    ["@cmd", "'@cmd"],
    ["\t=1", "'\t=1"],
    ["\r=1", "'\r=1"],
    ["plain", "plain"],
    [" =not first", " =not first"],
    ["a=b", "a=b"],
    ["", ""],
  ])("neutralises %j", (value, expected) => {
    expect(neutralizeCell(value)).toBe(expected);
  });
});

describe("import downloads", () => {
  it("upload_errors.csv: Row, the 11 fields, Error; formulas neutralised", () => {
    const csv = uploadErrorsCsv([
      {
        rowNumber: 7,
        values: rowValues({ firstName: "=cmd|' /C calc'!A0", email: "x@example.com" }),
        error: "Missing values for: Last Name",
      },
    ]);
    const lines = csv.replace(/^\ufeff/, "").split("\r\n");
    expect(lines[0]).toBe(
      '"Row","First Name","Last Name","Email","Current Carrier","Plan Type","Effective Date","Birth Date","Tobacco User","Gender","ZIP Code","Phone Number","Error"',
    );
    expect(lines[1]).toBe(
      `"7","'=cmd|' /C calc'!A0","","x@example.com","","","","","","","","","Missing values for: Last Name"`,
    );
    expect(csv.startsWith("\ufeff")).toBe(true);
  });

  it("unrecognized_carriers.csv: Row, the 11 fields, Original Carrier", () => {
    const csv = carrierConversionsCsv([{ rowNumber: 3, original: "@Globe", mappedTo: "Other" }], () =>
      rowValues({ email: "a@example.com", currentCarrier: "@Globe" }),
    );
    expect(csv.split("\r\n")[1]).toBe(`"3","","","a@example.com","'@Globe","","","","","","","","'@Globe"`);
  });
});
