import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { CsvUploadModal, type CsvUploadModalProps } from "@/components/contacts/csv-upload/csv-upload-modal";
import * as parseModule from "@/components/contacts/csv-upload/parse-csv-file";

jest.mock("@/components/contacts/csv-upload/parse-csv-file", () => {
  const actual = jest.requireActual("@/components/contacts/csv-upload/parse-csv-file");
  return { ...actual, parseCsvFile: jest.fn(actual.parseCsvFile) };
});

const ADMIN_ID = "00000000-0000-4000-8000-000000000001";
const BOB_ID = "00000000-0000-4000-8000-000000000002";

const CSV = [
  "fname,Surname,E-mail Address,Insurance Carrier,Plan,DOB,Effective Date,Smoker,Sex,Zip,Cell",
  "Ann,Lee,ann@example.com,AARP/UHC,G,1955-02-03,2024-01-01,No,F,78701,5125550100",
  "Bob,Ray,bob@example.com,Acme Mutual,N,1956-02-03,2024-02-01,yes,M,78702,5125550101",
  "Cy,Ko,not-an-email,Aetna,G,1957-02-03,2024-03-01,n,M,78703,5125550102",
  "Di,Mo,di@example.com,Aetna,HDG,1958-02-03,2024-04-01,,F,78704,5125550103",
].join("\n");

// ---- fetch (carriers, agents) ----
type Reply = { status: number; body?: unknown };
const asResponse = ({ status, body }: Reply) => ({ ok: status >= 200 && status < 300, status, json: async () => body });
let agentsReply: () => Promise<Reply>;
let carriersReply: () => Promise<Reply>;

beforeEach(() => {
  carriersReply = async () => ({
    status: 200,
    body: {
      success: true,
      carriers: ["Aetna", "Humana", "United Healthcare", "Cigna"].map((name) => ({ name, naics: [] })),
    },
  });
  agentsReply = async () => ({
    status: 200,
    body: {
      agents: [
        { id: ADMIN_ID, firstName: "Ann", lastName: "Admin" },
        { id: BOB_ID, firstName: "Bob", lastName: "Brown" },
      ],
      defaultAgentId: BOB_ID,
    },
  });
  global.fetch = jest.fn(async (url: string) => {
    if (url === "/api/settings/carriers") return asResponse(await carriersReply());
    if (url === "/api/agents") return asResponse(await agentsReply());
    throw new Error(`unexpected fetch ${url}`);
  }) as unknown as typeof fetch;
  FakeXhr.instances = [];
  global.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  (parseModule.parseCsvFile as jest.Mock).mockClear();
});

