import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { EligibilityForm, type EligibilityFormProps } from "@/components/eligibility/eligibility-form";
import { EligibilityIntro, EligibilityLoading } from "@/components/eligibility/eligibility-layout";
import { ELIGIBILITY_QUESTIONS } from "@/lib/eligibility/questions";
import { SOLVED_CHALLENGE } from "@/components/challenge/test-double";

// The forms' proof-of-work is always solved here (components/challenge/use-challenge.test.tsx tests the real hook).
jest.mock("@/components/challenge/use-challenge", () =>
  jest.requireActual("@/components/challenge/test-double").solvedChallengeModule(),
);

const push = jest.fn();
jest.mock("next/navigation", () => ({ useRouter: () => ({ push }) }));

const ORG_ID = "00000000-0000-4000-8000-0000000000aa";
const TOKEN = "T".repeat(43);

type Reply = { status: number; body: unknown } | "network-error";
const fetchMock = jest.fn();

function reply(...replies: Reply[]) {
  for (const r of replies) {
    fetchMock.mockImplementationOnce(() => {
      if (r === "network-error") return Promise.reject(new TypeError("Failed to fetch"));
      return Promise.resolve({ ok: r.status < 400, status: r.status, json: async () => r.body });
    });
  }
}

beforeEach(() => {
  push.mockReset();
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
});

function renderForm(props: Partial<EligibilityFormProps> = {}) {
  return render(
    <EligibilityForm
      organizationId={ORG_ID}
      quoteToken={TOKEN}
      hideMedicareAdvantage={false}
      brandColor="#123456"
      {...props}
    />,
  );
}

const card = (title: string) => screen.getByRole("region", { name: title });
const mainGroup = (questionIndex: number) =>
  within(card(ELIGIBILITY_QUESTIONS[questionIndex]!.title)).getByRole("group", {
    name: ELIGIBILITY_QUESTIONS[questionIndex]!.questionText,
  });
const nextButton = () => screen.getByRole("button", { name: "Next" });

const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;
// The form checks itself with the route's schema, asynchronously (zodResolver): each step lets it settle.
const click = (element: HTMLElement) => act(async () => void fireEvent.click(element));
const type = (element: HTMLElement, value: string) =>
  act(async () => void fireEvent.change(element, { target: { value } }));

async function answerAllNo() {
  for (let i = 0; i < ELIGIBILITY_QUESTIONS.length; i++)
    await click(within(mainGroup(i)).getByRole("button", { name: "No" }));
}

