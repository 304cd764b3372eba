import {
  eligibilityOutcome,
  missingAnswersNote,
  hasMedicalConditions,
  mainQuestionsYesCount,
  toSubmittedAnswers,
  type AnswerDraft,
} from "@/lib/eligibility/outcome";
import { ELIGIBILITY_QUESTIONS, MAIN_QUESTION_IDS } from "@/lib/eligibility/questions";

const allNo = (): AnswerDraft => ({
  main: Object.fromEntries(MAIN_QUESTION_IDS.map((id) => [id, "no"])),
  followUps: {},
});
const withYes = (draft: AnswerDraft, id: number): AnswerDraft => ({ ...draft, main: { ...draft.main, [id]: "yes" } });
const answersWithYes = (...yes: number[]) =>
  Object.fromEntries(MAIN_QUESTION_IDS.map((id) => [String(id), { answer: yes.includes(id) }]));

describe("the questionnaire", () => {
  it("has the seven questions of domain-rules C with their follow-ups, and Q7 in its own category", () => {
    expect(ELIGIBILITY_QUESTIONS.map((q) => [q.id, q.title, q.followUps.map((f) => `${f.id}:${f.kind}`)])).toEqual([
      [1, "Heart Health", ["101:text", "102:yesno", "103:yesno"]],
      [2, "Lung Health", ["201:text", "202:yesno", "203:yesno"]],
      [3, "Cancer History", ["301:text", "302:text", "303:yesno"]],
      [4, "Diabetes with Complications", ["401:text", "402:text"]],
      [5, "Memory or Cognitive Health", ["501:text", "502:yesno"]],
      [6, "Recent and Current Hospitalizations", []],
      [7, "Current Hospitalization or Medical Test", []],
    ]);
    const types = ELIGIBILITY_QUESTIONS.map((q) => q.questionType);
    expect(new Set(types).size).toBe(7);
    expect(types[6]).not.toBe("lung_health");
  });
});

describe("outcome", () => {
  it.each([
    [[], "accept", 0, false],
    [[1], "decline", 1, true],
    // The original counted only question_type "main" (heart): a Yes on cancer alone read as no conditions.
    [[3], "decline", 1, true],
    [[7], "decline", 1, true],
    [[2, 5, 6], "decline", 3, true],
    [[1, 2, 3, 4, 5, 6, 7], "decline", 7, true],
  ])("Yes on %j → %s, %i main Yes, conditions %s", (yes, outcome, count, conditions) => {
    const answers = answersWithYes(...(yes as number[]));
    expect(eligibilityOutcome(answers)).toBe(outcome);
    expect(mainQuestionsYesCount(answers)).toBe(count);
    expect(hasMedicalConditions(answers)).toBe(conditions);
  });
});

describe("toSubmittedAnswers", () => {
  it("sends every question keyed by id, and the trimmed follow-ups of Yes answers only", () => {
    const draft: AnswerDraft = {
      ...withYes(allNo(), 3),
      followUps: { 301: "  Breast cancer ", 302: "2019", 303: false, 101: "left over from a changed answer" },
    };
    const answers = toSubmittedAnswers(draft);
    expect(Object.keys(answers)).toEqual(["1", "2", "3", "4", "5", "6", "7"]);
    expect(answers["1"]).toMatchObject({ id: 1, question_type: "main", answer: false, follow_up_questions: [] });
    expect(answers["3"]).toMatchObject({ id: 3, question_type: "cancer_history", answer: true });
    expect(answers["3"]!.follow_up_questions.map((f) => [f.id, f.answer])).toEqual([
      [301, "Breast cancer"],
      [302, "2019"],
      [303, false],
    ]);
  });

  it("leaves out what is not answered yet, and keeps a blank text answer blank (for the schema to refuse)", () => {
    const sixAnswered = allNo();
    delete sixAnswered.main[7];
    expect(Object.keys(toSubmittedAnswers(sixAnswered))).toEqual(["1", "2", "3", "4", "5", "6"]);
    const answers = toSubmittedAnswers({ ...withYes(allNo(), 1), followUps: { 101: "   " } });
    expect(answers["1"]!.follow_up_questions.map((f) => [f.id, f.answer])).toEqual([[101, ""]]);
  });
});

describe("missingAnswersNote (why Next is disabled)", () => {
  const allNo = (): AnswerDraft => ({
    main: Object.fromEntries(MAIN_QUESTION_IDS.map((id) => [id, "no" as const])),
    followUps: {},
  });

  test("names what is missing: all, a count, the titles, the follow-ups of a Yes; nothing once complete", () => {
    expect(missingAnswersNote({ main: {}, followUps: {} })).toBe("To continue, answer all 7 questions.");
    const fourLeft: AnswerDraft = { main: { 1: "no", 2: "no", 3: "no" }, followUps: {} };
    expect(missingAnswersNote(fourLeft)).toBe("To continue, answer the 4 questions left.");
    const twoLeft = allNo();
    delete twoLeft.main[2];
    delete twoLeft.main[5];
    expect(missingAnswersNote(twoLeft)).toBe("To continue, answer Lung Health and Memory or Cognitive Health.");
    const heartYes = allNo();
    heartYes.main[1] = "yes";
    heartYes.followUps = { 101: "  ", 102: true };
    delete heartYes.main[3];
    expect(missingAnswersNote(heartYes)).toBe(
      "To continue, answer Cancer History, and finish the follow-up questions for Heart Health.",
    );
    expect(missingAnswersNote(allNo())).toBeNull();
  });
});
