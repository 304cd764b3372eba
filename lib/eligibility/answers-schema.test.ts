import {
  eligibilityDraftSchema,
  submitEligibilityBodySchema,
  submittedAnswersSchema,
} from "@/lib/eligibility/answers-schema";
import { EMPTY_DRAFT, toSubmittedAnswers, type AnswerDraft } from "@/lib/eligibility/outcome";
import { MAIN_QUESTION_IDS } from "@/lib/eligibility/questions";

const allNo = (): AnswerDraft => ({
  main: Object.fromEntries(MAIN_QUESTION_IDS.map((id) => [id, "no"])),
  followUps: {},
});
const heartYes = (): AnswerDraft => ({
  main: { ...allNo().main, 1: "yes" },
  followUps: { 101: "Angina", 102: true, 103: false },
});
const issuesOf = (value: unknown) => {
  const result = submittedAnswersSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("submittedAnswersSchema", () => {
  it("accepts what the form sends", () => {
    expect(issuesOf(toSubmittedAnswers(allNo()))).toEqual([]);
    expect(issuesOf(toSubmittedAnswers(heartYes()))).toEqual([]);
  });

  it("stores the questionnaire's own question text, not the caller's", () => {
    const sent = toSubmittedAnswers(heartYes());
    sent["1"]!.question_text = "Something else entirely";
    sent["1"]!.question_type = "whatever";
    sent["1"]!.follow_up_questions[0]!.question_text = "Another text";
    const parsed = submittedAnswersSchema.parse(sent);
    expect(parsed["1"]).toMatchObject({
      question_type: "main",
      question_text: expect.stringContaining("heart condition"),
    });
    expect(parsed["1"]!.follow_up_questions[0]).toEqual({
      id: 101,
      question_text: expect.stringContaining("Which heart condition"),
      answer: "Angina",
    });
  });

  it("rejects unknown question and follow-up ids", () => {
    expect(
      issuesOf({ ...toSubmittedAnswers(allNo()), 8: { id: 8, answer: false, follow_up_questions: [] } }),
    ).toContain("8: Unknown question.");
    expect(issuesOf({ ...toSubmittedAnswers(allNo()), "01": { id: 1, answer: false } })).toContain(
      "01: Unknown question.",
    );
    const sent = toSubmittedAnswers(heartYes());
    sent["1"]!.follow_up_questions.push({ id: 201, question_text: "", answer: true });
    expect(issuesOf(sent)).toContain("1.follow_up_questions.3: Unknown follow-up question.");
  });

  it("rejects over-long text without repeating it", () => {
    const sent = toSubmittedAnswers(heartYes());
    const secret = "x".repeat(1001);
    sent["1"]!.follow_up_questions[0]!.answer = secret;
    const issues = issuesOf(sent);
    expect(issues.length).toBeGreaterThan(0);
    expect(issues.join(" ")).not.toContain("xxxx");
  });

  it("needs every question, and every follow-up of a Yes in its own type", () => {
    const missing = toSubmittedAnswers(allNo());
    delete missing["7"];
    expect(issuesOf(missing)).toContain("7: Please answer this question.");

    const incomplete = toSubmittedAnswers(heartYes());
    incomplete["1"]!.follow_up_questions = incomplete["1"]!.follow_up_questions.filter((f) => f.id !== 102);
    expect(issuesOf(incomplete)).toContain("1.follow_up_questions: Please answer every follow-up question.");

    const blank = toSubmittedAnswers(heartYes());
    blank["1"]!.follow_up_questions[0]!.answer = "   ";
    expect(issuesOf(blank)).toContain("1.follow_up_questions.0: Please provide details.");

    const wrongType = toSubmittedAnswers(heartYes());
    wrongType["1"]!.follow_up_questions[1]!.answer = "yes";
    expect(issuesOf(wrongType)).toContain("1.follow_up_questions.1: Answer Yes or No.");

    const noWithFollowUps = toSubmittedAnswers(allNo());
    noWithFollowUps["2"]!.follow_up_questions = [{ id: 202, question_text: "", answer: true }];
    expect(issuesOf(noWithFollowUps)).toContain("2.follow_up_questions: Follow-ups belong to Yes answers only.");

    const mismatched = toSubmittedAnswers(allNo());
    mismatched["2"]!.id = 3;
    expect(issuesOf(mismatched)).toContain("2.id: The question id does not match its key.");

    expect(issuesOf({ ...toSubmittedAnswers(allNo()), 1: { id: 1, answer: "no" } }).length).toBeGreaterThan(0);
  });
});

describe("submitEligibilityBodySchema", () => {
  it("needs a quote link", () => {
    const result = submitEligibilityBodySchema.safeParse({
      contact_id: "3f1c2a9e-0000-4000-8000-000000000000",
      answers: toSubmittedAnswers(allNo()),
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path.join("."))).toEqual(["quote_id"]);
  });
});

// The form's Next button follows this schema (components/eligibility/eligibility-form.tsx): the route's own rules on the draft.
describe("eligibilityDraftSchema", () => {
  const ok = (draft: AnswerDraft) => eligibilityDraftSchema.safeParse(draft).success;
  const withYes = (draft: AnswerDraft, id: number): AnswerDraft => ({ ...draft, main: { ...draft.main, [id]: "yes" } });

  it("needs every question answered", () => {
    expect(ok(EMPTY_DRAFT)).toBe(false);
    const sixAnswered = allNo();
    delete sixAnswered.main[7];
    expect(ok(sixAnswered)).toBe(false);
    expect(ok(allNo())).toBe(true);
  });

  it("needs every follow-up of a Yes: yes/no ones answered, text ones non-empty", () => {
    let draft = withYes(allNo(), 1);
    expect(ok(draft)).toBe(false);
    draft = { ...draft, followUps: { 101: "Atrial fibrillation", 102: false } };
    expect(ok(draft)).toBe(false);
    draft = { ...draft, followUps: { ...draft.followUps, 103: true } };
    expect(ok(draft)).toBe(true);
    expect(ok({ ...draft, followUps: { ...draft.followUps, 101: "   " } })).toBe(false);
  });

  it("ignores follow-ups of a question answered No, and a Yes without follow-ups is complete", () => {
    expect(ok({ ...allNo(), followUps: { 101: "" } })).toBe(true);
    expect(ok(withYes(allNo(), 6))).toBe(true);
  });

  it("answers the canonical payload the route stores", () => {
    const result = eligibilityDraftSchema.safeParse(heartYes());
    expect(result.success && result.data["1"]).toMatchObject({
      id: 1,
      answer: true,
      follow_up_questions: [
        { id: 101, answer: "Angina" },
        { id: 102, answer: true },
        { id: 103, answer: false },
      ],
    });
  });
});