// ---- XMLHttpRequest (the upload: open the job, the chunks, the commit; DELETE to cancel) ----
class FakeXhr {
  static instances: FakeXhr[] = [];
  upload: {
    onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    onload: (() => void) | null;
  } = { onprogress: null, onload: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = "";
  method = "";
  url = "";
  body = "";
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: string | null) {
    this.body = body ?? "";
    FakeXhr.instances.push(this);
  }
  abort() {
    this.onabort?.();
  }
  get json() {
    return JSON.parse(this.body);
  }
  progress(fraction: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: fraction * 100, total: 100 });
  }
  respond(status: number, body: unknown) {
    this.upload.onload?.();
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const SUCCESS = {
  success: true,
  message: "Successfully imported 5 contacts (3 skipped).",
  totalRows: 8,
  newContacts: 4,
  updatedContacts: 1,
  skippedRows: 3,
  unchangedContacts: 0,
  errorRows: [] as unknown[],
  invalidEmails: [] as unknown[],
  carrierConversions: [] as unknown[],
  importJobId: "job-1",
};

/** Renders the modal and waits for its lists (carriers, agents) unless told not to. */
async function renderModal(overrides: Partial<CsvUploadModalProps> = {}, { settle = true } = {}) {
  const props: CsvUploadModalProps = {
    open: true,
    onClose: jest.fn(),
    onImported: jest.fn(),
    currentUser: { id: ADMIN_ID, firstName: "Ann", isAdmin: true },
    organization: { demoMode: false, effectiveDateWindowMonths: 11 },
    ...overrides,
  };
  const view = render(<CsvUploadModal {...props} />);
  if (settle && props.open) await screen.findByRole("option", { name: /Bob Brown|Ann \(you\)/ });
  return { ...view, props };
}

function chooseFile(text: string, name = "book.csv") {
  const file = new File([text], name, { type: "text/csv" });
  fireEvent.change(screen.getByLabelText("CSV file"), { target: { files: [file] } });
  return file;
}

const uploadButton = () => screen.getByRole("button", { name: "Upload" });
const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;

async function chooseAndMap(text = CSV) {
  chooseFile(text);
  await screen.findByText("Column Mapping");
}

const JOB_ID = "00000000-0000-4000-8000-0000000000aa";
const JOBS_URL = "/api/contacts/import-jobs";

/** The n-th request of the upload (0-based), once it has been sent. */
/** The n-th request once it is sent; `timeout` for one that waits out a retry's pause (send-import-chunks.ts). */
async function nthRequest(n: number, { timeout = 1000 } = {}) {
  await waitFor(() => expect(FakeXhr.instances.length).toBeGreaterThan(n), { timeout });
  return FakeXhr.instances[n]!;
}

const chunkAccepted = (xhr: FakeXhr) => ({
  success: true,
  jobId: JOB_ID,
  index: xhr.json.index,
  stagedRows: xhr.json.contacts.length,
  alreadyStaged: false,
});

/**
 * Answers the upload already started: the job opens, every chunk is accepted, and the commit answers
 * `status` / `body`. Returns the requests: the job's, the chunks' and the commit's.
 */
async function answerUpload(status: number, body: unknown) {
  const create = await nthRequest(0);
  await act(async () => create.respond(200, { success: true, jobId: JOB_ID }));
  const chunks: FakeXhr[] = [];
  for (let n = 1; ; n++) {
    const xhr = await nthRequest(n);
    if (xhr.url.endsWith("/commit")) {
      await act(async () => xhr.respond(status, body));
      return { create, chunks, commit: xhr, contacts: chunks.flatMap((c) => c.json.contacts) };
    }
    chunks.push(xhr);
    await act(async () => xhr.respond(200, chunkAccepted(xhr)));
  }
}

/** Renders the modal, maps the sample file, clicks Upload and opens the job: the chunks come next. */
async function startUploadWithJob(overrides: Partial<CsvUploadModalProps> = {}) {
  const view = await renderModal(overrides);
  await chooseAndMap();
  fireEvent.click(uploadButton());
  const create = await nthRequest(0);
  await act(async () => create.respond(200, { success: true, jobId: JOB_ID }));
  return view;
}

async function uploadAndRespond(status: number, body: unknown) {
  fireEvent.click(uploadButton());
  return answerUpload(status, body);
}

describe("CsvUploadModal: choosing a file", () => {
  it("shows the example link, File selected, the processing spinner, then the mapping defaulted from autoMapColumns", async () => {
    await renderModal();
    expect(screen.getByRole("link", { name: "Download example CSV" })).toHaveProperty(
      "href",
      "http://localhost/example.csv",
    );
    expect(uploadButton()).toHaveProperty("disabled", true);
    chooseFile(CSV, "my-book.csv");
    expect(screen.getByText(/File selected: my-book\.csv/)).toBeTruthy();
    expect(screen.getByText("Processing your CSV file")).toBeTruthy();
    expect(uploadButton()).toHaveProperty("disabled", true);
    await screen.findByText("Column Mapping");
    expect(screen.queryByText("Processing your CSV file")).toBeNull();
    expect(select("First Name").value).toBe("fname");
    expect(select("Last Name").value).toBe("Surname");
    expect(select("Email").value).toBe("E-mail Address");
    expect(select("Phone Number").value).toBe("Cell");
    expect(select("Current Carrier").value).toBe("Insurance Carrier");
    expect(select("Effective Date").value).toBe("Effective Date");
    expect(select("Birth Date").value).toBe("DOB");
    expect(select("Tobacco User").value).toBe("Smoker");
    expect(select("Gender").value).toBe("Sex");
    expect(select("ZIP Code").value).toBe("Zip");
    expect(select("Plan Type").value).toBe("Plan");
    const headers = within(screen.getByRole("list", { name: "Detected headers" })).getAllByRole("listitem");
    expect(headers.map((li) => li.textContent)).toEqual([
      "fname",
      "Surname",
      "E-mail Address",
      "Insurance Carrier",
      "Plan",
      "DOB",
      "Effective Date",
      "Smoker",
      "Sex",
      "Zip",
      "Cell",
    ]);
    expect(screen.getByText(/1 without a valid email will be skipped/)).toBeTruthy();
  });

  it("lists each unique carrier name once with its suggested standard carrier or Other/Unsupported, and the plan mapping", async () => {
    await renderModal();
    await chooseAndMap();
    const items = within(screen.getByRole("list", { name: "Carrier mapping" })).getAllByRole("listitem");
    expect(items.map((li) => li.querySelector("label")?.textContent)).toEqual(["AARP/UHC", "Acme Mutual", "Aetna"]);
    expect(select("AARP/UHC").value).toBe("United Healthcare");
    expect(select("Acme Mutual").value).toBe("Other");
    expect(within(select("Acme Mutual")).getByRole("option", { name: "Other/Unsupported" })).toBeTruthy();
    expect(select("Aetna").value).toBe("Aetna");
    expect(select("G").value).toBe("Plan G");
    expect(select("HDG").value).toBe("High Deductible Plan G");
  });

  it("refuses a file over 20 MB before reading it", async () => {
    await renderModal();
    const file = new File(["a,b\n1,2\n"], "huge.csv", { type: "text/csv" });
    Object.defineProperty(file, "size", { value: 20 * 1024 * 1024 + 1 });
    const slice = jest.spyOn(file, "slice");
    fireEvent.change(screen.getByLabelText("CSV file"), { target: { files: [file] } });
    expect(screen.getByRole("alert").textContent).toBe("The file is too large. The limit is 20 MB.");
    expect(parseModule.parseCsvFile).not.toHaveBeenCalled();
    expect(slice).not.toHaveBeenCalled();
    expect(screen.queryByText(/File selected/)).toBeNull();
    expect(uploadButton()).toHaveProperty("disabled", true);
  });

  it("says so for an empty file or one without rows", async () => {
    await renderModal();
    chooseFile("");
    expect(screen.getByRole("alert").textContent).toBe("CSV file is empty");
    chooseFile("First Name,Last Name,Email\n");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "No valid contacts found in CSV. Please check email formats.",
    );
  });

  it("toggles the drag highlight", async () => {
    await renderModal();
    const zone = screen.getByTestId("csv-drop-zone");
    fireEvent.dragOver(zone, { dataTransfer: { dropEffect: "none", files: [] } });
    expect(zone.getAttribute("data-drag-active")).toBe("true");
    expect(screen.getByText("Drop your CSV file here")).toBeTruthy();
    fireEvent.dragLeave(zone, { relatedTarget: null });
    expect(zone.getAttribute("data-drag-active")).toBe("false");
  });

  it("takes a dropped file", async () => {
    await renderModal();
    const zone = screen.getByTestId("csv-drop-zone");
    fireEvent.drop(zone, { dataTransfer: { files: [new File([CSV], "dropped.csv", { type: "text/csv" })] } });
    expect(screen.getByText(/File selected: dropped\.csv/)).toBeTruthy();
    await screen.findByText("Column Mapping");
  });
});

