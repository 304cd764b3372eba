import { bulkImportFailure, formatFileSize } from "@/components/contacts/csv-upload/import-messages";

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
