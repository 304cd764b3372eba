import { CsvFileError, fileRefusal, parseCsvFile } from "@/components/contacts/csv-upload/parse-csv-file";

function fakeFile(size: number) {
  const slice = jest.fn(() => new Blob(["a,b\n1,2\n"]));
  const file = { name: "huge.csv", size, type: "text/csv", slice } as unknown as File;
  return { file, slice };
}

describe("parseCsvFile", () => {
  it("refuses a file over 20 MB before reading any of it", async () => {
    const { file, slice } = fakeFile(20 * 1024 * 1024 + 1);
    expect(fileRefusal(file)).toBe("The file is too large. The limit is 20 MB.");
    await expect(parseCsvFile(file)).rejects.toEqual(new CsvFileError("The file is too large. The limit is 20 MB."));
    expect(slice).not.toHaveBeenCalled();
  });

  it("refuses an empty file and accepts one of exactly 20 MB", () => {
    expect(fileRefusal({ size: 0 })).toBe("CSV file is empty");
    expect(fileRefusal({ size: 20 * 1024 * 1024 })).toBeNull();
  });

  it("refuses a binary file after reading only a sample", async () => {
    const file = new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x01])], "book.xlsx");
    await expect(parseCsvFile(file)).rejects.toThrow(
      "CSV format invalid: the file does not look like a CSV text file.",
    );
  });
});