describe("CsvUploadModal: Upload rules", () => {
  it("is enabled once mapped, and without a carrier column too: carrier is optional (#18 point 6)", async () => {
    await renderModal();
    await chooseAndMap();
    expect(uploadButton()).toHaveProperty("disabled", false);
    expect(select("Current Carrier").getAttribute("aria-required")).toBeNull();
    expect(select("Email").getAttribute("aria-required")).toBe("true");
    fireEvent.change(select("Current Carrier"), { target: { value: "" } });
    expect(uploadButton()).toHaveProperty("disabled", false);
    expect(
      screen.getByText(/Current Carrier is optional: contacts are imported with the carrier unknown/),
    ).toBeTruthy();
    fireEvent.change(select("Current Carrier"), { target: { value: "Insurance Carrier" } });
    expect(uploadButton()).toHaveProperty("disabled", false);
  });

  it("is enabled when the carrier column is empty in every row (blank = unknown)", async () => {
    await renderModal();
    await chooseAndMap("First Name,Last Name,Email,Carrier\nAnn,Lee,ann@example.com,\nBob,Ray,bob@example.com,  \n");
    expect(uploadButton()).toHaveProperty("disabled", false);
  });

  it("a file without an email column says so, not the carrier message", async () => {
    await renderModal();
    await chooseAndMap("First Name,Last Name,Carrier\nAnn,Lee,Aetna\n");
    expect(uploadButton()).toHaveProperty("disabled", true);
    expect(
      screen.getByText("Your file has no Email column. Choose the column that holds email addresses for Email."),
    ).toBeTruthy();
    expect(screen.queryByText(/No carrier names were found/)).toBeNull();
  });

  it("shows Loading agents... until the agents arrive, preselecting the default agent", async () => {
    let release: (reply: Reply) => void = () => {};
    agentsReply = () => new Promise((resolve) => (release = resolve));
    await renderModal({}, { settle: false });
    expect(within(select("Assign to Agent")).getByRole("option").textContent).toBe("Loading agents...");
    expect(select("Assign to Agent").disabled).toBe(true);
    await act(async () =>
      release({
        status: 200,
        body: {
          agents: [
            { id: ADMIN_ID, firstName: "Ann", lastName: "Admin" },
            { id: BOB_ID, firstName: "Bob", lastName: "Brown" },
          ],
          defaultAgentId: BOB_ID,
        },
      }),
    );
    expect(select("Assign to Agent").value).toBe(BOB_ID);
  });
});

