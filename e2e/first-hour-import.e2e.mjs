// The first hour, CSV import (#18 points 1–6): a CRM export with internationalized addresses, a ZIP the
// ZIP table does not know, a date the calendar lacks and a carrier cell with an embedded newline keeps
// the book whole and lists its error rows in the result panel (row, column, reason); the same file
// again is "left unchanged", not errors; a prospect list without a carrier column imports; a file
// without an email column says so.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { chooseCsv, signUpAgency } from "./helpers.mjs";

const CRM_EXPORT = join(import.meta.dirname, "fixtures", "first-hour-crm-export.csv");

/** A fresh agency of its own (its book starts empty), on /contacts. */
async function newAgency(page, baseUrl, firstName) {
  const stamp = Date.now();
  await signUpAgency(page, baseUrl, {
    firstName,
    lastName: "Importer",
    organizationName: `${firstName} Imports ${stamp}`,
    email: `${firstName.toLowerCase()}.importer.${stamp}@example.com`,
    phoneDigits: "5125550177",
  });
  await page.goto(baseUrl + "/contacts");
  await page.getByRole("heading", { level: 1, name: "Contacts (0)" }).waitFor();
}

/** The cells of a table's rows, header row first. */
async function tableCells(table) {
  return table
    .getByRole("row")
    .evaluateAll((rows) => rows.map((row) => Array.from(row.children).map((cell) => cell.textContent.trim())));
}

/** Every contact of the book as the API shows one (GET /api/contacts/{id}), by email. */
async function contactsByEmail(page, baseUrl) {
  const { contacts } = await (await page.request.get(baseUrl + "/api/contacts?limit=100")).json();
  // GET /api/contacts/{id} answers the contact itself (ContactDetail).
  const details = await Promise.all(
    contacts.map(async (c) => (await page.request.get(`${baseUrl}/api/contacts/${c.id}`)).json()),
  );
  return new Map(details.map((c) => [c.email, c]));
}

export const journeys = [
  {
    name: "import: a messy CRM export keeps the book whole; the same file again is left unchanged, not errors",
    async run({ page, baseUrl, screenshot, expect }) {
      await newAgency(page, baseUrl, "Irene");
      const file = readFileSync(CRM_EXPORT);
      let dialog = await chooseCsv(page, "crm-export.csv", file);
      await dialog.getByText(/5\s+rows found/).waitFor();
      // Internationalized addresses are addresses: none is counted as skipped before the upload.
      expect(
        (await dialog.getByText(/without a valid email will be skipped/).count()) === 0,
        "no row is announced as skipped for its email",
      );
      await dialog.getByRole("button", { name: "Upload", exact: true }).click();

      let results = page.getByRole("dialog", { name: "Import Results" });
      await results.getByText("Successfully imported 3 contacts (2 skipped).").waitFor();
      const errors = results.getByRole("region", { name: "Upload Errors" });
      await errors.getByText("Found 2 rows with errors. Successfully imported 3 rows.").waitFor();
      // The rows with errors are in the panel: row, column, reason (and still in the download).
      const cells = await tableCells(errors.getByRole("table", { name: "Rows with errors" }));
      expect(
        JSON.stringify(cells) ===
          JSON.stringify([
            ["Row", "Column", "Reason"],
            ["4", "ZIP Code", "Invalid zip code (00000)"],
            ["5", "Birth Date", "February 29, 1950 does not exist (February 1950 has 28 days)"],
          ]),
        `error rows in the panel: ${JSON.stringify(cells)}`,
      );
      await errors.getByRole("button", { name: "Download and Fix Error Rows" }).waitFor();
      expect(
        (await results.getByRole("region", { name: /Invalid Emails/ }).count()) === 0,
        "no address was refused as invalid",
      );
      await screenshot("first-hour-import-results");

      const book = await contactsByEmail(page, baseUrl);
      expect(book.has("josé.miller4@example.com"), "josé.miller4@example.com is imported");
      expect(book.has("mhernández3@example.com"), "mhernández3@example.com is imported");
      expect(!book.has("zed.nowhere@example.com"), "the ZIP 00000 row is not imported (the form's rule)");
      const lena = book.get("lena.lines@example.com");
      expect(
        lena?.currentCarrier === "Acme Mutual\nLife",
        `the carrier keeps its embedded newline (was ${JSON.stringify(lena?.currentCarrier)})`,
      );

      await results.getByRole("button", { name: "Continue" }).click();
      await page.getByRole("dialog", { name: "Contacts Added" }).getByRole("button", { name: "Done" }).click();
      await page.getByRole("heading", { level: 1, name: "Contacts (3)" }).waitFor();

      // The same file again: the three imported rows match and are left unchanged; they are not errors.
      dialog = await chooseCsv(page, "crm-export.csv", file);
      await dialog.getByRole("button", { name: "Upload", exact: true }).click();
      results = page.getByRole("dialog", { name: "Import Results" });
      await results
        .getByText("3 rows match existing contacts and were left unchanged (turn on overwrite to update them).")
        .waitFor();
      await results.getByText("Found 2 rows with errors. Successfully imported 0 rows.").waitFor();
      expect(
        (await results.getByText(/Email already exists/).count()) === 0,
        "no 'Email already exists' error for the matching rows",
      );
      await screenshot("first-hour-import-again");
      await results.getByRole("button", { name: "Done" }).click();
      await page.getByRole("heading", { level: 1, name: "Contacts (3)" }).waitFor();
    },
  },
  {
    name: "import: a prospect list without a carrier column imports; one without an email column says so",
    async run({ page, baseUrl, screenshot, expect }) {
      await newAgency(page, baseUrl, "Petra");

      // No email column: its own message, not the carrier's; Upload stays disabled.
      let dialog = await chooseCsv(
        page,
        "no-email.csv",
        Buffer.from("First Name,Last Name,Phone,Carrier\r\nAnn,Lee,5125550150,Aetna\r\n"),
      );
      await dialog
        .getByText("Your file has no Email column. Choose the column that holds email addresses for Email.")
        .waitFor();
      expect(
        await dialog.getByRole("button", { name: "Upload", exact: true }).isDisabled(),
        "Upload is disabled without an email column",
      );
      await screenshot("first-hour-import-no-email-column");
      await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
      await dialog.waitFor({ state: "hidden" });

      // A plain prospect list: names and emails, no carrier column. Carrier is optional (blank = unknown).
      dialog = await chooseCsv(
        page,
        "prospects.csv",
        Buffer.from(
          "First Name,Last Name,Email\r\nPaula,Prospect,paula.prospect@example.com\r\nPeter,Prospect,peter.prospect@example.com\r\n",
        ),
      );
      await dialog.getByText(/Current Carrier is optional: contacts are imported with the carrier unknown/).waitFor();
      const upload = dialog.getByRole("button", { name: "Upload", exact: true });
      expect(!(await upload.isDisabled()), "Upload is enabled without a carrier column");
      await screenshot("first-hour-import-prospects");
      await upload.click();
      await page
        .getByRole("dialog", { name: "Contacts Added" })
        .getByText(/you've added 2 contacts!/)
        .waitFor();
      const book = await contactsByEmail(page, baseUrl);
      expect(
        book.get("paula.prospect@example.com")?.currentCarrier === null,
        "the carrier of a prospect is unknown (null)",
      );
    },
  },
];
