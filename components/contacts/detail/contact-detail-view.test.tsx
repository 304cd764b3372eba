import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { ContactDetailView, ageOn, formatCalendarDate } from "@/components/contacts/detail/contact-detail-view";
import { HealthAssessmentModal } from "@/components/contacts/detail/health-assessment-modal";
import { healthOutcome, normalizeHealthAnswers } from "@/components/contacts/detail/health-answers";
import type { ContactDetail, ContactEligibility, ContactPageData, FollowUpView } from "@/lib/contacts/contact-schema";

const push = jest.fn();
const back = jest.fn();
const refresh = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push, back, refresh }) }));

const ADMIN_ID = "00000000-0000-4000-8000-000000000001";
const CONTACT_ID = "00000000-0000-4000-8000-0000000000c1";

const contact: ContactDetail = {
  id: CONTACT_ID,
  firstName: "Pat",
  lastName: "Jones",
  email: "pat@example.com",
  phoneNumber: "5125550188",
  state: "TX",
  zipCode: "78701",
  streetAddress: null,
  addressUnit: null,
  county: "Travis County",
  countyFips: "48453",
  gender: "F",
  tobaccoUser: false,
  birthDate: "1958-03-14",
  effectiveDate: "2023-01-01",
  currentCarrier: "Aetna",
  planType: "Plan G",
  status: "New",
  source: "manual",
  agentId: ADMIN_ID,
  contactOwnerId: null,
  agent: { id: ADMIN_ID, firstName: "Ann", lastName: "Admin", email: "ann@agency.test" },
  contactOwner: null,
  lastEmailedAt: null,
  unsubscribedAt: null,
  doNotCommunicate: false,
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-01T00:00:00.000Z",
};

const notCompleted: ContactEligibility = { status: null, answers: null, hasConditions: null, completedAt: null };
const empty: ContactPageData = {
  contact,
  trackingRecords: [],
  scheduledEmails: [],
  eligibility: notCompleted,
  followUps: [],
  household: null,
};

const followUp = (n: number): FollowUpView => ({
  id: `f${n}`,
  type: n % 2 ? "callback" : "accept",
  date: `2025-06-0${n}T12:00:00.000Z`,
  createdAt: `2025-06-0${n}T12:00:00.000Z`,
  quoteId: null,
  message: `Message ${n}`,
  contactName: null,
  contactEmail: null,
  contactPhone: null,
  planType: null,
  handledAt: null,
});

const healthyAnswers = {
  heart: {
    id: "heart",
    question_text: "Have you been treated for heart disease?",
    question_type: "main",
    answer: "no",
    follow_up_questions: [],
  },
  lung: { id: "lung", question_text: "Do you use oxygen?", question_type: "main", answer: false },
};
const answersWithIssue = {
  heart: {
    id: "heart",
    question_text: "Have you been treated for heart disease?",
    question_type: "main",
    answer: "yes",
    follow_up_questions: [
      { id: "h1", question_text: "Was it in the last 2 years?", answer_type: "yes_no", answer: true },
      { id: "h2", question_text: "Please describe the treatment", answer_type: "text", answer: "Stent in 2021" },
      { id: "h3", question_text: "Which medications?", answer_type: "text", answer: "" },
    ],
  },
  cancer: { id: "cancer", question_text: "Have you had cancer?", question_type: "main" },
};

type Reply = { status: number; body?: unknown };
let replies: { delete: () => Reply; quote: () => Reply };
let fetchMock: jest.Mock;

