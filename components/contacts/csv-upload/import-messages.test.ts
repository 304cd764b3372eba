import {
  bulkImportFailure,
  formatFileSize,
  householdsFoundMessage,
  rowProblems,
  unchangedRowsMessage,
} from "@/components/contacts/csv-upload/import-messages";

describe("bulkImportFailure (§8 Bulk import)", () => {
  it.each([
    [400, { error: { code: "bad_request", message: "CSV format invalid" } }, "CSV format invalid"],
    [413, null, "The file is too large. The limit is 20 MB."],
    [
      403,
      { error: { code: "forbidden", message: "Forbidden" } },
      "You don't have permission to upload contacts. Please contact your administrator.",
    ],
    [500, { error: { code: "internal", message: "Something went wrong" } }, "Server error (status 500)"],
    [502, null, "Server error (status 502)"],
    [0, null, "Network error"],
  ])("status %s", (status, body, message) => {
    expect(bulkImportFailure(status, body).message).toBe(message);
  });

  it("keeps the server's words as the detail of a 400 or 422", () => {
    expect(
      bulkImportFailure(422, { error: { code: "validation_failed", message: "contacts.0.rowNumber: Invalid input" } }),
    ).toEqual({
      message: "CSV format invalid",
      detail: "contacts.0.rowNumber: Invalid input",
    });
    expect(bulkImportFailure(400, { error: { message: "CSV format invalid" } }).detail).toBeNull();
  });

  it("explains other refusals with the server's words, never a 5xx's", () => {
    expect(bulkImportFailure(409, { error: { message: "Your plan allows 500 contacts." } })).toEqual({
      message: "Server error (status 409)",
      detail: "Your plan allows 500 contacts.",
    });
    expect(
      bulkImportFailure(400, { error: { message: "No valid contacts found in CSV. Please check email formats." } })
        .detail,
    ).toBe("No valid contacts found in CSV. Please check email formats.");
    expect(bulkImportFailure(500, { error: { message: "An unexpected error occurred" } }).detail).toBeNull();
  });

  it("formats file sizes", () => {
    expect(formatFileSize(512)).toBe("512 B");
    expect(formatFileSize(2048)).toBe("2 KB");
    expect(formatFileSize(6.3 * 1024 * 1024)).toBe("6.3 MB");
  });
});

describe("unchangedRowsMessage (#18 point 5: re-uploading the same file)", () => {
  it("counts the rows left unchanged instead of calling them errors, with the overwrite hint for admins", () => {
    expect(unchangedRowsMessage(1200, true)).toBe(
      "1,200 rows match existing contacts and were left unchanged (turn on overwrite to update them).",
    );
    expect(unchangedRowsMessage(1, true)).toBe(
      "1 row matches an existing contact and was left unchanged (turn on overwrite to update it).",
    );
    expect(unchangedRowsMessage(3, false)).toBe("3 rows match existing contacts and were left unchanged.");
  });
});

describe("householdsFoundMessage (issue #20 point 1: the import's household suggestions)", () => {
  it("counts the households found and says where to review them", () => {
    expect(householdsFoundMessage(2)).toBe("2 possible households found — review them on each contact's page.");
    expect(householdsFoundMessage(1)).toBe("1 possible household found — review it on each contact's page.");
    expect(householdsFoundMessage(1500)).toBe("1,500 possible households found — review them on each contact's page.");
  });
});

describe("rowProblems (#18 point 4: the result panel's row, column, reason)", () => {
  it("splits an error row into one problem per column", () => {
    expect(
      rowProblems({
        rowNumber: 7,
        error:
          "Missing values for: First Name, Last Name; Phone Number must have 10 digits; Birth Date: February 29, 1950 does not exist (February 1950 has 28 days); ZIP Code: Invalid zip code (00000); State must be a US state or its two-letter code",
      }),
    ).toEqual([
      { rowNumber: 7, column: "First Name", reason: "Missing value (required)" },
      { rowNumber: 7, column: "Last Name", reason: "Missing value (required)" },
      { rowNumber: 7, column: "Phone Number", reason: "Phone Number must have 10 digits" },
      { rowNumber: 7, column: "Birth Date", reason: "February 29, 1950 does not exist (February 1950 has 28 days)" },
      { rowNumber: 7, column: "ZIP Code", reason: "Invalid zip code (00000)" },
      { rowNumber: 7, column: "State", reason: "State must be a US state or its two-letter code" },
    ]);
  });

  it("puts an in-file duplicate under Email", () => {
    expect(
      rowProblems({ rowNumber: 3, error: "Duplicate email in this file: a@b.co (row 9 is imported instead)" }),
    ).toEqual([
      { rowNumber: 3, column: "Email", reason: "Duplicate email in this file: a@b.co (row 9 is imported instead)" },
    ]);
  });
});
