import { rowValues, type BulkImportResponse, type ImportContactInput } from "@/lib/contacts/import/import-types";
import { errorRowsDownload, unrecognizedCarriersDownload } from "@/components/contacts/csv-upload/result-downloads";

const lines = (text: string) =>
  text
    .replace(/^\ufeff/, "")
    .trimEnd()
    .split("\r\n");

const HEADER =
  '"First Name","Last Name","Email","Current Carrier","Plan Type","Effective Date","Birth Date","Tobacco User","Gender","ZIP Code","Phone Number"';

describe("error rows download (upload_errors.csv)", () => {
  it("has Row (the spreadsheet line), the fields and Error, with formula cells neutralised", () => {
    const result: Pick<BulkImportResponse, "errorRows"> = {
      errorRows: [
        {
          rowNumber: 3,
          values: rowValues({
            firstName: '=HYPERLINK("http://x")',
            lastName: "Lee",
            email: "ann@example.com",
            phoneNumber: "+1 512",
          }),
          error: "Invalid phone number",
        },
        {
          rowNumber: 7,
          values: rowValues({ firstName: "@SUM(A1)", lastName: "-2", email: "bob@example.com" }),
          error: "Missing values for: Last Name",
        },
      ],
    };
    const download = errorRowsDownload(result);
    expect(download.fileName).toBe("upload_errors.csv");
    const [header, first, second] = lines(download.text);
    expect(header).toBe(`"Row",${HEADER},"Error"`);
    expect(first).toBe(
      '"3","\'=HYPERLINK(""http://x"")","Lee","ann@example.com","","","","","","","","\'+1 512","Invalid phone number"',
    );
    expect(second).toBe(
      '"7","\'@SUM(A1)","\'-2","bob@example.com","","","","","","","","","Missing values for: Last Name"',
    );
  });
});

describe("unrecognized carriers download (unrecognized_carriers.csv)", () => {
  it("has the rows as sent, read back by row number, with the original carrier", () => {
    const sent: ImportContactInput[] = [
      {
        rowNumber: 2,
        firstName: "Ann",
        lastName: "Lee",
        email: "ann@example.com",
        currentCarrier: "United Healthcare",
      },
      {
        rowNumber: 5,
        firstName: "Bob",
        lastName: "Ray",
        email: "bob@example.com",
        currentCarrier: "=Acme()",
        planType: "Plan G",
      },
    ];
    const download = unrecognizedCarriersDownload(
      { carrierConversions: [{ rowNumber: 5, original: "=Acme()", mappedTo: "Other" }] },
      sent,
    );
    expect(download.fileName).toBe("unrecognized_carriers.csv");
    const rows = lines(download.text);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toBe(`"Row",${HEADER},"Original Carrier"`);
    expect(rows[1]).toBe('"5","Bob","Ray","bob@example.com","\'=Acme()","Plan G","","","","","","","\'=Acme()"');
  });
});
