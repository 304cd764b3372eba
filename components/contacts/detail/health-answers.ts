/**
 * The stored health questionnaire (EligibilityAnswer.answers: keyed by question id, each
 * { id, question_text, question_type, answer, follow_up_questions[] }) as the Health Assessment
 * Results modal shows it. Lenient: answers may be booleans or "yes"/"no" strings, follow-ups Yes/No or
 * free text, and older rows may lack fields. Pure.
 */

export type HealthFollowUp = {
  id: string;
  text: string;
  kind: "yesno" | "text";
  /** "Yes" / "No" / the text; null when not answered. */ answer: string | null;
};
export type HealthQuestion = { id: string; text: string; answer: "yes" | "no" | null; followUps: HealthFollowUp[] };
export type HealthOutcome = "not_completed" | "issues" | "passed";

type Raw = Record<string, unknown>;
const isObject = (value: unknown): value is Raw => typeof value === "object" && value !== null && !Array.isArray(value);
const text = (...values: unknown[]) =>
  values.find((v): v is string => typeof v === "string" && v.trim() !== "")?.trim();

export function yesNo(value: unknown): "yes" | "no" | null {
  if (value === true) return "yes";
  if (value === false) return "no";
  if (typeof value !== "string") return null;
  const v = value.trim().toLowerCase();
  if (["yes", "y", "true", "1"].includes(v)) return "yes";
  if (["no", "n", "false", "0"].includes(v)) return "no";
  return null;
}

function followUp(raw: unknown, index: number): HealthFollowUp {
  const item = isObject(raw) ? raw : {};
  const id = text(item.id) ?? String(index);
  const declared = String(item.answer_type ?? item.answerType ?? item.type ?? item.question_type ?? "").toLowerCase();
  const isText =
    declared.includes("text") ||
    (typeof item.answer === "string" && yesNo(item.answer) === null && !declared.includes("yes"));
  if (isText)
    return {
      id,
      text: text(item.question_text, item.text, item.question, item.title) ?? id,
      kind: "text",
      answer: text(item.answer) ?? null,
    };
  const answer = yesNo(item.answer);
  return {
    id,
    text: text(item.question_text, item.text, item.question, item.title) ?? id,
    kind: "yesno",
    answer: answer === "yes" ? "Yes" : answer === "no" ? "No" : null,
  };
}

export function normalizeHealthAnswers(answers: unknown): HealthQuestion[] {
  const entries: [string, unknown][] = Array.isArray(answers)
    ? answers.map((value, index) => [String(index), value])
    : isObject(answers)
      ? Object.entries(answers)
      : [];
  const questions: HealthQuestion[] = [];
  for (const [key, value] of entries) {
    if (!isObject(value)) {
      questions.push({ id: key, text: key, answer: yesNo(value), followUps: [] });
      continue;
    }
    const type = String(value.question_type ?? value.questionType ?? "main").toLowerCase();
    if (type.startsWith("followup") || type.startsWith("follow_up")) continue;
    const rawFollowUps = value.follow_up_questions ?? value.followUpQuestions ?? value.follow_ups ?? [];
    questions.push({
      id: text(value.id) ?? key,
      text: text(value.question_text, value.questionText, value.title, value.text) ?? key,
      answer: yesNo(value.answer),
      followUps: Array.isArray(rawFollowUps) ? rawFollowUps.map(followUp) : [],
    });
  }
  return questions;
}

/** Not completed without answers; issues when the stored flag says so or any main question is Yes; else passed. */
export function healthOutcome(eligibility: { answers: unknown; hasConditions: boolean | null }): HealthOutcome {
  const questions = normalizeHealthAnswers(eligibility.answers);
  if (questions.length === 0) return "not_completed";
  if (eligibility.hasConditions || questions.some((q) => q.answer === "yes")) return "issues";
  return "passed";
}
