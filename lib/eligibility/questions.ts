/**
 * The underwriting questionnaire (domain-rules.md C): seven main questions, each with the follow-ups
 * a Yes reveals. Pure data, shared by the page (what to ask), the payload schema (which ids exist) and
 * the stored answers (the question text is taken from here, never from the request).
 *
 * question_type is the stored category of a main question. The original product derived it from the
 * card colour, so Q7 was recorded as lung_health; here Q7 has its own category.
 */

export type FollowUpKind = "yesno" | "text";

export type FollowUpQuestion = { id: number; text: string; kind: FollowUpKind };

export type QuestionType =
  | "main"
  | "lung_health"
  | "cancer_history"
  | "diabetes_with_complications"
  | "memory_or_cognitive_health"
  | "recent_and_current_hospitalizations"
  | "current_hospitalization_or_test";

export type EligibilityQuestion = {
  id: number;
  /** Section label on the card ("Heart", "Lung", …). */
  category: string;
  title: string;
  questionText: string;
  questionType: QuestionType;
  followUps: readonly FollowUpQuestion[];
};

export const ELIGIBILITY_QUESTIONS: readonly EligibilityQuestion[] = [
  {
    id: 1,
    category: "Heart",
    title: "Heart Health",
    questionText:
      "Have you ever been diagnosed with or treated for any heart condition, such as heart failure, coronary artery disease, angina, atrial fibrillation or heart valve problems?",
    questionType: "main",
    followUps: [
      { id: 101, text: "Which heart condition(s) were you diagnosed with or treated for?", kind: "text" },
      {
        id: 102,
        text: "In the past 2 years, have you been hospitalized, had surgery, or had a cardiac procedure (such as a stent) for this condition?",
        kind: "yesno",
      },
      {
        id: 103,
        text: "Are you currently taking 3 or more medications for this condition, or using oxygen or nitroglycerin?",
        kind: "yesno",
      },
    ],
  },
  {
    id: 2,
    category: "Lung",
    title: "Lung Health",
    questionText:
      "Have you ever been diagnosed with or treated for a chronic lung condition, such as COPD, emphysema, chronic bronchitis or cystic fibrosis?",
    questionType: "lung_health",
    followUps: [
      { id: 201, text: "Which lung condition(s) were you diagnosed with or treated for?", kind: "text" },
      { id: 202, text: "Do you need home oxygen or a nebulizer?", kind: "yesno" },
      {
        id: 203,
        text: "In the past year, have you been hospitalized for your lungs, or had 3 or more respiratory infections needing antibiotics or steroids?",
        kind: "yesno",
      },
    ],
  },
  {
    id: 3,
    category: "Cancer",
    title: "Cancer History",
    questionText:
      "Have you ever been diagnosed with or treated for cancer, leukemia or lymphoma (not including basal cell skin cancer)?",
    questionType: "cancer_history",
    followUps: [
      { id: 301, text: "What type of cancer?", kind: "text" },
      { id: 302, text: "When were you first diagnosed?", kind: "text" },
      {
        id: 303,
        text: "Are you currently in active treatment (chemotherapy, radiation, immunotherapy, targeted or hormone therapy)?",
        kind: "yesno",
      },
    ],
  },
  {
    id: 4,
    category: "Diabetes with Complications",
    title: "Diabetes with Complications",
    questionText:
      "Have you ever had diabetes with complications affecting your eyes, nerves, kidneys, circulation or heart?",
    questionType: "diabetes_with_complications",
    followUps: [
      { id: 401, text: "Which complications have you had?", kind: "text" },
      { id: 402, text: "Do you need insulin? If so, what is your typical daily dose?", kind: "text" },
    ],
  },
  {
    id: 5,
    category: "Memory",
    title: "Memory or Cognitive Health",
    questionText:
      "Do you have any concerns about your memory or thinking, or have you been diagnosed with dementia, Alzheimer's or another cognitive impairment?",
    questionType: "memory_or_cognitive_health",
    followUps: [
      { id: 501, text: "Have you received a formal diagnosis? If so, which?", kind: "text" },
      {
        id: 502,
        text: "Do you need help with daily living (medications, finances or personal care) because of it?",
        kind: "yesno",
      },
    ],
  },
  {
    id: 6,
    category: "Recent Hospitalizations",
    title: "Recent and Current Hospitalizations",
    questionText:
      "In the past 2 years, have you been hospitalized overnight more than twice for any condition (not counting planned surgeries)?",
    questionType: "recent_and_current_hospitalizations",
    followUps: [],
  },
  {
    id: 7,
    category: "Current Hospitalization or Test",
    title: "Current Hospitalization or Medical Test",
    questionText:
      "Are you currently hospitalized, waiting on medical test results, or has a doctor advised you to have a medical test?",
    questionType: "current_hospitalization_or_test",
    followUps: [],
  },
];

export const MAIN_QUESTION_IDS: readonly number[] = ELIGIBILITY_QUESTIONS.map((q) => q.id);

/** Longest free-text follow-up answer accepted. */
export const MAX_FOLLOW_UP_TEXT = 1000;

export function findQuestion(id: number): EligibilityQuestion | undefined {
  return ELIGIBILITY_QUESTIONS.find((q) => q.id === id);
}
