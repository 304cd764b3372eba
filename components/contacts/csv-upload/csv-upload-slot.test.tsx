import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { CsvUploadSlot, type CsvUploadContext } from "@/components/contacts/csv-upload/csv-upload-slot";

const USER_ID = "00000000-0000-4000-8000-000000000001";
const asResponse = (status: number, body: unknown) => ({
  ok: status >= 200 && status < 300,
  status,
  json: async () => body,
});

const RESULT = {
  success: true,
  message: "ok",
  totalRows: 1,
  newContacts: 1,
  updatedContacts: 0,
  skippedRows: 0,
  errorRows: [],
  invalidEmails: [],
  carrierConversions: [],
  importJobId: "j",
};

/** The import's calls, answered as the server would: the job opens, the chunk is staged, the commit imports one. */
class FakeXhr {
  static urls: string[] = [];
  upload: { onprogress: null; onload: (() => void) | null } = { onprogress: null, onload: null };
  onload: (() => void) | null = null;
  status = 0;
  responseText = "";
  url = "";
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send() {
    FakeXhr.urls.push(this.url);
    const body = this.url.endsWith("/commit")
      ? RESULT
      : this.url.endsWith("/chunks")
        ? { success: true, jobId: "j", index: 0, stagedRows: 1, alreadyStaged: false }
        : { success: true, jobId: "j" };
    setTimeout(() => {
      this.upload.onload?.();
      this.status = 200;
      this.responseText = JSON.stringify(body);
      this.onload?.();
    }, 0);
  }
  abort() {}
}

/** What the /contacts page reads on the server and hands down. */
const CONTEXT: CsvUploadContext = {
  currentUser: { id: USER_ID, firstName: "Lena", isAdmin: false },
  organization: { demoMode: true, effectiveDateWindowMonths: 23 },
};
const fetched: string[] = [];

beforeEach(() => {
  fetched.length = 0;
  FakeXhr.urls = [];
  global.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  global.fetch = jest.fn(async (url: string) => {
    fetched.push(url);
    if (url === "/api/settings/carriers")
      return asResponse(200, { success: true, carriers: [{ name: "Aetna", naics: [] }] });
    if (url === "/api/agents")
      return asResponse(200, { agents: [{ id: USER_ID, firstName: "Lena", lastName: "Ortiz" }], defaultAgentId: null });
    throw new Error(`unexpected fetch ${url}`);
  }) as unknown as typeof fetch;
});

async function importOneContact() {
  fireEvent.change(screen.getByLabelText("CSV file"), {
    target: { files: [new File(["First Name,Last Name,Email,Carrier\nAl,Bo,al@example.com,Aetna\n"], "one.csv")] },
  });
  await screen.findByText("Column Mapping");
  fireEvent.click(screen.getByRole("button", { name: "Upload" }));
  await waitFor(() =>
    expect(FakeXhr.urls).toEqual([
      "/api/contacts/import-jobs",
      "/api/contacts/import-jobs/j/chunks",
      "/api/contacts/import-jobs/j/commit",
    ]),
  );
}

describe("CsvUploadSlot", () => {
  it("shows the upload with the page's viewer and window at once, then reports saved (not closed) after an import", async () => {
    const onClose = jest.fn();
    const onSaved = jest.fn();
    render(<CsvUploadSlot context={CONTEXT} onClose={onClose} onSaved={onSaved} />);
    expect(screen.getByRole("dialog", { name: "Upload CSV" })).toBeTruthy();
    await screen.findByRole("option", { name: "Lena Ortiz" });
    expect(screen.queryByLabelText("Overwrite existing contacts (matched on email address)")).toBeNull();
    await importOneContact();
    expect(await screen.findByText("Congratulations Lena, you've added 1 contact!")).toBeTruthy();
    expect(screen.getByText(/within the last 23 months/)).toBeTruthy();
    expect(screen.getByText(/trial mode/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Done" }));
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
    // Who is asking and the window came from the page: only the modal's own lists were fetched.
    expect([...new Set(fetched)].sort()).toEqual(["/api/agents", "/api/settings/carriers"]);
  });

  it("reports closed when nothing was imported", async () => {
    const onClose = jest.fn();
    const onSaved = jest.fn();
    render(<CsvUploadSlot context={CONTEXT} onClose={onClose} onSaved={onSaved} />);
    await screen.findByRole("option", { name: "Lena Ortiz" });
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onSaved).not.toHaveBeenCalled();
  });
});
