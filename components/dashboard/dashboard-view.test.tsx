import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { DashboardView, periodQueryString } from "@/components/dashboard/dashboard-view";

// The recharts half is loaded on demand; here a stub that shows what it was given.
jest.mock(
  "next/dynamic",
  () => () =>
    function ActivityChartsStub({ data }: { data: { points: unknown[] } }) {
      return <div data-testid="activity-charts">{data.points.length} days</div>;
    },
);

const stats = {
  success: true,
  quotesSent: 1200,
  quotesViewed: 300,
  healthQuestionsCompleted: 12,
  upcomingEmailsTotal: 42,
  upcomingEmailsPage: [
    {
      contactId: "c1",
      firstName: "Ada",
      lastName: "Lovelace",
      emailType: "initial_blast",
      scheduledSendDate: "2026-11-25",
    },
    {
      contactId: "c2",
      firstName: "Bo",
      lastName: "Follow",
      emailType: "followup_1_cold",
      scheduledSendDate: "2026-11-26",
    },
    {
      contactId: "c3",
      firstName: "Cy",
      lastName: "Rate",
      emailType: "scheduled_rate_increase",
      scheduledSendDate: "2026-11-27",
    },
  ],
};
const ranking = {
  success: true,
  rows: [
    { rank: 1, sendDate: "2026-11-21", quotesSent: 2, quotesViewed: 2, healthCompleted: 1 },
    { rank: 2, sendDate: "2026-11-20", quotesSent: 10, quotesViewed: 1, healthCompleted: 0 },
  ],
};
const series = {
  success: true,
  points: [{ date: "2026-11-21", scheduled: 3, sent: 2 }],
  activity: { emailsSent: 2, linksClicked: 1, healthCompleted: 0 },
};
const renewals = {
  success: true,
  renewals: [
    {
      id: "r1",
      name: "Rene Wal",
      email: "rene@example.test",
      phone: "5125550100",
      date: "2026-12-01",
      policyType: "G",
    },
  ],
};

type Answers = Partial<
  Record<"stats" | "send-ranking" | "time-series" | "renewals", { status?: number; body: unknown }>
>;

function mockApi(answers: Answers = {}) {
  const defaults = {
    stats: { body: stats },
    "send-ranking": { body: ranking },
    "time-series": { body: series },
    renewals: { body: renewals },
  };
  const calls: string[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    calls.push(url);
    const name = url.split("?")[0]!.split("/").pop() as keyof typeof defaults;
    const answer: { status?: number; body: unknown } = answers[name] ?? defaults[name] ?? { body: {} };
    const status = answer.status ?? 200;
    return { ok: status >= 200 && status < 300, status, json: async () => answer.body } as Response;
  }) as typeof fetch;
  return calls;
}

const initial = { period: "30days" as const, startDate: "", endDate: "" };

