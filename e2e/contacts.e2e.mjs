// Contacts: the CSV import of a messy spreadsheet (aliases, BOM, CRLF, mixed dates, invalid emails,
// error rows, an unknown carrier) with its result panels and downloads; a large file sent in chunks
// with progress, and a cancelled upload that imports nothing; search, filters, paging, bulk reassign
// and delete; add / view / edit one contact; an agent's own book; the CSV export.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { chooseCsv, signIn as signInByLink, signUpAgency } from "./helpers.mjs";

const ADMIN = "admin@sample-agency.test";
const ALEX = "alex@sample-agency.test";
const SAMPLE_TOTAL = 303;
const FIXTURE = join(import.meta.dirname, "fixtures", "messy-contacts.csv");

/** Signs in and waits for /contacts (where admins and agents land). */
async function signIn(page, baseUrl, email) {
  await signInByLink(page, baseUrl, email);
  await page.waitForURL((url) => url.pathname === "/contacts");
  await contactsHeading(page).waitFor();
}

/** The signed-in user's names (GET /api/me): the import greets the first name and assigns to the default agent. */
async function viewer(page, baseUrl) {
  const me = await (await page.request.get(baseUrl + "/api/me")).json();
  return { first: me.user.firstName, full: `${me.user.firstName} ${me.user.lastName}`.trim() };
}

const contactsHeading = (page, n) =>
  page.getByRole("heading", {
    level: 1,
    name: n === undefined ? /^Contacts \([\d,]+\)$/ : `Contacts (${n.toLocaleString("en-US")})`,
  });

/** The N of the "Contacts (N)" heading. */
async function contactsTotal(page) {
  const text = await contactsHeading(page).textContent();
  return Number(/\(([\d,]+)\)/.exec(text)[1].replace(/,/g, ""));
}

/** Waits until the list is not showing "Loading contacts...". */
async function listSettled(page) {
  await page.getByText("Loading contacts...").waitFor({ state: "hidden" });
  await page.locator("tbody tr").first().waitFor();
}

/** The table's body rows as { name, email, phone, state, agent, carrier, effective }. */
async function tableRows(page) {
  await listSettled(page);
  return page.locator("tbody tr").evaluateAll((rows) =>
    rows
      .filter((r) => r.cells.length >= 11)
      .map((r) => {
        const c = [...r.cells].map((cell) => cell.innerText.trim());
        // The name ends the cell's link, after the (aria-hidden) initials avatar; a household mark may follow the link.
        const link = r.cells[1].querySelector('a[href^="/contact/"]');
        return {
          name: (link?.innerText ?? c[1]).split("\n").pop().trim(),
          email: c[2],
          phone: c[3],
          state: c[4],
          agent: c[5],
          carrier: c[6],
          effective: c[7],
        };
      }),
  );
}

/** Types a search and waits for the URL (debounced) and the list to follow. */
async function search(page, term) {
  const box = page.getByRole("searchbox", { name: "Search contacts" });
  await box.fill(term);
  if (term) await page.waitForURL((url) => url.pathname === "/contacts" && url.searchParams.get("search") === term);
  else await page.waitForURL((url) => url.pathname === "/contacts" && !url.searchParams.has("search"));
  await page.getByText("Loading contacts...").waitFor({ state: "hidden" });
}

