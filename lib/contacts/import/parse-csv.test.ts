import {
  CSV_PARSE_CONFIG,
  createCsvAccumulator,
  looksBinary,
  parseCsvText,
  uniqueColumnValues,
} from "@/lib/contacts/import/parse-csv";
import Papa from "papaparse";

describe("parseCsvText", () => {
  it.each([
    ["comma, LF", "a,b,c\n1,2,3\n", ","],
    ["semicolon, CRLF", "a;b;c\r\n1;2;3\r\n", ";"],
    ["tab", "a\tb\tc\n1\t2\t3\n", "\t"],
    ["pipe", "a|b|c\n1|2|3\n", "|"],
    ["CR only", "a,b,c\r1,2,3\r", ","],
    ["BOM", "\ufeffa,b,c\n1,2,3", ","],
  ])("%s", (_name, text, delimiter) => {
    const parsed = parseCsvText(text);
    expect(parsed.headers).toEqual(["a", "b", "c"]);
    expect(parsed.rows).toEqual([{ rowNumber: 2, values: ["1", "2", "3"] }]);
    expect(parsed.delimiter).toBe(delimiter);
  });

  it("keeps quoted commas, quotes and newlines in one field and numbers rows by spreadsheet line", () => {
    const parsed = parseCsvText('Name,Note\n"Doe, Jane","said ""hi""\nthen left"\n,\nBob,x\n');
    expect(parsed.rows).toEqual([
      { rowNumber: 2, values: ["Doe, Jane", 'said "hi"\nthen left'] },
      { rowNumber: 4, values: ["Bob", "x"] },
    ]);
  });

  it("makes headers unique and non-empty, pads short rows", () => {
    const parsed = parseCsvText("Email, ,email,Email (2)\na\n");
    expect(parsed.headers).toEqual(["Email", "Column 2", "email (2)", "Email (2) (2)"]);
    expect(parsed.rows[0]!.values).toEqual(["a", "", "", ""]);
  });

  it.each([
    ["", "CSV file is empty"],
    ["\ufeff", "CSV file is empty"],
    [" \r\n\r\n ", "CSV file is empty"],
    ["\u0000\u0001PK\u0003\u0004binary", "CSV format invalid: the file does not look like a CSV text file."],
  ])("refuses %j", (text, error) => {
    expect(parseCsvText(text)).toMatchObject({ headers: [], rows: [], errors: [error] });
  });

  it("reports an unbalanced quote without throwing", () => {
    const parsed = parseCsvText('a,b\n"unclosed,1\n2,3\n');
    expect(parsed.headers).toEqual(["a", "b"]);
    expect(parsed.errors.length).toBeGreaterThan(0);
  });

  it("chunked parsing (the browser's path) gives the same result", () => {
    const text = "First,Email\nA,a@example.com\n\nB,b@example.com\n";
    const acc = createCsvAccumulator();
    // A string parsed in chunks (the browser parses a File the same way, in a worker: see browserParse).
    const config = {
      ...CSV_PARSE_CONFIG,
      chunkSize: 8,
      chunk: (res: Papa.ParseResult<string[]>) => acc.push(res.data, res.errors, res.meta),
    };
    Papa.parse<string[]>(text, config as Papa.ParseConfig<string[]>);
    expect(acc.finish()).toEqual(parseCsvText(text));
  });

  it("the browser call type-checks with a File, a worker and progress", () => {
    const browserParse = (
      file: File,
      onDone: (parsed: ReturnType<typeof parseCsvText>) => void,
      onProgress: (share: number) => void,
    ) => {
      const acc = createCsvAccumulator();
      Papa.parse<string[]>(file, {
        ...CSV_PARSE_CONFIG,
        worker: true,
        chunk: (res) => {
          acc.push(res.data, res.errors, res.meta);
          onProgress(res.meta.cursor / file.size);
        },
        complete: () => onDone(acc.finish()),
      });
    };
    expect(typeof browserParse).toBe("function");
  });

  it("lists the unique values of a column", () => {
    const parsed = parseCsvText("Carrier\nHumana\n humana \nAetna\n\nHumana\n");
    expect(uniqueColumnValues(parsed, "Carrier")).toEqual(["Aetna", "humana", "Humana"]);
    expect(uniqueColumnValues(parsed, null)).toEqual([]);
  });

  it("detects binary samples", () => {
    expect(looksBinary("a,b\n1,2")).toBe(false);
    expect(looksBinary("\u0000abc")).toBe(true);
    expect(looksBinary("\ufffd\ufffd\ufffdab")).toBe(true);
  });
});