describe("DashboardView", () => {
  it("shows the four cards with their captions, the funnel, ranking, upcoming emails, renewals and chart", async () => {
    mockApi();
    render(<DashboardView initial={initial} welcomeEmailFor={null} />);
    expect(screen.getByRole("heading", { name: "Dashboard" })).toBeTruthy();
    expect(screen.getByLabelText("Loading Quotes Sent")).toBeTruthy();

    const cards = await screen.findByRole("region", { name: "Dashboard statistics" });
    await waitFor(() => expect(within(cards).getByText("1,200")).toBeTruthy());
    expect(within(cards).getByText("Total emails sent with quotes")).toBeTruthy();
    expect(within(cards).getByText("View Count")).toBeTruthy();
    expect(within(cards).getByText("Scheduled emails in next 30 days")).toBeTruthy();
    expect(within(cards).getByText("Health questions completed")).toBeTruthy();

    // √ scaling: 1200 → 100%, 300 → 50%, 12 → 10% raised to the 15% floor.
    expect(screen.getByTestId("funnel-1").style.width).toBe("50%");
    expect(screen.getByTestId("funnel-2").style.width).toBe("15%");

    const upcoming = screen.getByRole("region", { name: "Upcoming Emails" });
    expect(within(upcoming).getByText("42 total")).toBeTruthy();
    expect(
      within(upcoming)
        .getByRole("link", { name: /Ada Lovelace/ })
        .getAttribute("href"),
    ).toBe("/contact/c1");
    expect(within(upcoming).getByText("Welcome Email")).toBeTruthy();
    expect(within(upcoming).getByText("Rate Increase")).toBeTruthy();
    expect(within(upcoming).queryByText(/Bo Follow/)).toBeNull();

    expect(
      within(screen.getByRole("region", { name: "Upcoming Renewals" }))
        .getByRole("link", { name: /Rene Wal/ })
        .getAttribute("href"),
    ).toBe("/contact/r1");
    expect((await screen.findByTestId("activity-charts")).textContent).toBe("1 days");
  });

  it("shows the empty book's next step under the Dashboard heading, before the cards", async () => {
    mockApi();
    render(<DashboardView initial={initial} welcomeEmailFor={null} emptyBook={<h2>Your book is empty</h2>} />);
    const headings = screen.getAllByRole("heading").map((h) => h.textContent);
    expect(headings[0]).toBe("Dashboard");
    expect(headings[1]).toBe("Your book is empty");
  });

  it("re-ranks Send Ranking by the chosen order", async () => {
    mockApi();
    render(<DashboardView initial={initial} welcomeEmailFor={null} />);
    const panel = await screen.findByRole("region", { name: "Send Ranking" });
    await waitFor(() => expect(within(panel).getAllByRole("row")).toHaveLength(3));
    const firstDate = () => within(within(panel).getAllByRole("row")[1]!).getAllByRole("cell")[1]!.textContent;
    expect(firstDate()).toBe("Nov 21, 2026");
    fireEvent.change(within(panel).getByLabelText("Rank By"), { target: { value: "sent" } });
    expect(firstDate()).toBe("Nov 20, 2026");
    expect(within(within(panel).getAllByRole("row")[1]!).getAllByRole("cell")[0]!.textContent).toBe("#1");
  });

  it("shows each part's own error: cards 0 with 'Failed to load data' while the others still render", async () => {
    mockApi({
      stats: { status: 500, body: { error: { code: "internal", message: "x" } } },
      "time-series": { body: { points: "nope" } },
    });
    render(<DashboardView initial={initial} welcomeEmailFor={null} />);
    await waitFor(() => expect(screen.getAllByText("Failed to load data")).toHaveLength(4));
    const cards = screen.getByRole("region", { name: "Dashboard statistics" });
    expect(within(cards).getAllByText("0")).toHaveLength(4);
    expect(screen.getByText("Error loading dashboard stats.")).toBeTruthy();
    expect(screen.getByText("Error loading upcoming emails.")).toBeTruthy();
    expect(await screen.findByText("Invalid chart data")).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "Send Ranking" })).getAllByRole("row")).toHaveLength(3);
  });

  it("shows the empty texts", async () => {
    mockApi({
      stats: {
        body: {
          ...stats,
          quotesSent: 0,
          quotesViewed: 0,
          healthQuestionsCompleted: 0,
          upcomingEmailsTotal: 0,
          upcomingEmailsPage: [],
        },
      },
      "send-ranking": { body: { rows: [] } },
      "time-series": {
        body: {
          points: [{ date: "2026-11-21", scheduled: 0, sent: 0 }],
          activity: { emailsSent: 0, linksClicked: 0, healthCompleted: 0 },
        },
      },
      renewals: { status: 500, body: {} },
    });
    render(<DashboardView initial={initial} welcomeEmailFor={null} />);
    expect(await screen.findByText("No data available to display.")).toBeTruthy();
    expect(await screen.findByText("No send data available for the selected period.")).toBeTruthy();
    expect(screen.getByText("No upcoming emails scheduled in the next 30 days.")).toBeTruthy();
    expect(await screen.findByText("No activity data to display.")).toBeTruthy();
    expect(await screen.findByText("Failed to load dashboard data.")).toBeTruthy();
  });

  it("asks again for the chosen period, waits for both custom dates, and Refresh reloads", async () => {
    const calls = mockApi();
    render(<DashboardView initial={initial} welcomeEmailFor={null} />);
    await waitFor(() => expect(calls).toContain("/api/dashboard/stats?period=30days"));
    fireEvent.change(screen.getByLabelText("Date range"), { target: { value: "today" } });
    await waitFor(() => expect(calls).toContain("/api/dashboard/stats?period=today"));
    expect(calls).toContain("/api/dashboard/send-ranking?period=today");
    expect(calls).toContain("/api/dashboard/time-series?period=today");
    expect(window.location.search).toBe("?period=today");

    fireEvent.change(screen.getByLabelText("Date range"), { target: { value: "custom" } });
    const before = calls.length;
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-11-01" } });
    expect(calls.length).toBe(before);
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-11-10" } });
    await waitFor(() =>
      expect(calls).toContain("/api/dashboard/stats?period=custom&startDate=2026-11-01&endDate=2026-11-10"),
    );

    const count = calls.filter((url) => url.startsWith("/api/dashboard/stats")).length;
    await waitFor(() =>
      expect((screen.getByRole("button", { name: "Refresh" }) as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByRole("button", { name: "Refresh" }));
    await waitFor(() => expect(calls.filter((url) => url.startsWith("/api/dashboard/stats")).length).toBe(count + 1));
  });

  it("asks for the welcome email once with send_welcome_email", async () => {
    const calls = mockApi();
    render(<DashboardView initial={initial} welcomeEmailFor="me@agency.test" />);
    await waitFor(() => expect(calls.filter((url) => url === "/api/auth/send-welcome-email")).toHaveLength(1));
  });
});

describe("periodQueryString", () => {
  it("needs both custom dates in order", () => {
    expect(periodQueryString({ period: "7days", startDate: "", endDate: "" })).toBe("period=7days");
    expect(periodQueryString({ period: "custom", startDate: "2026-11-02", endDate: "" })).toBeNull();
    expect(periodQueryString({ period: "custom", startDate: "2026-11-02", endDate: "2026-11-01" })).toBeNull();
  });
});
