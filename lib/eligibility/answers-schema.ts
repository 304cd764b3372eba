import { z } from "zod";
import { findQuestion, MAIN_QUESTION_IDS, MAX_FOLLOW_UP_TEXT } from "@/lib/eligibility/questions";
import {
  toSubmittedAnswers,
  type AnswerDraft,
  type EligibilityOutcome,
  type SubmittedAnswers,
} from "@/lib/eligibility/outcome";

/**
 * POST /api/org/{orgId}/eligibility-answers body (domain-rules.md C "Payload"). Answers are keyed by
 * main question id; the server accepts only the questionnaire's own ids and answer types, requires
 * what the form requires (every question; every follow-up of a Yes, text non-empty) and stores its own
 * question text, not the caller's. Error messages never repeat the submitted values: they are health
 * information.
 */

const followUpSchema = z
  .object({
    id: z.number().int(),
    question_text: z.string().max(2000).optional(),
    answer: z.union([
      z.boolean(),
      z.string().max(MAX_FOLLOW_UP_TEXT, `Keep each answer under ${MAX_FOLLOW_UP_TEXT} characters.`),
    ]),
  })
  .strict();

const answerSchema = z
  .object({
    id: z.number().int(),
    question_text: z.string().max(2000).optional(),
    question_type: z.string().max(100).optional(),
    answer: z.boolean(),
    follow_up_questions: z.array(followUpSchema).max(10).default([]),
  })
  .strict();

export const submittedAnswersSchema = z
  .record(z.string(), answerSchema)
  .superRefine((answers, ctx) => {
    for (const key of Object.keys(answers)) {
      if (!MAIN_QUESTION_IDS.includes(Number(key)) || String(Number(key)) !== key)
        ctx.addIssue({ code: "custom", path: [key], message: "Unknown question." });
    }
    for (const id of MAIN_QUESTION_IDS) {
      const entry = answers[String(id)];
      const question = findQuestion(id)!;
      if (!entry) {
        ctx.addIssue({ code: "custom", path: [String(id)], message: "Please answer this question." });
        continue;
      }
      if (entry.id !== id)
        ctx.addIssue({ code: "custom", path: [String(id), "id"], message: "The question id does not match its key." });
      if (!entry.answer) {
        if (entry.follow_up_questions.length > 0)
          ctx.addIssue({
            code: "custom",
            path: [String(id), "follow_up_questions"],
            message: "Follow-ups belong to Yes answers only.",
          });
        continue;
      }
      const seen = new Set<number>();
      entry.follow_up_questions.forEach((followUp, index) => {
        const expected = question.followUps.find((f) => f.id === followUp.id);
        const path = [String(id), "follow_up_questions", index];
        if (!expected) return ctx.addIssue({ code: "custom", path, message: "Unknown follow-up question." });
        if (seen.has(followUp.id)) return ctx.addIssue({ code: "custom", path, message: "Follow-up answered twice." });
        seen.add(followUp.id);
        const isRightType =
          expected.kind === "yesno" ? typeof followUp.answer === "boolean" : typeof followUp.answer === "string";
        if (!isRightType)
          ctx.addIssue({
            code: "custom",
            path,
            message: expected.kind === "yesno" ? "Answer Yes or No." : "Answer in words.",
          });
        else if (typeof followUp.answer === "string" && followUp.answer.trim() === "")
          ctx.addIssue({ code: "custom", path, message: "Please provide details." });
      });
      const missing = question.followUps.filter((f) => !seen.has(f.id));
      if (missing.length > 0)
        ctx.addIssue({
          code: "custom",
          path: [String(id), "follow_up_questions"],
          message: "Please answer every follow-up question.",
        });
    }
  })
  .transform((answers): SubmittedAnswers => {
    const canonical: SubmittedAnswers = {};
    for (const id of MAIN_QUESTION_IDS) {
      const question = findQuestion(id)!;
      const entry = answers[String(id)]!;
      canonical[String(id)] = {
        id,
        question_text: question.questionText,
        question_type: question.questionType,
        answer: entry.answer,
        follow_up_questions: question.followUps.flatMap((f) => {
          const given = entry.follow_up_questions.find((g) => g.id === f.id);
          if (!given) return [];
          return [
            {
              id: f.id,
              question_text: f.text,
              answer: typeof given.answer === "string" ? given.answer.trim() : given.answer,
            },
          ];
        }),
      };
    }
    return canonical;
  });

export const submitEligibilityBodySchema = z.object({
  /** The quote-link token (?id= of the page). Required: a bare contact id would let anyone write to any contact. */
  quote_id: z.string({ error: "A quote link is required." }).min(1, "A quote link is required.").max(100),
  /** Cross-check only: must be the link's contact when given. */
  contact_id: z.string().max(100).optional(),
  answers: submittedAnswersSchema,
});

export type SubmitEligibilityBody = z.output<typeof submitEligibilityBodySchema>;

/** The route answers this (app/api/org/[slug]/eligibility-answers/route.ts). */
export type SubmitEligibilityResponse = { success: true; outcome: EligibilityOutcome };

/**
 * The questionnaire form's schema (components/eligibility/eligibility-form.tsx): the visitor's choices so far, read
 * as the route's `answers` and checked by the route's own rules, so Next is enabled exactly when the server would
 * take them.
 */
export const eligibilityDraftSchema = z
  .custom<AnswerDraft>(
    (value) => typeof value === "object" && value !== null && "main" in value && "followUps" in value,
  )
  .transform((draft): z.input<typeof submittedAnswersSchema> => toSubmittedAnswers(draft))
  .pipe(submittedAnswersSchema);

/** POST /api/org/{orgId}/temp-contact answers this: the placeholder contact and its quote-link token. */
export type TempContactResponse = { success: true; contactId: string; quoteId: string };

/** The route segment of /api/org/{segment}/…: the organization's id or its public slug. */
export const orgSegmentParamsSchema = z.object({ slug: z.string().min(1).max(100) });