/** RFC 4180 records of a CSV text (BOM stripped). */
function parseCsv(text) {
  const input = text.replace(/^\ufeff/, "");
  const records = [];
  let record = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < input.length; i++) {
    const ch = input[i];
    if (quoted) {
      if (ch === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      record.push(field);
      field = "";
    } else if (ch === "\r" && input[i + 1] === "\n") {
      /* CRLF: handled on \n */
    } else if (ch === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
    } else field += ch;
  }
  if (field !== "" || record.length) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/** Clicks `trigger` and returns { name, text } of the file it downloads. */
async function download(page, trigger) {
  const [file] = await Promise.all([page.waitForEvent("download"), trigger.click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), text: readFileSync(path, "utf8") };
}

const FIELD_HEADERS = [
  "First Name",
  "Last Name",
  "Email",
  "Current Carrier",
  "Plan Type",
  "Effective Date",
  "Birth Date",
  "Tobacco User",
  "Gender",
  "ZIP Code",
  "Phone Number",
];

/** A clean export of `rows` contacts in the template's columns (about 290 bytes of JSON a row: 8,000 rows need two chunks). */
function largeCsv(rows, tag) {
  const lines = [FIELD_HEADERS.join(",")];
  for (let i = 0; i < rows; i++) {
    lines.push(
      [
        `Jordan${i}`,
        `Whitfield-${tag}`,
        `jordan.whitfield.${tag}.${i}@example.com`,
        i % 2 ? "Humana" : "Aetna",
        "Plan G",
        "2021-03-01",
        "1954-08-20",
        "No",
        i % 2 ? "F" : "M",
        "78701",
        `512555${String(i % 10_000).padStart(4, "0")}`,
      ].join(","),
    );
  }
  return Buffer.from(`${lines.join("\r\n")}\r\n`);
}

const ymd = (d) => d.toISOString().slice(0, 10);

export const journeys = [
  {
    name: "contacts: upload a messy CSV, read the result panels and downloads, see the list grow",
    async run({ page, baseUrl, screenshot, expect }) {
      await signIn(page, baseUrl, ADMIN);
      const me = await viewer(page, baseUrl); // Sam Sample, the sample agency's default agent
      const before = await contactsTotal(page);

      await page.getByRole("button", { name: "+ Add Contact" }).click();
      const chooser = page.getByRole("dialog", { name: "Add Contacts" });
      await chooser.getByText("How would you like to add contacts?").waitFor();
      await chooser.getByRole("button", { name: /Multiple Contacts via CSV/ }).click();
      const dialog = page.getByRole("dialog", { name: "Upload CSV" });
      await dialog.getByText("Import your book of business from a spreadsheet.").waitFor();
      await dialog.getByText("Choose a CSV file to upload.").waitFor();
      expect(
        await dialog.getByRole("button", { name: "Upload", exact: true }).isDisabled(),
        "Upload is disabled before a file is chosen",
      );

      await dialog.getByLabel("CSV file").setInputFiles(FIXTURE);
      await dialog.getByText("File selected: messy-contacts.csv").waitFor();
      await dialog.getByRole("heading", { name: "Column Mapping" }).waitFor();
      await dialog.getByText(/12\s+rows found/).waitFor();
      await dialog.getByText("2 without a valid email will be skipped").waitFor();

      // Every header was matched through an alias (the BOM did not stick to "First Name").
      const expected = {
        "First Name": "First Name",
        "Last Name": "Last",
        Email: "E-mail Address",
        "Phone Number": "Cell Phone",
        "Current Carrier": "Carrier",
        "Effective Date": "Effective Date",
        "Birth Date": "DOB",
        "Tobacco User": "Smoker",
        Gender: "Sex",
        "ZIP Code": "Zip",
        "Plan Type": "Plan",
      };
      const columns = dialog.getByRole("region", { name: "Column Mapping" });
      for (const [label, header] of Object.entries(expected)) {
        const value = await columns.getByLabel(label, { exact: true }).inputValue();
        expect(value === header, `${label} is mapped to "${header}" (was "${value}")`);
      }
      await dialog.getByText("Detected headers (11)").waitFor();

      // Carrier mapping: the unknown carrier stays Other/Unsupported, UHC is recognised.
      const carriers = dialog.getByRole("list", { name: "Carrier mapping" });
      await dialog.getByText("7 unique").waitFor();
      await dialog
        .getByText("1 could not be matched and will keep their original name as Other/Unsupported.", { exact: false })
        .waitFor();
      const acme = carriers.getByLabel("Acme Mutual Life", { exact: true });
      expect(
        (await acme.inputValue()) === "Other",
        `Acme Mutual Life is left as Other (was ${await acme.inputValue()})`,
      );
      expect(
        (await acme.locator("option:checked").textContent()) === "Other/Unsupported",
        "shown as Other/Unsupported",
      );
      expect(
        (await carriers.getByLabel("UHC", { exact: true }).inputValue()) === "UnitedHealthcare",
        "UHC maps to UnitedHealthcare",
      );
      expect(
        (await carriers.getByLabel("Mutual of Omaha", { exact: true }).inputValue()) === "Mutual of Omaha",
        "Mutual of Omaha maps to itself",
      );

      // Plan mapping: the loose spellings land on the standard plans.
      const plans = dialog.getByRole("list", { name: "Plan type mapping" });
      for (const [value, plan] of [
        ["G", "Plan G"],
        ["N", "Plan N"],
        ["High Deductible G", "High Deductible Plan G"],
        ["Plan F", "Plan F"],
      ]) {
        const chosen = await plans.getByLabel(value, { exact: true }).inputValue();
        expect(chosen === plan, `plan "${value}" maps to ${plan} (was ${chosen})`);
      }
      await screenshot("contacts-csv-mapped");
      await carriers.scrollIntoViewIfNeeded();
      await screenshot("contacts-csv-carrier-mapping");
      const assign = dialog.getByLabel("Assign to Agent");
      expect(
        (await assign.locator("option:checked").textContent()) === me.full,
        `Assign to Agent preselects the default agent (${await assign.locator("option:checked").textContent()})`,
      );

      await dialog.getByRole("button", { name: "Upload", exact: true }).click();
      const results = page.getByRole("dialog", { name: "Import Results" });
      await results.getByText("Successfully imported 8 contacts (4 skipped).").waitFor();

      const errors = results.getByRole("region", { name: "Upload Errors" });
      await errors.getByText("Found 2 rows with errors. Successfully imported 8 rows.").waitFor();
      const conversions = results.getByRole("region", { name: "Carrier Conversions" });
      await conversions.getByText(/^1 rows? had unrecognized carriers$/).waitFor();
      const invalid = results.getByRole("region", { name: "Invalid Emails (2)" });
      const invalidLines = await invalid
        .getByRole("list", { name: "Invalid emails" })
        .getByRole("listitem")
        .allTextContents();
      expect(
        JSON.stringify(invalidLines.map((t) => t.trim())) ===
          JSON.stringify(["Row 8: frank.lopez@@example", "Row 9: not-an-email"]),
        `invalid emails listed with spreadsheet lines: ${JSON.stringify(invalidLines)}`,
      );
      await screenshot("contacts-csv-results");

      // The error rows, to fix and upload again: spreadsheet line, the 11 fields as sent, the reason.
      const errorFile = await download(page, errors.getByRole("button", { name: "Download and Fix Error Rows" }));
      expect(errorFile.name === "upload_errors.csv", `error rows file name ${errorFile.name}`);
      expect(errorFile.text.startsWith("\ufeff"), "error rows file starts with a BOM (Excel)");
      const errorCsv = parseCsv(errorFile.text);
      expect(
        JSON.stringify(errorCsv[0]) === JSON.stringify(["Row", ...FIELD_HEADERS, "Error"]),
        `error file header ${JSON.stringify(errorCsv[0])}`,
      );
      expect(errorCsv.length === 3, `error file has 2 rows (had ${errorCsv.length - 1})`);
      const [future, impossible] = errorCsv.slice(1);
      expect(
        future[0] === "10" &&
          future[1] === "Walter" &&
          future[3] === "walter.price@example.com" &&
          future[7] === "2090-01-01",
        `future birth date row ${JSON.stringify(future)}`,
      );
      expect(future[12] === "Birth Date cannot be in the future", `future birth date reason: ${future[12]}`);
      expect(
        impossible[0] === "11" && impossible[2] === "Formula" && impossible[7] === "02/30/1950",
        `impossible birth date row ${JSON.stringify(impossible)}`,
      );
      expect(impossible[1] === "'=1+2", `a cell starting with = is neutralised (was ${impossible[1]})`);
      expect(
        impossible[12] === "Birth Date: February 30, 1950 does not exist (February 1950 has 28 days)",
        `impossible birth date reason: ${impossible[12]}`,
      );

      // The rows whose carrier was not recognised (imported with their own carrier text).
      const carrierFile = await download(
        page,
        conversions.getByRole("button", { name: "Download Unrecognized Carrier Rows" }),
      );
      expect(
        /carrier/i.test(carrierFile.name) && carrierFile.name.endsWith(".csv"),
        `carrier file name ${carrierFile.name}`,
      );
      const carrierCsv = parseCsv(carrierFile.text);
      expect(
        JSON.stringify(carrierCsv[0]) === JSON.stringify(["Row", ...FIELD_HEADERS, "Original Carrier"]),
        `carrier file header ${JSON.stringify(carrierCsv[0])}`,
      );
      expect(carrierCsv.length === 2, `carrier file has 1 row (had ${carrierCsv.length - 1})`);
      const acmeRow = carrierCsv[1];
      expect(
        acmeRow[0] === "7" &&
          acmeRow[1] === "Dorothy" &&
          acmeRow[4] === "Acme Mutual Life" &&
          acmeRow[12] === "Acme Mutual Life",
        `carrier row ${JSON.stringify(acmeRow)}`,
      );
      expect(acmeRow[11] === "'+1 (312) 555-0107", `a cell starting with + is neutralised (was ${acmeRow[11]})`);

      await results.getByRole("button", { name: "Continue" }).click();
      const success = page.getByRole("dialog", { name: "Contacts Added" });
      await success.getByText(`Congratulations ${me.first}, you've added 8 contacts!`).waitFor();
      await success
        .getByText(
          "Your account is in trial mode: nothing will be sent to your contacts until you activate your account.",
        )
        .waitFor();
      await success
        .getByText(/you get \[TEST\] copies of the emails for your first 5 contacts only \(not one per contact\)/)
        .waitFor();
      await screenshot("contacts-csv-success");
      await success.getByRole("button", { name: "Done" }).click();
      await success.waitFor({ state: "hidden" });
      await contactsHeading(page, before + 8).waitFor();

      // The mixed date formats all became 1 March 2024; names with commas, the unknown carrier and the
      // upper-case email came through as written (email lower-cased).
      const imported = [
        ["robert.smith.jr@example.com", "Robert Smith, Jr.", "TX", "UnitedHealthcare", "03/01/2024"],
        ["linda.oneil@example.com", "Linda O'Neil", "TX", "Aetna", "03/01/2024"],
        ["james.carter@example.com", "James Carter", "TX", "Humana", "03/01/2024"],
        ["patricia.nguyen@example.com", "Patricia Nguyen", "FL", "Mutual of Omaha", "03/01/2024"],
        ["william.brooks@example.com", "William Brooks", "NY", "Cigna", "03/01/2024"],
        ["dorothy.hughes@example.com", "Dorothy Hughes", "IL", "Acme Mutual Life", "06/01/2024"],
        ["carmen.delgado@example.com", "Carmen Delgado, MD", "AZ", "UnitedHealthcare", "03/01/2024"],
        ["hiroshi.yamamoto@example.com", "Hiroshi Yamamoto", "OR", "Aetna", "03/01/2024"],
      ];
      for (const [email, name, state, carrier, effective] of imported) {
        await search(page, email);
        const rows = await tableRows(page);
        expect(rows.length === 1, `search ${email} finds one contact (found ${rows.length})`);
        const row = rows[0];
        expect(row.name === name && row.email === email, `imported ${email}: ${JSON.stringify(row)}`);
        expect(row.carrier === carrier, `${email} carrier ${row.carrier}, expected ${carrier}`);
        expect(row.effective === effective, `${email} effective date ${row.effective}, expected ${effective}`);
        expect(row.state === state, `${email} state ${row.state} (from the ZIP), expected ${state}`);
        expect(row.agent === me.full, `${email} assigned to ${me.full} (was ${row.agent})`);
      }
      await search(page, "robert.smith.jr@example.com");
      await screenshot("contacts-csv-imported-row");
      for (const email of ["walter.price@example.com", "formula.row@example.com", "not-an-email"]) {
        await search(page, email);
        await page.getByText("No contacts found").waitFor();
      }
    },
  },
  {
    name: "contacts: a large CSV goes in chunks with progress; a cancelled upload imports nothing",
    async run({ page, baseUrl, screenshot, expect }) {
      // An agency of its own; no plan caps contacts, so its 8,000 contacts need nothing bought (docs/billing.md).
      const stamp = Date.now();
      await signUpAgency(page, baseUrl, {
        firstName: "Casey",
        lastName: "Chunks",
        organizationName: `Casey Chunks ${stamp}`,
        email: `casey.chunks.${stamp}@example.com`,
        phoneDigits: "5125550188",
      });
      const me = await (await page.request.get(baseUrl + "/api/me")).json();
      expect(
        me.accountStatus.contactLimit === -1,
        `the plan has no contact limit (got ${me.accountStatus.contactLimit})`,
      );
      await page.goto(baseUrl + "/contacts");
      await contactsHeading(page, 0).waitFor();

      // Chunk requests are held a little so that each step of the progress can be seen.
      const sentChunks = [];
      await page.route("**/api/contacts/import-jobs/*/chunks", async (route) => {
        const body = route.request().postData() ?? "";
        sentChunks.push({ index: JSON.parse(body).index, bytes: Buffer.byteLength(body) });
        await new Promise((resolve) => setTimeout(resolve, 700));
        await route.continue();
      });
      const dialog = await chooseCsv(page, "book-8000.csv", largeCsv(8_000, "a"));
      await dialog.getByText(/8,000\s+rows found/).waitFor();
      await dialog.getByRole("button", { name: "Upload", exact: true }).click();
      await dialog.getByRole("progressbar", { name: "Uploading 1 of 2…" }).waitFor();
      await dialog.getByText("Nothing is imported until every part has arrived.").waitFor();
      await screenshot("contacts-csv-chunk-progress");
      await dialog.getByRole("progressbar", { name: "Uploading 2 of 2…" }).waitFor();
      const added = page.getByRole("dialog", { name: "Contacts Added" });
      await added.getByText("Congratulations Casey, you've added 8,000 contacts!").waitFor({ timeout: 120_000 });
      expect(
        JSON.stringify(sentChunks.map((c) => c.index)) === "[0,1]",
        `two chunks sent in order (${JSON.stringify(sentChunks)})`,
      );
      expect(
        sentChunks.every((c) => c.bytes <= 1.5 * 1024 * 1024),
        `every chunk at most 1.5 MB (${JSON.stringify(sentChunks)})`,
      );
      await added.getByRole("button", { name: "Done" }).click();
      await contactsHeading(page, 8_000).waitFor();
      await page.unroute("**/api/contacts/import-jobs/*/chunks");

      // A second file, cancelled while its second chunk is on the way: the job is deleted, nothing is imported.
      let release = () => {};
      const held = new Promise((resolve) => (release = resolve));
      await page.route("**/api/contacts/import-jobs/*/chunks", async (route) => {
        if (JSON.parse(route.request().postData() ?? "{}").index === 1) await held;
        await route.continue().catch(() => {}); // the browser may have dropped the request by then
      });
      const second = await chooseCsv(page, "book-more.csv", largeCsv(8_000, "b"));
      const cancelled = page.waitForResponse(
        (res) =>
          res.request().method() === "DELETE" &&
          /\/api\/contacts\/import-jobs\/[^/]+$/.test(new URL(res.url()).pathname),
      );
      await second.getByRole("button", { name: "Upload", exact: true }).click();
      await second.getByRole("progressbar", { name: "Uploading 2 of 2…" }).waitFor();
      await second.getByRole("button", { name: "Cancel upload" }).click();
      expect((await cancelled).status() === 200, "the cancelled upload's job is deleted");
      release();
      await second.getByText("Upload cancelled. Nothing was imported.").waitFor();
      await screenshot("contacts-csv-cancelled");
      expect(
        await second.getByRole("button", { name: "Upload", exact: true }).isEnabled(),
        "Upload can be tried again",
      );
      await second.getByRole("button", { name: "Cancel", exact: true }).click();
      await page.unroute("**/api/contacts/import-jobs/*/chunks");
      await page.reload();
      await contactsHeading(page, 8_000).waitFor();
      await search(page, "jordan.whitfield.b.");
      await page.getByText("No contacts found").waitFor();

      // A broad search is counted only to 2,000 ("2,000+", #19 point 4); a narrower one exactly; a state filter
      // (every one of these contacts is in TX) counts them all again.
      await search(page, "whitfield");
      await page.getByRole("heading", { level: 1, name: "Contacts (2,000+)" }).waitFor();
      await page
        .getByText(
          "More than 2,000 contacts match. Type more of the name, email or phone, or filter by state, to see the rest.",
        )
        .waitFor();
      await page.getByText(/Showing\s+1\s+to\s+100\s+of\s+2,000\+\s+results/).waitFor();
      const broad = await tableRows(page);
      expect(
        broad.length === 100 && broad.every((r) => r.name.startsWith("Jordan")),
        `a full first page of matches (${broad.length})`,
      );
      await screenshot("contacts-search-2000-plus");
      await page.getByRole("button", { name: "State", exact: true }).click();
      await page
        .getByRole("group", { name: "State filter" })
        .getByRole("checkbox", { name: "TX", exact: true })
        .click();
      await page.waitForURL((url) => url.searchParams.get("states") === "TX");
      await contactsHeading(page, 8_000).waitFor();
      expect((await page.getByText(/More than 2,000 contacts match/).count()) === 0, "no note with an exact total");
      await page.keyboard.press("Escape");
      await search(page, "jordan1");
      await contactsHeading(page, 1_111).waitFor(); // Jordan1, Jordan10–19, Jordan100–199, Jordan1000–1999
    },
  },
  {
    name: "contacts: filter, search, paginate, select all, reassign, delete",
    async run({ page, baseUrl, screenshot, expect }) {
      await signIn(page, baseUrl, ADMIN);
      const total = await contactsTotal(page);
      await screenshot("contacts-list");
      await page.getByText(new RegExp(`Showing 1 to 100 of ${total} results`)).waitFor();
      for (const card of ["Total Contacts", "Quotes Sent", "Quotes Viewed", "Health Questions"])
        await page.getByRole("region", { name: "Contact statistics" }).getByText(card).waitFor();

      // Search narrows the table and lands in the URL.
      await search(page, "Smith");
      const found = await contactsTotal(page);
      const smiths = await tableRows(page);
      expect(found > 0 && found < total, `search Smith: ${found} of ${total}`);
      expect(smiths.length === Math.min(found, 100), `table lists ${smiths.length} rows for ${found}`);
      expect(
        smiths.every((r) => /smith/i.test(r.name) || /smith/i.test(r.email)),
        `every row matches Smith: ${JSON.stringify(smiths.map((r) => r.name))}`,
      );
      await screenshot("contacts-search");
      await search(page, "");
      await contactsHeading(page, total).waitFor();

      // State and Carrier checklists: the URL carries them; Clear Filters empties each.
      await page.getByRole("button", { name: "State", exact: true }).click();
      const stateFilter = page.getByRole("group", { name: "State filter" });
      // A tick applies at once: the list (and the box, which follows the URL) update after the navigation.
      await stateFilter.getByRole("checkbox", { name: "TX", exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get("states") === "TX");
      expect(await stateFilter.getByRole("checkbox", { name: "TX", exact: true }).isChecked(), "TX is ticked");
      const texas = await contactsTotal(page);
      const texasRows = await tableRows(page);
      expect(texas > 0 && texas < total, `TX: ${texas}`);
      expect(
        texasRows.every((r) => r.state === "TX"),
        "every row is in TX",
      );
      await page.keyboard.press("Escape");

      await page.getByRole("button", { name: /^Carrier/ }).click();
      const carrierFilter = page.getByRole("group", { name: "Carrier filter" });
      await carrierFilter.getByRole("checkbox", { name: "Aetna", exact: true }).click();
      await page.waitForURL(
        (url) => url.searchParams.get("states") === "TX" && url.searchParams.get("carriers") === "Aetna",
      );
      const texasAetna = await contactsTotal(page);
      const texasAetnaRows = await tableRows(page);
      expect(texasAetna > 0 && texasAetna < texas, `TX + Aetna: ${texasAetna} of ${texas}`);
      expect(
        texasAetnaRows.every((r) => r.state === "TX" && r.carrier === "Aetna"),
        "every row is TX and Aetna",
      );
      await screenshot("contacts-filtered");
      await carrierFilter.getByRole("button", { name: "Clear Filters" }).click();
      await page.waitForURL((url) => !url.searchParams.has("carriers") && url.searchParams.get("states") === "TX");
      await contactsHeading(page, texas).waitFor();
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: /^State/ }).click();
      await stateFilter.getByRole("button", { name: "Clear Filters" }).click();
      await page.waitForURL((url) => url.pathname === "/contacts" && url.search === "");
      await contactsHeading(page, total).waitFor();
      await page.keyboard.press("Escape");

      // Page size and paging.
      // The visible page-size select next to "Per page". (getByLabel("Per page") finds the narrow-screen
      // copy, hidden at this width: both copies share one id, so the label points at the hidden one.)
      const perPage = page.locator("select:visible").filter({ has: page.locator('option[value="250"]') });
      expect((await perPage.count()) === 1, "one visible page-size select");
      await perPage.selectOption("50");
      await page.waitForURL((url) => url.searchParams.get("limit") === "50");
      await page.getByText(new RegExp(`Showing 1 to 50 of ${total} results`)).waitFor();
      expect((await tableRows(page)).length === 50, "50 rows per page");
      await perPage.selectOption("100");
      await page.waitForURL((url) => !url.searchParams.has("limit"));
      await page.getByRole("button", { name: "Page 2", exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get("page") === "2");
      await page.getByText(new RegExp(`Showing 101 to 200 of ${total} results`)).waitFor();
      expect(
        (await page.getByRole("button", { name: "Page 2", exact: true }).getAttribute("aria-current")) === "page",
        "page 2 is current",
      );
      expect((await tableRows(page)).length === 100, "100 rows on page 2");
      await screenshot("contacts-page-2");

      // Select all on a filtered page and reassign them to Jordan Lee.
      await page.goto(baseUrl + "/contacts?states=TX&carriers=Aetna");
      await contactsHeading(page, texasAetna).waitFor();
      const chosen = await tableRows(page);
      await page.getByRole("checkbox", { name: "Select all contacts" }).check();
      const bar = page.getByRole("region", { name: "Selected contacts" });
      await bar
        .getByText(`${chosen.length} contact${chosen.length === 1 ? "" : "s"} selected`, { exact: true })
        .waitFor();
      await screenshot("contacts-selected-all");
      await bar.getByRole("button", { name: "Reassign Agent" }).click();
      const reassign = page.getByRole("dialog", { name: "Reassign Contacts" });
      await reassign.getByRole("button", { name: "Reassign" }).click();
      await reassign.getByText("Please select an agent to reassign contacts to").waitFor();
      await reassign.getByLabel("Select Agent").selectOption({ label: "Jordan Lee" });
      await screenshot("contacts-reassign-dialog");
      await reassign.getByRole("button", { name: "Reassign" }).click();
      await reassign.waitFor({ state: "hidden" });
      await page
        .getByRole("status")
        .getByText(`Successfully reassigned ${chosen.length} contact${chosen.length === 1 ? "" : "s"}`)
        .waitFor();
      await bar.waitFor({ state: "hidden" });
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll("tbody tr")].every(
            (r) => r.cells.length >= 11 && r.cells[5].innerText.trim() === "Jordan Lee",
          ),
        null,
        { timeout: 15_000 },
      );
      const after = await tableRows(page);
      expect(
        after.length === chosen.length && after.every((r) => r.agent === "Jordan Lee"),
        `every reassigned row shows Jordan Lee: ${JSON.stringify(after.map((r) => r.agent))}`,
      );
      await page.reload();
      expect(
        (await tableRows(page)).every((r) => r.agent === "Jordan Lee"),
        "the reassignment survives a reload",
      );
      await screenshot("contacts-reassigned");

      // Select two rows and delete them.
      const [first, second] = await tableRows(page);
      await page
        .locator("tbody tr")
        .nth(0)
        .getByRole("checkbox", { name: `Select ${first.name}` })
        .check();
      await page
        .locator("tbody tr")
        .nth(1)
        .getByRole("checkbox", { name: `Select ${second.name}` })
        .check();
      await bar.getByText("2 contacts selected", { exact: true }).waitFor();
      await bar.getByRole("button", { name: "Delete Selected" }).click();
      const confirm = page.getByRole("dialog", { name: "Delete Contacts" });
      await confirm.getByText("Are you sure you want to delete 2 contacts? This action cannot be undone.").waitFor();
      await screenshot("contacts-delete-dialog");
      await confirm.getByRole("button", { name: "Delete", exact: true }).click();
      await confirm.waitFor({ state: "hidden" });
      await page.getByRole("status").getByText("Successfully deleted 2 contacts").waitFor();
      await contactsHeading(page, texasAetna - 2).waitFor();
      const remaining = (await tableRows(page)).map((r) => r.email);
      expect(
        !remaining.includes(first.email) && !remaining.includes(second.email),
        "the deleted contacts are gone from the list",
      );
      await page.goto(baseUrl + "/contacts");
      await contactsHeading(page, total - 2).waitFor();
      await screenshot("contacts-after-delete");
    },
  },
  {
    name: "contacts: add, view and edit a contact; a taken email blocks Add",
    async run({ page, baseUrl, screenshot, expect }) {
      await signIn(page, baseUrl, ADMIN);
      const before = await contactsTotal(page);
      const email = "maribel.quintero@example.com";
      // Dates well away from the next 90 days, so nothing is scheduled for the new contact.
      const now = new Date();
      const birth = ymd(new Date(Date.UTC(now.getUTCFullYear() - 68, now.getUTCMonth() + 5, 10)));
      const effective = ymd(new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth() + 6, 1)));

      await page.getByRole("button", { name: "+ Add Contact" }).click();
      await page
        .getByRole("dialog", { name: "Add Contacts" })
        .getByRole("button", { name: /Single Contact/ })
        .click();
      const form = page.getByRole("dialog", { name: "Add New Client" });
      await form.getByText("Fields marked * are required.").waitFor();
      const add = form.getByRole("button", { name: "Add Client" });
      expect(await add.isDisabled(), "Add Client is disabled while the form is empty");
      await form.getByLabel("First Name").fill("Maribel");
      await form.getByLabel("Last Name").fill("Quintero");
      await form.getByLabel("Email").fill(email);
      await form.getByLabel("Phone Number").click(); // blur → email check
      await form.getByText("Email is available").waitFor();
      await form.getByLabel("Phone Number").pressSequentially("5125550199");
      expect(
        (await form.getByLabel("Phone Number").inputValue()) === "(512) 555-0199",
        `phone shown formatted (${await form.getByLabel("Phone Number").inputValue()})`,
      );
      await form.getByLabel("ZIP Code").fill("78701");
      const state = form.getByLabel("State", { exact: true });
      await page.waitForFunction((el) => el.value === "TX", await state.elementHandle(), { timeout: 10_000 });
      expect((await state.getAttribute("readonly")) !== null, "State is read-only");
      await form.getByLabel("Current Carrier").selectOption("Humana");
      await form.getByLabel("Plan Type").selectOption("Plan G");
      await form.getByLabel("Effective Date").fill(effective);
      await form.getByLabel("Birth Date").fill(birth);
      await form.getByRole("group", { name: "Gender" }).getByText("Female", { exact: true }).click();
      await form.getByRole("group", { name: "Tobacco User" }).getByText("Yes", { exact: true }).click();
      expect(await form.getByRole("radio", { name: "Female" }).isChecked(), "Female is chosen");
      await form.getByLabel("Assigned Agent").selectOption({ label: "Alex Rivera" });
      await screenshot("contacts-add-filled");
      await add.click();
      await form.waitFor({ state: "hidden" });
      await contactsHeading(page, before + 1).waitFor();

      await search(page, "Quintero");
      const [row] = await tableRows(page);
      expect(
        row &&
          row.name === "Maribel Quintero" &&
          row.email === email &&
          row.phone === "(512) 555-0199" &&
          row.state === "TX",
        `new row ${JSON.stringify(row)}`,
      );
      expect(row.agent === "Alex Rivera" && row.carrier === "Humana", `agent and carrier ${row.agent}, ${row.carrier}`);

      // Contact Details.
      await page.getByRole("link", { name: "Maribel Quintero" }).first().click();
      await page.waitForURL((url) => url.pathname.startsWith("/contact/"));
      await page.getByRole("heading", { level: 1, name: "Contact Details" }).waitFor();
      const profile = page.getByRole("region", { name: "Profile" });
      await profile.getByText("Maribel Quintero", { exact: true }).waitFor();
      await profile.getByText(email, { exact: true }).waitFor();
      await profile.getByText("(512) 555-0199").waitFor();
      const detail = async (label) =>
        (
          await profile
            .locator("dt", { hasText: new RegExp(`^${label}$`) })
            .locator("xpath=following-sibling::dd")
            .innerText()
        ).trim();
      expect((await detail("State")) === "TX", `State ${await detail("State")}`);
      expect((await detail("ZIP Code")) === "78701", "ZIP");
      expect((await detail("Current Carrier")) === "Humana", "carrier");
      expect((await detail("Plan Type")) === "Plan G", "plan");
      expect((await detail("Gender")) === "Female", "gender");
      expect((await detail("Tobacco User")) === "Yes", "tobacco");
      expect((await detail("Assigned Agent")) === "Alex Rivera", `agent ${await detail("Assigned Agent")}`);
      const birthShown = new Date(`${birth}T00:00:00Z`).toLocaleDateString("en-US", {
        year: "numeric",
        month: "short",
        day: "numeric",
        timeZone: "UTC",
      });
      expect(
        (await detail("Birth Date")).startsWith(birthShown),
        `birth date ${await detail("Birth Date")} (expected ${birthShown})`,
      );
      await page.getByText("No upcoming emails scheduled for the next 90 days.").waitFor();
      await page.getByText("No emails have been sent to this contact yet.").waitFor();
      await screenshot("contacts-detail");

      // Edit the last name; it survives a reload.
      await page.getByRole("button", { name: "Edit Contact" }).click();
      const edit = page.getByRole("dialog", { name: "Edit Contact" });
      expect((await edit.getByLabel("Last Name").inputValue()) === "Quintero", "the form is filled in");
      expect((await edit.getByLabel("State", { exact: true }).inputValue()) === "TX", "state shown in the edit form");
      await edit.getByLabel("Last Name").fill("Quintero-Vega");
      await edit.getByRole("button", { name: "Save Changes" }).click();
      await edit.waitFor({ state: "hidden" });
      await page.getByText("Contact updated.").waitFor();
      await page.reload();
      await page.getByRole("heading", { level: 1, name: "Contact Details" }).waitFor();
      await profile.getByText("Maribel Quintero-Vega", { exact: true }).waitFor();
      expect((await detail("Current Carrier")) === "Humana", "the other fields are kept");
      await screenshot("contacts-detail-edited");

      // The same email again: refused before saving.
      await page.getByRole("link", { name: "Back to Contacts" }).click();
      await page.waitForURL((url) => url.pathname === "/contacts");
      await contactsHeading(page).waitFor();
      await page.getByRole("button", { name: "+ Add Contact" }).click();
      await page
        .getByRole("dialog", { name: "Add Contacts" })
        .getByRole("button", { name: /Single Contact/ })
        .click();
      const again = page.getByRole("dialog", { name: "Add New Client" });
      await again.getByLabel("First Name").fill("Another");
      await again.getByLabel("Last Name").fill("Person");
      await again.getByLabel("Email").fill(email.toUpperCase());
      await again.getByLabel("Phone Number").click();
      await again.getByText("A contact with this email already exists.").waitFor();
      expect(
        (await again.getByLabel("Email").getAttribute("aria-invalid")) === "true",
        "the email field is marked invalid",
      );
      expect(
        await again.getByRole("button", { name: "Add Client" }).isDisabled(),
        "Add Client is disabled for a taken email",
      );
      await screenshot("contacts-add-duplicate");
      await again.getByRole("button", { name: "Cancel" }).click();
      await again.waitFor({ state: "hidden" });
    },
  },
  {
    name: "contacts: an agent sees only their own contacts",
    async run({ page, baseUrl, screenshot, expect }) {
      await signIn(page, baseUrl, ALEX);
      const total = await contactsTotal(page);
      expect(
        total > 0 && total < SAMPLE_TOTAL,
        `Alex sees ${total} contacts (fewer than the agency's ${SAMPLE_TOTAL})`,
      );
      await page.getByRole("button", { name: /^Carrier/ }).waitFor();
      expect((await page.getByRole("button", { name: /^Agent/ }).count()) === 0, "no Agent filter for an agent");
      expect((await page.getByRole("link", { name: "Export CSV" }).count()) === 0, "no Export CSV for an agent");
      const rows = await tableRows(page);
      expect(
        rows.every((r) => r.agent === "Alex Rivera"),
        `every row is Alex's: ${JSON.stringify([...new Set(rows.map((r) => r.agent))])}`,
      );
      await page
        .locator("tbody tr")
        .first()
        .getByRole("checkbox", { name: `Select ${rows[0].name}` })
        .check();
      const bar = page.getByRole("region", { name: "Selected contacts" });
      await bar.getByText("1 contact selected", { exact: true }).waitFor();
      await bar.getByRole("button", { name: "Delete Selected" }).waitFor();
      expect(
        (await bar.getByRole("button", { name: "Reassign Agent" }).count()) === 0,
        "no Reassign Agent for an agent",
      );
      await screenshot("contacts-agent-selected");
      await bar.getByRole("button", { name: "Cancel" }).click();
      await bar.waitFor({ state: "hidden" });
    },
  },
  {
    name: "contacts: Export CSV downloads every listed contact, filtered or not",
    async run({ page, baseUrl, expect }) {
      await signIn(page, baseUrl, ADMIN);
      const total = await contactsTotal(page);
      const all = await download(page, page.getByRole("link", { name: "Export CSV" }));
      expect(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/.test(all.name), `export file name ${all.name}`);
      const records = parseCsv(all.text);
      expect(
        records[0][0] === "First Name" && records[0].includes("Email") && records[0].includes("Agent"),
        `export header ${JSON.stringify(records[0])}`,
      );
      expect(records.length - 1 === total, `export has ${records.length - 1} contacts, the list says ${total}`);
      expect(
        records.slice(1).every((r) => r.length === records[0].length),
        "every export row has every column",
      );
      const emails = new Set(records.slice(1).map((r) => r[records[0].indexOf("Email")]));
      expect(emails.size === total, "one row per contact");

      await page.goto(baseUrl + "/contacts?states=TX");
      await page.waitForURL((url) => url.searchParams.get("states") === "TX");
      const texas = await contactsTotal(page);
      const filtered = parseCsv((await download(page, page.getByRole("link", { name: "Export CSV" }))).text);
      const stateAt = filtered[0].indexOf("State");
      expect(filtered.length - 1 === texas, `TX export has ${filtered.length - 1} contacts, the list says ${texas}`);
      expect(
        filtered.slice(1).every((r) => r[stateAt] === "TX"),
        "every exported row is in TX",
      );
    },
  },
];