describe("EligibilityForm", () => {
  it("shows each question card with its category, title, question and Yes/No toggles", () => {
    renderForm();
    for (const q of ELIGIBILITY_QUESTIONS) {
      const region = card(q.title);
      expect(within(region).getByText(q.category, { selector: "p" })).toBeTruthy();
      expect(within(region).getByText(q.questionText)).toBeTruthy();
    }
    const yes = within(mainGroup(0)).getByRole("button", { name: "Yes" });
    expect(yes.getAttribute("aria-pressed")).toBe("false");
  });

  it("enables Next only when every question is answered", async () => {
    renderForm();
    expect(isDisabled(nextButton())).toBe(true);
    for (let i = 0; i < ELIGIBILITY_QUESTIONS.length - 1; i++)
      await click(within(mainGroup(i)).getByRole("button", { name: "No" }));
    expect(isDisabled(nextButton())).toBe(true);
    await click(within(mainGroup(6)).getByRole("button", { name: "No" }));
    expect(within(mainGroup(6)).getByRole("button", { name: "No" }).getAttribute("aria-pressed")).toBe("true");
    expect(isDisabled(nextButton())).toBe(false);
  });

  it("the disabled Next says what is missing, and the note goes once everything is answered", async () => {
    renderForm();
    const describedBy = () => {
      const id = nextButton().getAttribute("aria-describedby");
      return id ? document.getElementById(id)?.textContent : null;
    };
    await waitFor(() => expect(describedBy()).toBe("To continue, answer all 7 questions."));
    for (let i = 1; i < ELIGIBILITY_QUESTIONS.length; i++)
      await click(within(mainGroup(i)).getByRole("button", { name: "No" }));
    expect(describedBy()).toBe("To continue, answer Heart Health.");
    await click(within(mainGroup(0)).getByRole("button", { name: "Yes" }));
    expect(describedBy()).toBe("To continue, finish the follow-up questions for Heart Health.");
    await click(within(mainGroup(0)).getByRole("button", { name: "No" }));
    expect(isDisabled(nextButton())).toBe(false);
    expect(describedBy()).toBeNull();
    expect(screen.queryByText(/^To continue/)).toBeNull();
  });

  it("shows a Yes answer's follow-ups and needs them: yes/no answered, text non-empty", async () => {
    renderForm();
    await answerAllNo();
    const heart = ELIGIBILITY_QUESTIONS[0]!;
    expect(within(card(heart.title)).queryByPlaceholderText("Please provide details...")).toBeNull();
    await click(within(mainGroup(0)).getByRole("button", { name: "Yes" }));
    const details = within(card(heart.title)).getByRole("textbox", { name: heart.followUps[0]!.text });
    expect(details.getAttribute("placeholder")).toBe("Please provide details...");
    expect(details.getAttribute("rows")).toBe("2");
    expect(isDisabled(nextButton())).toBe(true);

    await type(details, "   ");
    await click(
      within(screen.getByRole("group", { name: heart.followUps[1]!.text })).getByRole("button", { name: "No" }),
    );
    await click(
      within(screen.getByRole("group", { name: heart.followUps[2]!.text })).getByRole("button", { name: "Yes" }),
    );
    expect(isDisabled(nextButton())).toBe(true);
    await type(details, "Angina");
    expect(isDisabled(nextButton())).toBe(false);

    // Back to No: the follow-ups go away and no longer hold Next back.
    await type(details, "");
    expect(isDisabled(nextButton())).toBe(true);
    await click(within(mainGroup(0)).getByRole("button", { name: "No" }));
    expect(within(card(heart.title)).queryByRole("textbox")).toBeNull();
    expect(isDisabled(nextButton())).toBe(false);
  });

  it("posts the answers with the quote link, reads Submitting... meanwhile, then goes to the schedule page with the outcome", async () => {
    let resolve!: (value: unknown) => void;
    fetchMock.mockImplementationOnce(() => new Promise((r) => (resolve = r)));
    renderForm();
    await answerAllNo();
    await click(within(mainGroup(3)).getByRole("button", { name: "Yes" }));
    await type(screen.getByRole("textbox", { name: ELIGIBILITY_QUESTIONS[3]!.followUps[0]!.text }), "Neuropathy");
    await type(screen.getByRole("textbox", { name: ELIGIBILITY_QUESTIONS[3]!.followUps[1]!.text }), "No insulin");
    await click(nextButton());

    const busy = screen.getByRole("button", { name: "Submitting..." });
    expect(isDisabled(busy)).toBe(true);
    expect(isDisabled(within(mainGroup(0)).getByRole("button", { name: "Yes" }))).toBe(true);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api/org/${ORG_ID}/eligibility-answers`);
    const body = JSON.parse(init.body);
    expect(body.quote_id).toBe(TOKEN);
    expect(Object.keys(body.answers)).toHaveLength(7);
    expect(body.answers["4"]).toMatchObject({
      answer: true,
      follow_up_questions: [
        { id: 401, answer: "Neuropathy" },
        { id: 402, answer: "No insulin" },
      ],
    });

    resolve({ ok: true, status: 200, json: async () => ({ success: true, outcome: "decline" }) });
    await waitFor(() => expect(push).toHaveBeenCalledWith(`/schedule?id=${TOKEN}&status=decline`));
  });

  it("shows the save error in a red box and lets the visitor try again", async () => {
    reply({ status: 500, body: { error: { code: "internal", message: "x" } } }, "network-error", {
      status: 200,
      body: { success: true, outcome: "accept" },
    });
    renderForm();
    await answerAllNo();
    await click(nextButton());
    expect((await screen.findByRole("alert")).textContent).toContain("Failed to save your answers. Please try again.");
    expect(screen.getByRole("alert").className).toContain("bg-red-50");
    await click(nextButton());
    expect((await screen.findByRole("alert")).textContent).toContain("Failed to save your answers. Please try again.");
    await click(nextButton());
    await waitFor(() => expect(push).toHaveBeenCalledWith(`/schedule?id=${TOKEN}&status=accept`));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("without a quote link, makes a temporary contact once and continues with its link", async () => {
    const tempToken = "X".repeat(43);
    reply(
      { status: 500, body: {} },
      { status: 200, body: { success: true, contactId: "c1", quoteId: tempToken } },
      { status: 500, body: {} },
      { status: 200, body: { success: true, outcome: "accept" } },
    );
    renderForm({ quoteToken: null });
    await answerAllNo();
    await click(nextButton());
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Failed to create temporary contact. Please try again.",
    );
    expect(fetchMock.mock.calls[0]![0]).toBe(`/api/org/${ORG_ID}/temp-contact`);
    // The temporary contact is made with a solved proof-of-work (docs/security.md "Public forms").
    expect(fetchMock.mock.calls[0]![1].headers).toMatchObject(SOLVED_CHALLENGE);

    await click(nextButton());
    expect((await screen.findByRole("alert")).textContent).toContain("Failed to save your answers. Please try again.");
    await click(nextButton());
    await waitFor(() => expect(push).toHaveBeenCalledWith(`/schedule?id=${tempToken}&status=accept`));
    const urls = fetchMock.mock.calls.map((c) => c[0]);
    expect(urls.filter((u) => u.endsWith("/temp-contact"))).toHaveLength(2);
    expect(JSON.parse(fetchMock.mock.calls[3]![1].body).quote_id).toBe(tempToken);
  });

  it("shows the Medicare Advantage promo unless the organization hides it", () => {
    const { unmount } = renderForm();
    expect(screen.getByRole("heading", { name: "Looking to dramatically lower your monthly costs?" })).toBeTruthy();
    expect(screen.getByText(/\$0 monthly premiums/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Explore Options" }).getAttribute("href")).toBe(
      `/schedule?id=${TOKEN}&status=decline`,
    );
    unmount();
    renderForm({ hideMedicareAdvantage: true });
    expect(screen.queryByText("Looking to dramatically lower your monthly costs?")).toBeNull();
    expect(screen.queryByRole("link", { name: "Explore Options" })).toBeNull();
  });
});

describe("EligibilityIntro", () => {
  it("shows the agency's phone number as a call link, and nothing without one", () => {
    const { rerender } = render(<EligibilityIntro agencyName="Lone Star Medigap" phone="(512) 555-0100" />);
    expect(screen.getByText(/Questions\? Call Lone Star Medigap at/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "(512) 555-0100" }).getAttribute("href")).toBe("tel:+15125550100");
    rerender(<EligibilityIntro agencyName="Lone Star Medigap" phone={null} />);
    expect(screen.queryByRole("link")).toBeNull();
  });
});

describe("EligibilityLoading", () => {
  it("says Loading assessment...", () => {
    render(<EligibilityLoading />);
    expect(screen.getByText("Loading assessment...")).toBeTruthy();
  });
});