beforeEach(() => {
  push.mockReset();
  back.mockReset();
  refresh.mockReset();
  replies = {
    delete: () => ({
      status: 200,
      body: { success: true, deleted_ids: [CONTACT_ID], message: "Contact deleted successfully" },
    }),
    quote: () => ({ status: 200, body: { success: true } }),
  };
  fetchMock = jest.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? "GET";
    let reply: Reply;
    if (url === `/api/contacts/${CONTACT_ID}` && method === "DELETE") reply = replies.delete();
    else if (url === `/api/contacts/${CONTACT_ID}/send-quote-email` && method === "POST") reply = replies.quote();
    else if (url.startsWith("/api/zip-lookup/")) reply = { status: 404, body: {} };
    else throw new Error(`unexpected fetch ${method} ${url}`);
    return { ok: reply.status < 300, status: reply.status, json: async () => reply.body };
  });
  // The Text messages card reads its own state on mount (sms-consent-panel.test.tsx covers it): left loading
  // here, outside fetchMock, so the calls these tests count are the view's own.
  global.fetch = ((url: string, init: RequestInit = {}) =>
    url === `/api/contacts/${CONTACT_ID}/sms-consent` && (init.method ?? "GET") === "GET"
      ? new Promise(() => {})
      : fetchMock(url, init)) as unknown as typeof fetch;
});

const renderView = (data: ContactPageData | null = empty, error: string | null = null, isTrial = false) =>
  render(
    <ContactDetailView
      data={data}
      error={error}
      agents={[{ id: ADMIN_ID, firstName: "Ann", lastName: "Admin", email: "ann@agency.test", carriers: ["Aetna"] }]}
      currentUser={{ id: ADMIN_ID, isAdmin: true }}
      isTrial={isTrial}
    />,
  );
const flush = () =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