describe("CsvUploadModal: the request", () => {
  it("sends the mapped rows with overwrite and agent for an admin", async () => {
    await renderModal();
    await chooseAndMap();
    fireEvent.change(select("Acme Mutual"), { target: { value: "Humana" } });
    fireEvent.change(select("Assign to Agent"), { target: { value: ADMIN_ID } });
    fireEvent.click(screen.getByLabelText("Overwrite existing contacts (matched on email address)"));
    const { create, chunks, commit, contacts } = await uploadAndRespond(200, SUCCESS);
    expect([create.method, create.url]).toEqual(["POST", JOBS_URL]);
    expect(create.json).toEqual({ overwriteExisting: true, agentId: ADMIN_ID, fileName: "book.csv", totalRows: 4 });
    expect(chunks.map((c) => [c.method, c.url, c.json.index])).toEqual([["POST", `${JOBS_URL}/${JOB_ID}/chunks`, 0]]);
    expect([commit.method, commit.url]).toEqual(["POST", `${JOBS_URL}/${JOB_ID}/commit`]);
    expect(contacts).toHaveLength(4);
    expect(contacts[0]).toMatchObject({
      rowNumber: 2,
      firstName: "Ann",
      lastName: "Lee",
      email: "ann@example.com",
      currentCarrier: "United Healthcare",
      planType: "Plan G",
      birthDate: "1955-02-03",
      tobaccoUser: "No",
      gender: "F",
      zipCode: "78701",
      phoneNumber: "5125550100",
    });
    expect(contacts[1]).toMatchObject({ rowNumber: 3, currentCarrier: "Humana", planType: "Plan N" });
    expect(contacts[3]).toMatchObject({ rowNumber: 5, currentCarrier: "Aetna", planType: "High Deductible Plan G" });
  });

  it("forces overwrite off for a non-admin agent (no checkbox, false in the request)", async () => {
    agentsReply = async () => ({
      status: 200,
      body: { agents: [{ id: BOB_ID, firstName: "Bob", lastName: "Brown" }], defaultAgentId: ADMIN_ID },
    });
    await renderModal({ currentUser: { id: BOB_ID, firstName: "Bob", isAdmin: false } });
    await chooseAndMap();
    expect(screen.queryByLabelText("Overwrite existing contacts (matched on email address)")).toBeNull();
    expect(select("Assign to Agent").value).toBe(BOB_ID);
    const { create } = await uploadAndRespond(200, SUCCESS);
    expect(create.json.overwriteExisting).toBe(false);
    expect(create.json.agentId).toBe(BOB_ID);
  });

  it("says so when the carrier list cannot be loaded, and imports each carrier as written in the file", async () => {
    carriersReply = async () => ({ status: 500, body: { error: { code: "internal", message: "down" } } });
    await renderModal();
    await chooseAndMap();
    await screen.findByText(
      "Your carrier list could not be loaded. Carriers will be imported as written in your file.",
    );
    const { contacts } = await uploadAndRespond(200, SUCCESS);
    // "AARP/UHC" would be mapped to United Healthcare with the list; without it, it goes as written.
    expect(contacts.map((c: { currentCarrier: string }) => c.currentCarrier)).toEqual([
      "AARP/UHC",
      "Acme Mutual",
      "Aetna",
      "Aetna",
    ]);
  });

  it("keeps the original text of a carrier mapped to Other/Unsupported", async () => {
    await renderModal();
    await chooseAndMap();
    const { contacts } = await uploadAndRespond(200, SUCCESS);
    expect(contacts[1].currentCarrier).toBe("Acme Mutual");
  });

  it("shows upload progress, then Processing... until the server answers", async () => {
    // Chromium's scrollIntoView returns a promise: the panel must not hand it to React as an effect cleanup.
    const scrollIntoView = jest.fn(() => Promise.resolve());
    Element.prototype.scrollIntoView = scrollIntoView as unknown as Element["scrollIntoView"];
    const { props } = await startUploadWithJob();
    const chunk = await nthRequest(1);
    act(() => chunk.progress(0.5));
    expect(screen.getByRole("progressbar", { name: "Uploading 1 of 1…" }).getAttribute("aria-valuenow")).toBe("50");
    expect(screen.getByRole("button", { name: "Uploading..." })).toHaveProperty("disabled", true);
    await act(async () => chunk.respond(200, chunkAccepted(chunk)));
    expect(screen.getByText("Processing...")).toBeTruthy();
    // The commit cannot be cancelled, and Escape does not close while the import runs.
    expect(screen.queryByRole("button", { name: "Cancel upload" })).toBeNull();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(props.onClose).not.toHaveBeenCalled();
    const commit = await nthRequest(2);
    await act(async () => commit.respond(200, SUCCESS));
    expect(await screen.findByText("Congratulations Ann, you've added 5 contacts!")).toBeTruthy();
    expect(scrollIntoView).toHaveBeenCalledWith({ block: "nearest" });
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it("refuses to upload when no row has a valid email", async () => {
    await renderModal();
    await chooseAndMap("First Name,Last Name,Email,Carrier\nAnn,Lee,nope,Aetna\n");
    fireEvent.click(uploadButton());
    expect(
      (await screen.findByText("No valid contacts found in CSV. Please check email formats.")).closest("[role=alert]"),
    ).toBeTruthy();
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it("names the missing column when the email column is unmapped, and sends nothing", async () => {
    await renderModal();
    await chooseAndMap();
    fireEvent.change(select("Email"), { target: { value: "" } });
    expect(uploadButton()).toHaveProperty("disabled", true);
    expect(
      screen.getByText("Your file has no Email column. Choose the column that holds email addresses for Email."),
    ).toBeTruthy();
    fireEvent.click(uploadButton());
    expect(FakeXhr.instances).toHaveLength(0);
  });
});

describe("CsvUploadModal: chunks", () => {
  /** A file of `rows` rows: about 260 bytes of JSON each, so 8,000 rows need two chunks of at most 1.5 MB. */
  const bigCsv = (rows: number) =>
    [
      CSV.split("\n")[0],
      ...Array.from(
        { length: rows },
        (_, i) =>
          `Annabelle${i},Lee-Worthington,annabelle.lee.worthington${i}@example.com,AARP/UHC,G,1955-02-03,2024-01-01,No,F,78701,5125550100`,
      ),
    ].join("\n");

  it("cuts a large file into chunks of at most 1.5 MB and shows Uploading n of N… with the overall progress", async () => {
    await renderModal();
    await chooseAndMap(bigCsv(8_000));
    fireEvent.click(uploadButton());
    const create = await nthRequest(0);
    expect(create.json).toMatchObject({ totalRows: 8_000 });
    await act(async () => create.respond(200, { success: true, jobId: JOB_ID }));
    const first = await nthRequest(1);
    act(() => first.progress(0.5));
    expect(screen.getByRole("progressbar", { name: "Uploading 1 of 2…" }).getAttribute("aria-valuenow")).toBe("25");
    expect(screen.getByText("Nothing is imported until every part has arrived.")).toBeTruthy();
    await act(async () => first.respond(200, chunkAccepted(first)));
    const second = await nthRequest(2);
    act(() => second.progress(0.5));
    expect(screen.getByRole("progressbar", { name: "Uploading 2 of 2…" }).getAttribute("aria-valuenow")).toBe("75");
    await act(async () => second.respond(200, chunkAccepted(second)));
    const commit = await nthRequest(3);
    expect(commit.url).toBe(`${JOBS_URL}/${JOB_ID}/commit`);
    await act(async () => commit.respond(200, { ...SUCCESS, newContacts: 8_000, updatedContacts: 0 }));
    expect(await screen.findByText("Congratulations Ann, you've added 8,000 contacts!")).toBeTruthy();

    for (const chunk of [first, second]) expect(new Blob([chunk.body]).size).toBeLessThanOrEqual(1.5 * 1024 * 1024);
    expect([first.json.index, second.json.index]).toEqual([0, 1]);
    const rowNumbers = [...first.json.contacts, ...second.json.contacts].map((c: { rowNumber: number }) => c.rowNumber);
    expect(rowNumbers).toEqual(Array.from({ length: 8_000 }, (_, i) => i + 2));
  }, 30_000);

  it("Cancel upload stops sending, deletes the job and says nothing was imported", async () => {
    const { props } = await startUploadWithJob();
    await nthRequest(1);
    fireEvent.click(screen.getByRole("button", { name: "Cancel upload" }));
    const cancel = await nthRequest(2);
    expect([cancel.method, cancel.url]).toEqual(["DELETE", `${JOBS_URL}/${JOB_ID}`]);
    await act(async () => cancel.respond(200, { success: true }));
    expect(await screen.findByText("Upload cancelled. Nothing was imported.")).toBeTruthy();
    expect(FakeXhr.instances.some((x) => x.url.endsWith("/commit"))).toBe(false);
    expect(props.onImported).not.toHaveBeenCalled();
    expect(uploadButton()).toHaveProperty("disabled", false);
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("sends a chunk lost on the way again, with the same index", async () => {
    await startUploadWithJob();
    const lost = await nthRequest(1);
    await act(async () => lost.respond(503, null));
    // After a one-second pause: waitFor's own default limit is one second too, so allow for a busy machine.
    const again = await nthRequest(2, { timeout: 5000 });
    expect([again.url, again.json.index, again.body]).toEqual([lost.url, 0, lost.body]);
    await act(async () => again.respond(200, { ...chunkAccepted(again), alreadyStaged: true }));
    const commit = await nthRequest(3);
    await act(async () => commit.respond(200, SUCCESS));
    expect(await screen.findByText("Congratulations Ann, you've added 5 contacts!")).toBeTruthy();
  });

  it("a chunk refused by the server: the job is deleted and the reason shown", async () => {
    await startUploadWithJob();
    const chunk = await nthRequest(1);
    await act(async () =>
      chunk.respond(409, {
        error: { code: "conflict", message: "This upload has expired. Please upload the file again." },
      }),
    );
    const cancel = await nthRequest(2);
    expect(cancel.method).toBe("DELETE");
    await act(async () => cancel.respond(200, { success: true }));
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Server error (status 409)")).toBeTruthy();
    expect(within(alert).getByText("This upload has expired. Please upload the file again.")).toBeTruthy();
    expect(FakeXhr.instances).toHaveLength(3);
  });

  it("a refusal to open the job (403) sends nothing else", async () => {
    await renderModal();
    await chooseAndMap();
    fireEvent.click(uploadButton());
    const create = await nthRequest(0);
    await act(async () =>
      create.respond(403, {
        error: {
          code: "forbidden",
          message: "You don't have permission to upload contacts. Please contact your administrator.",
        },
      }),
    );
    expect(
      within(await screen.findByRole("alert")).getByText(
        "You don't have permission to upload contacts. Please contact your administrator.",
      ),
    ).toBeTruthy();
    expect(FakeXhr.instances).toHaveLength(1);
  });
});

describe("CsvUploadModal: failures (§8 Bulk import)", () => {
  it.each([
    [400, { error: { code: "bad_request", message: "CSV format invalid" } }, "CSV format invalid"],
    [
      403,
      { error: { code: "forbidden", message: "Forbidden" } },
      "You don't have permission to upload contacts. Please contact your administrator.",
    ],
    [413, { error: { code: "payload_too_large", message: "Too large" } }, "The file is too large. The limit is 20 MB."],
    [500, { error: { code: "internal", message: "Internal error" } }, "Server error (status 500)"],
    [503, null, "Server error (status 503)"],
  ])(
    "status %s shows Error uploading CSV with its text, and Upload can be tried again",
    async (status, body, message) => {
      const { props } = await renderModal();
      await chooseAndMap();
      await uploadAndRespond(status, body);
      const alert = await screen.findByRole("alert");
      expect(within(alert).getByText("Error uploading CSV")).toBeTruthy();
      expect(within(alert).getByText(message)).toBeTruthy();
      expect(props.onImported).not.toHaveBeenCalled();
      expect(uploadButton()).toHaveProperty("disabled", false);
    },
  );
});

describe("CsvUploadModal: results", () => {
  const WITH_ISSUES = {
    ...SUCCESS,
    newContacts: 6,
    updatedContacts: 1,
    errorRows: [
      {
        rowNumber: 3,
        values: {
          firstName: "=cmd|' /C calc'!A0",
          lastName: "Ray",
          email: "bob@example.com",
          currentCarrier: "",
          planType: "",
          effectiveDate: "",
          birthDate: "",
          tobaccoUser: "",
          gender: "",
          zipCode: "",
          phoneNumber: "123",
        },
        error: "Phone number must have 10 digits",
      },
      {
        rowNumber: 9,
        values: {
          firstName: "Eve",
          lastName: "",
          email: "eve@example.com",
          currentCarrier: "",
          planType: "",
          effectiveDate: "",
          birthDate: "",
          tobaccoUser: "",
          gender: "",
          zipCode: "",
          phoneNumber: "",
        },
        error: "Missing values for: Last Name",
      },
    ],
    invalidEmails: [{ rowNumber: 4, email: "not-an-email" }],
    carrierConversions: [
      { rowNumber: 3, original: "Acme Mutual", mappedTo: "Other" },
      { rowNumber: 11, original: "Foo", mappedTo: "Other" },
      { rowNumber: 12, original: "Bar", mappedTo: "Other" },
    ],
  };

  let blobs: Blob[];
  beforeEach(() => {
    blobs = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      blobs.push(blob);
      return "blob:csv";
    });
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
  });
  afterEach(() => jest.restoreAllMocks());

  const blobText = (blob: Blob) =>
    new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });

  it("shows Upload Errors, Carrier Conversions and Invalid Emails with counts, then the success message", async () => {
    const { props } = await renderModal({ organization: { demoMode: true } });
    await chooseAndMap();
    await uploadAndRespond(200, WITH_ISSUES);
    expect(await screen.findByText("Upload Errors")).toBeTruthy();
    expect(props.onImported).toHaveBeenCalledWith(expect.objectContaining({ newContacts: 6, updatedContacts: 1 }));
    expect(screen.getByText("Found 2 rows with errors. Successfully imported 7 rows.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Download and Fix Error Rows" })).toBeTruthy();
    // #18 point 4: the rows with errors are in the panel (row, column, reason), not only in the download.
    const errorTable = screen.getByRole("table", { name: "Rows with errors" });
    expect(
      within(errorTable)
        .getAllByRole("row")
        .map((tr) => Array.from(tr.children).map((cell) => cell.textContent)),
    ).toEqual([
      ["Row", "Column", "Reason"],
      ["3", "—", "Phone number must have 10 digits"],
      ["9", "Last Name", "Missing value (required)"],
    ]);
    expect(screen.getByText("Carrier Conversions")).toBeTruthy();
    expect(screen.getByText("3 rows had unrecognized carriers")).toBeTruthy();
    expect(screen.getByText(/This is normal and expected/)).toBeTruthy();
    const supported = within(screen.getByRole("list", { name: "Supported carriers" })).getAllByRole("listitem");
    expect(supported.map((li) => li.textContent)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^United Healthcare \(also: .*uhc.*\)$/)]),
    );
    expect(screen.getByText("Invalid Emails (1)")).toBeTruthy();
    expect(screen.getByText("Row 4: not-an-email")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByText("Congratulations Ann, you've added 7 contacts!")).toBeTruthy();
    expect(
      screen.getByText(/trial mode: nothing will be sent to your contacts until you activate your account/),
    ).toBeTruthy();
    expect(
      screen.getByText(/you get \[TEST\] copies of the emails for your first 5 contacts only \(not one per contact\)/),
    ).toBeTruthy();
    expect(screen.getByText(/within the last 11 months/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Done" }));
    expect(props.onClose).toHaveBeenCalled();
  });

  it("downloads the error rows and the unrecognized carrier rows with formula cells neutralised", async () => {
    await renderModal();
    await chooseAndMap();
    await uploadAndRespond(200, WITH_ISSUES);
    fireEvent.click(await screen.findByRole("button", { name: "Download and Fix Error Rows" }));
    const errors = (await blobText(blobs[0]!)).replace(/^\ufeff/, "").split("\r\n");
    expect(errors[0]).toBe(
      '"Row","First Name","Last Name","Email","Current Carrier","Plan Type","Effective Date","Birth Date","Tobacco User","Gender","ZIP Code","Phone Number","Error"',
    );
    expect(errors[1]).toBe(
      '"3","\'=cmd|\' /C calc\'!A0","Ray","bob@example.com","","","","","","","","123","Phone number must have 10 digits"',
    );
    expect(errors[2]).toMatch(/^"9","Eve","","eve@example.com",/);
    const link = (HTMLAnchorElement.prototype.click as jest.Mock).mock.instances[0] as HTMLAnchorElement;
    expect(link.download).toBe("upload_errors.csv");

    fireEvent.click(screen.getByRole("button", { name: "Download Unrecognized Carrier Rows" }));
    const carriers = (await blobText(blobs[1]!))
      .replace(/^\ufeff/, "")
      .trimEnd()
      .split("\r\n");
    expect(carriers[0]).toMatch(/"Original Carrier"$/);
    expect(carriers[1]).toBe(
      '"3","Bob","Ray","bob@example.com","Acme Mutual","Plan N","2024-02-01","1956-02-03","yes","M","78702","5125550101","Acme Mutual"',
    );
    expect(carriers).toHaveLength(4);
    const second = (HTMLAnchorElement.prototype.click as jest.Mock).mock.instances[1] as HTMLAnchorElement;
    expect(second.download).toBe("unrecognized_carriers.csv");
  });

  it("goes straight to the success message when nothing needs attention, with 'there' when the name is blank", async () => {
    await renderModal({
      currentUser: { id: ADMIN_ID, firstName: " ", isAdmin: true },
      organization: { demoMode: false, effectiveDateWindowMonths: 6 },
    });
    await chooseAndMap();
    await uploadAndRespond(200, { ...SUCCESS, newContacts: 1, updatedContacts: 0 });
    expect(await screen.findByText("Congratulations there, you've added 1 contact!")).toBeTruthy();
    expect(screen.getByText("Initial emails will begin going out in 72 hours.")).toBeTruthy();
    expect(screen.getByText(/upcoming emails on your dashboard or on each contact's profile/)).toBeTruthy();
    expect(screen.getByText(/within the last 6 months/)).toBeTruthy();
    expect(screen.queryByText(/trial mode/)).toBeNull();
    expect(screen.queryByText(/\[TEST\] copies/)).toBeNull();
    // No household suggested: no household line.
    expect(screen.queryByTestId("csv-upload-households")).toBeNull();
  });

  it.each([
    [
      "the success message",
      { ...SUCCESS, householdsSuggested: 2 },
      "Congratulations Ann, you've added 5 contacts!",
      "2 possible households found — review them on each contact's page.",
    ],
    [
      "the results",
      { ...WITH_ISSUES, householdsSuggested: 1 },
      "Upload Errors",
      "1 possible household found — review it on each contact's page.",
    ],
  ])("says how many possible households the import found on %s", async (_view, answer, heading, line) => {
    await renderModal();
    await chooseAndMap();
    await uploadAndRespond(200, answer);
    expect(await screen.findByText(heading)).toBeTruthy();
    expect(screen.getByTestId("csv-upload-households").textContent).toBe(line);
  });
});

describe("CsvUploadModal: nothing added", () => {
  it("shows the server's message and the rows left unchanged instead of a congratulation", async () => {
    const { props } = await renderModal();
    await chooseAndMap();
    await uploadAndRespond(200, {
      ...SUCCESS,
      message: "Successfully imported 0 contacts (4 skipped).",
      newContacts: 0,
      updatedContacts: 0,
      skippedRows: 4,
      unchangedContacts: 4,
    });
    expect(await screen.findByText("Successfully imported 0 contacts (4 skipped).")).toBeTruthy();
    expect(
      screen.getByText("4 rows match existing contacts and were left unchanged (turn on overwrite to update them)."),
    ).toBeTruthy();
    expect(screen.queryByText("Upload Errors")).toBeNull();
    expect(screen.queryByText(/Congratulations/)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Done" }));
    expect(props.onClose).toHaveBeenCalled();
  });
});

describe("CsvUploadModal: keyboard", () => {
  function Harness({ onClose }: { onClose: () => void }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Multiple Contacts via CSV
        </button>
        <CsvUploadModal
          open={open}
          onClose={() => {
            onClose();
            setOpen(false);
          }}
          onImported={() => {}}
          currentUser={{ id: ADMIN_ID, firstName: "Ann", isAdmin: true }}
          organization={{ demoMode: false }}
        />
      </>
    );
  }

  it("Escape closes the modal and focus returns to the opener", async () => {
    const onClose = jest.fn();
    render(<Harness onClose={onClose} />);
    const opener = screen.getByRole("button", { name: "Multiple Contacts via CSV" });
    opener.focus();
    fireEvent.click(opener);
    expect(screen.getByRole("dialog", { name: "Upload CSV" })).toBeTruthy();
    expect(document.activeElement).not.toBe(opener);
    await screen.findByRole("option", { name: "Bob Brown" });
    fireEvent.keyDown(document, { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("renders nothing when closed", async () => {
    await renderModal({ open: false });
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
