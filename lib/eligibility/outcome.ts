import { ELIGIBILITY_QUESTIONS } from "@/lib/eligibility/questions";

/**
 * Pure rules of the questionnaire (domain-rules.md C, client-side.md "Underwriting Assessment page"):
 * what is sent, and the outcome (when it may be sent is the route's schema: lib/eligibility/answers-schema.ts). Used by the form and by the server, so
 * the two cannot disagree.
 */

export type YesNo = "yes" | "no";
export type FollowUpAnswer = boolean | string;

/** What the visitor has chosen so far: the main answer per question id, follow-up answers per follow-up id. */
export type AnswerDraft = {
  main: Partial<Record<number, YesNo>>;
  followUps: Partial<Record<number, FollowUpAnswer>>;
};

export const EMPTY_DRAFT: AnswerDraft = { main: {}, followUps: {} };

export type SubmittedFollowUp = { id: number; question_text: string; answer: FollowUpAnswer };
export type SubmittedAnswer = {
  id: number;
  question_text: string;
  question_type: string;
  answer: boolean;
  follow_up_questions: SubmittedFollowUp[];
};
/** The payload's `answers`, keyed by main question id ("1".."7"). */
export type SubmittedAnswers = Record<string, SubmittedAnswer>;

export type EligibilityOutcome = "accept" | "decline";

/**
 * The payload's answers: the questions answered so far; the follow-ups of Yes answers only, text trimmed.
 * What is missing or blank stays so, for the route's schema to name (lib/eligibility/answers-schema.ts).
 */
export function toSubmittedAnswers(draft: AnswerDraft): SubmittedAnswers {
  const answers: SubmittedAnswers = {};
  for (const question of ELIGIBILITY_QUESTIONS) {
    if (draft.main[question.id] === undefined) continue;
    const isYes = draft.main[question.id] === "yes";
    answers[String(question.id)] = {
      id: question.id,
      question_text: question.questionText,
      question_type: question.questionType,
      answer: isYes,
      follow_up_questions: isYes
        ? question.followUps.flatMap((f) => {
            const value = draft.followUps[f.id];
            if (value === undefined) return [];
            return [{ id: f.id, question_text: f.text, answer: typeof value === "string" ? value.trim() : value }];
          })
        : [],
    };
  }
  return answers;
}

/**
 * Main questions answered Yes. The original counted only question_type "main" (the heart question);
 * here every one of the seven counts (domain-rules C, REC).
 */
export function mainQuestionsYesCount(answers: Record<string, { answer: boolean }>): number {
  return ELIGIBILITY_QUESTIONS.filter((q) => answers[String(q.id)]?.answer === true).length;
}

export function hasMedicalConditions(answers: Record<string, { answer: boolean }>): boolean {
  return mainQuestionsYesCount(answers) > 0;
}

/** Any Yes on any main question declines; all No accepts. */
export function eligibilityOutcome(answers: Record<string, { answer: boolean }>): EligibilityOutcome {
  return hasMedicalConditions(answers) ? "decline" : "accept";
}

/**
 * Why Next is still disabled, in words (null when nothing is missing): the questions not yet answered and the Yes
 * answers whose follow-up questions are not all answered, by their titles in page order (a count when more than 3 are
 * unanswered).
 */
export function missingAnswersNote(draft: AnswerDraft): string | null {
  const unanswered: string[] = [];
  const followUps: string[] = [];
  for (const question of ELIGIBILITY_QUESTIONS) {
    const answer = draft.main[question.id];
    if (answer === undefined) unanswered.push(question.title);
    else if (
      answer === "yes" &&
      question.followUps.some((f) => {
        const given = draft.followUps[f.id];
        return given === undefined || (typeof given === "string" && given.trim() === "");
      })
    )
      followUps.push(question.title);
  }
  const parts: string[] = [];
  const total = ELIGIBILITY_QUESTIONS.length;
  if (unanswered.length === total) parts.push(`answer all ${total} questions`);
  else if (unanswered.length > 3) parts.push(`answer the ${unanswered.length} questions left`);
  else if (unanswered.length) parts.push(`answer ${listOf(unanswered)}`);
  if (followUps.length) parts.push(`finish the follow-up questions for ${listOf(followUps)}`);
  return parts.length ? `To continue, ${parts.join(", and ")}.` : null;
}

const listOf = (items: string[]) =>
  items.length <= 2 ? items.join(" and ") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