describe("Contact Details", () => {
  it("shows the profile and the empty states of a contact without activity", () => {
    renderView();
    expect(screen.getByRole("heading", { level: 1, name: "Contact Details" })).toBeTruthy();
    expect(screen.getByText("Pat Jones")).toBeTruthy();
    expect(screen.getByText("(512) 555-0188")).toBeTruthy();
    expect(screen.getByText("Travis County")).toBeTruthy();
    expect(screen.getByText("Mar 14, 1958")).toBeTruthy();
    expect(screen.getByText("Ann Admin")).toBeTruthy();
    expect(screen.getByText("No upcoming emails scheduled for the next 90 days.")).toBeTruthy();
    expect(screen.getByText("No emails have been sent to this contact yet.")).toBeTruthy();
    expect(screen.getByText("No follow-up requests.")).toBeTruthy();
    expect(screen.getByText("Not completed")).toBeTruthy();
  });

  it("shows the street line and unit, in a definition list of dt/dd pairs each in its own div (axe: definition-list)", () => {
    renderView({ ...empty, contact: { ...contact, streetAddress: "12 Elm St", addressUnit: "Apt 2" } });
    expect(screen.getByText("12 Elm St, Apt 2")).toBeTruthy();
    const list = screen.getByRole("region", { name: "Profile" }).querySelector("dl")!;
    for (const child of Array.from(list.children)) {
      expect(child.tagName).toBe("DIV");
      expect(Array.from(child.children).map((c) => c.tagName)).toEqual(["DT", "DD"]);
    }
  });

  it("lists future emails with Scheduled Date, Email Type and Status (always Scheduled), and sent emails", () => {
    renderView({
      ...empty,
      scheduledEmails: [
        {
          id: "s1",
          contact_id: CONTACT_ID,
          email_type: "birthday",
          scheduled_send_date: "2025-07-01",
          status: "pending",
          send_mode: "test",
        },
        {
          id: "s2",
          contact_id: CONTACT_ID,
          email_type: "effective_date",
          scheduled_send_date: "2025-08-15",
          status: "pending",
          send_mode: "production",
        },
      ],
      trackingRecords: [
        {
          id: "t0",
          email_type: "birthday",
          scheduled_date: "2025-07-01",
          send_status: "scheduled",
          send_mode: "test",
          sent_at: null,
        },
        {
          id: "t1",
          email_type: "quote_email",
          scheduled_date: "2025-05-01",
          send_status: "opened",
          send_mode: "production",
          sent_at: "2025-05-01T15:00:00.000Z",
        },
        {
          id: "t2",
          email_type: "aep",
          scheduled_date: "2025-04-01",
          send_status: "failed",
          send_mode: "test",
          sent_at: null,
        },
      ],
    });
    const future = screen.getByRole("region", { name: "Future Activity" });
    const headers = within(future)
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers).toEqual(["Scheduled Date", "Email Type", "Status"]);
    const rows = within(future)
      .getAllByRole("row")
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ["Jul 1, 2025", "Birthday", "Scheduled"],
      ["Aug 15, 2025", "Effective Date", "Scheduled"],
    ]);
    const activity = screen.getByRole("region", { name: "Email Activity" });
    const activityRows = within(activity)
      .getAllByRole("row")
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole("cell")
          .map((c) => c.textContent),
      );
    expect(activityRows).toEqual([
      ["May 1, 2025", "Quote Email", "Opened", "Production"],
      ["Apr 1, 2025", "AEP", "Failed", "Test"],
    ]);
  });

  it("lists a text as 'Text: …' in the activity, and counts only emails in the summary", () => {
    renderView({
      ...empty,
      scheduledEmails: [
        {
          id: "s1",
          contact_id: CONTACT_ID,
          email_type: "birthday",
          scheduled_send_date: "2025-07-01",
          status: "pending",
          send_mode: "production",
        },
        {
          id: "s2",
          contact_id: CONTACT_ID,
          email_type: "sms_birthday",
          scheduled_send_date: "2025-07-01",
          status: "pending",
          send_mode: "production",
        },
      ],
      trackingRecords: [
        {
          id: "t1",
          email_type: "sms_aep",
          scheduled_date: "2025-05-01",
          send_status: "opened",
          send_mode: "production",
          sent_at: "2025-05-01T15:00:00.000Z",
        },
        {
          id: "t2",
          email_type: "aep",
          scheduled_date: "2025-05-01",
          send_status: "sent",
          send_mode: "production",
          sent_at: "2025-05-01T15:00:00.000Z",
        },
      ],
    });
    const future = screen.getByRole("region", { name: "Future Activity" });
    expect(within(future).getByText("Text: Birthday")).toBeTruthy();
    const activity = screen.getByRole("region", { name: "Email Activity" });
    expect(within(activity).getByText("Text: AEP")).toBeTruthy();
    const summary = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect([summary("Emails Sent"), summary("Emails Opened"), summary("Upcoming Emails")]).toEqual(["1", "0", "1"]);
  });

  it("shows 2 follow-up requests by default and the rest on demand", () => {
    renderView({ ...empty, followUps: [followUp(5), followUp(4), followUp(3), followUp(2)] });
    const section = screen.getByRole("region", { name: "Follow-up Requests" });
    expect(within(section).getAllByRole("listitem")).toHaveLength(2);
    fireEvent.click(within(section).getByRole("button", { name: "Show all 4 requests" }));
    expect(within(section).getAllByRole("listitem")).toHaveLength(4);
    fireEvent.click(within(section).getByRole("button", { name: "Show less" }));
    expect(within(section).getAllByRole("listitem")).toHaveLength(2);
  });

  it("shows a callback request's type, the number the visitor typed, and the message", () => {
    renderView({
      ...empty,
      followUps: [
        {
          ...followUp(1),
          type: "accept",
          contactName: "Patricia Jones",
          contactPhone: "5125550142",
          message: "Mornings are best",
        },
      ],
    });
    const section = screen.getByRole("region", { name: "Follow-up Requests" });
    expect(within(section).getByText("Accepted quote")).toBeTruthy();
    expect(within(section).getByText(/Call back Patricia Jones at/)).toBeTruthy();
    expect(within(section).getByRole("link", { name: "(512) 555-0142" }).getAttribute("href")).toBe("tel:5125550142");
    expect(within(section).getByText("Mornings are best")).toBeTruthy();
  });

  it("shows the status as words, not its code, and says what Contact Owner means", () => {
    renderView({ ...empty, contact: { ...contact, status: "requested_follow_up" } });
    const profile = screen.getByRole("region", { name: "Profile" });
    expect(within(profile).getByText("Requested a follow-up")).toBeTruthy();
    expect(within(profile).queryByText(/requested_follow_up/)).toBeNull();
    expect(
      within(profile).getByText(/The Assigned Agent is the one told when this client views a quote or replies\./),
    ).toBeTruthy();
  });

  it("says why Emails Opened can read 0 while the quote was viewed", () => {
    renderView();
    const summary = screen.getByRole("region", { name: "Summary" });
    expect(within(summary).getByText("Emails Opened")).toBeTruthy();
    expect(within(summary).getByText(/many mail apps block the tracking image/)).toBeTruthy();
    expect(within(summary).getByText(/counted when the client opens the quote link/)).toBeTruthy();
  });

  it("shows the error with a Back button when loading failed", () => {
    renderView(null, "Contact not found");
    expect(screen.getByRole("alert").textContent).toContain("Contact not found");
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(back.mock.calls.length + push.mock.calls.length).toBe(1);
  });

  it("falls back to An error occurred", () => {
    renderView(null, null);
    expect(screen.getByText("An error occurred")).toBeTruthy();
  });

  it("asks before deleting, then goes back to the list; a failure says Failed to delete contact", async () => {
    renderView();
    const deleteButton = screen.getByRole("button", { name: "Delete" });
    deleteButton.focus();
    fireEvent.click(deleteButton);
    const dialog = screen.getByRole("dialog", { name: "Delete Contact" });
    expect(dialog.textContent).toContain("Are you sure you want to delete Pat Jones? This action cannot be undone.");
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(deleteButton);

    replies.delete = () => ({ status: 500, body: {} });
    fireEvent.click(deleteButton);
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
    await flush();
    expect(screen.getByRole("alert").textContent).toBe("Failed to delete contact");
    expect(push).not.toHaveBeenCalled();

    replies.delete = () => ({ status: 200, body: { success: true, deleted_ids: [CONTACT_ID] } });
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
    await flush();
    expect(push).toHaveBeenCalledWith("/contacts");
  });

  it("opens Edit Contact with the contact's values and closes it on Escape", async () => {
    renderView();
    fireEvent.click(screen.getByRole("button", { name: "Edit Contact" }));
    const dialog = screen.getByRole("dialog", { name: "Edit Contact" });
    expect((within(dialog).getByLabelText(/^First Name/) as HTMLInputElement).value).toBe("Pat");
    expect(within(dialog).getByRole("button", { name: "Save Changes" })).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeTruthy();
    await flush();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("live: asks before emailing the client (Cancel sends nothing), then Sending, Email Sent, and the page data is read again", async () => {
    renderView();
    fireEvent.click(screen.getByRole("button", { name: "Send Quote" }));
    const dialog = screen.getByRole("dialog", { name: "Send Quote" });
    expect(within(dialog).getByText(/Email .* their personalized quote link at .*@/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();

    replies.quote = () => ({ status: 200, body: { success: true, message: "Quote email sent" } });
    fireEvent.click(screen.getByRole("button", { name: "Send Quote" }));
    fireEvent.click(
      within(screen.getByRole("dialog", { name: "Send Quote" })).getByRole("button", { name: "Send Email" }),
    );
    await flush();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("button", { name: "Email Sent" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("Quote email sent");
    // The summary and Email Activity come from the server: refreshed without a reload.
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("shows the refreshed contact after the page data is read again (Last emailed moves without a reload)", () => {
    const view = renderView();
    expect(screen.getByText(/Last emailed:/).textContent).toBe("Last emailed: —");
    const refreshed = { ...empty, contact: { ...empty.contact, lastEmailedAt: "2026-03-02T15:00:00.000Z" } };
    view.rerender(
      <ContactDetailView
        data={refreshed}
        error={null}
        agents={[{ id: ADMIN_ID, firstName: "Ann", lastName: "Admin", email: "ann@agency.test", carriers: ["Aetna"] }]}
        currentUser={{ id: ADMIN_ID, isAdmin: true }}
      />,
    );
    expect(screen.getByText(/Last emailed:/).textContent).toBe("Last emailed: Mar 2, 2026");
  });

  it("trial: sends at once (it goes to the sender) and says the email went to your own address", async () => {
    const message = "Quote email sent to your address (trial: nothing reaches clients until you go live)";
    replies.quote = () => ({ status: 200, body: { success: true, message } });
    renderView(empty, null, true);
    fireEvent.click(screen.getByRole("button", { name: "Send Quote" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("button", { name: "Sending" })).toBeTruthy();
    await flush();
    expect(screen.getByRole("status").textContent).toBe(message);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("says the server's reason when sending fails, else Failed to send quote email", async () => {
    replies.quote = () => ({ status: 404, body: {} });
    renderView(empty, null, true);
    fireEvent.click(screen.getByRole("button", { name: "Send Quote" }));
    await flush();
    expect(screen.getByRole("alert").textContent).toBe("Failed to send quote email");
    expect(refresh).not.toHaveBeenCalled();
  });
});

describe("Health Assessment Results", () => {
  it("says Not Completed when the contact has no answers (from the page's View Results)", () => {
    renderView();
    fireEvent.click(screen.getByRole("button", { name: "View Results" }));
    const dialog = screen.getByRole("dialog", { name: "Health Assessment Results" });
    expect(within(dialog).getByText("Health Assessment Not Completed")).toBeTruthy();
    expect(dialog.textContent).toContain("Pat has not yet completed the health questionnaire.");
  });

  it("says All Health Checks Passed with each answer", () => {
    render(
      <HealthAssessmentModal
        contactName="Pat"
        eligibility={{
          status: "accept",
          answers: healthyAnswers,
          hasConditions: false,
          completedAt: "2025-06-01T12:00:00.000Z",
        }}
        onClose={() => {}}
      />,
    );
    expect(screen.getByText("All Health Checks Passed")).toBeTruthy();
    expect(screen.getByText("Have you been treated for heart disease?")).toBeTruthy();
    expect(screen.getAllByText("No")).toHaveLength(2);
  });

  it("says Health Issues Identified, expands a Yes answer's follow-ups, and marks missing answers", () => {
    const onClose = jest.fn();
    render(
      <HealthAssessmentModal
        contactName="Pat"
        eligibility={{ status: "decline", answers: answersWithIssue, hasConditions: true, completedAt: null }}
        onClose={onClose}
      />,
    );
    expect(screen.getByText("Health Issues Identified")).toBeTruthy();
    expect(screen.getAllByText("Yes")).toHaveLength(2); // the main answer and a Yes/No follow-up
    const followUps = screen.getByRole("list", { name: "Follow-up answers: Have you been treated for heart disease?" });
    expect(
      within(followUps)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "Was it in the last 2 years?Yes",
      "Please describe the treatmentStent in 2021",
      "Which medications?No answer provided",
    ]);
    expect(screen.getByText("No answer")).toBeTruthy(); // the cancer question was never answered
    fireEvent.keyDown(document, { key: "Escape" });
    expect(onClose).toHaveBeenCalled();
  });

  it("reads answers leniently", () => {
    expect(healthOutcome({ answers: null, hasConditions: null })).toBe("not_completed");
    expect(healthOutcome({ answers: {}, hasConditions: null })).toBe("not_completed");
    expect(healthOutcome({ answers: { a: "no", b: true }, hasConditions: null })).toBe("issues");
    expect(healthOutcome({ answers: healthyAnswers, hasConditions: false })).toBe("passed");
    expect(normalizeHealthAnswers({ f: { question_type: "followup_1", answer: "yes" } })).toEqual([]);
  });
});

it("formats calendar dates and ages without time zone shifts", () => {
  expect(formatCalendarDate("2025-01-01")).toBe("Jan 1, 2025");
  expect(formatCalendarDate(null)).toBe("—");
  expect(ageOn("1958-03-14", new Date(2025, 2, 13))).toBe(66);
  expect(ageOn("1958-03-14", new Date(2025, 2, 14))).toBe(67);
});
