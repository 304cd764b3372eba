"use client";

import { useId } from "react";
import { Button } from "@/components/ui/button";
import { CloseIcon } from "@/components/ui/close-icon";
import { ModalFrame } from "@/components/ui/modal-frame";
import type { ContactEligibility } from "@/lib/contacts/contact-schema";
import {
  healthOutcome,
  normalizeHealthAnswers,
  type HealthQuestion,
} from "@/components/contacts/detail/health-answers";

export type HealthAssessmentModalProps = {
  contactName: string;
  eligibility: ContactEligibility;
  onClose: () => void;
};

const formatDate = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" }) : null;

function AnswerBadge({ answer }: { answer: "yes" | "no" | null }) {
  if (answer === null)
    return (
      <span className="shrink-0 rounded-full bg-gray-100 px-2.5 py-0.5 text-xs font-medium text-gray-600">
        No answer
      </span>
    );
  return answer === "yes" ? (
    <span className="shrink-0 rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-700">Yes</span>
  ) : (
    <span className="shrink-0 rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-700">No</span>
  );
}

function Question({ question }: { question: HealthQuestion }) {
  return (
    <li className="py-3">
      <div className="flex items-start justify-between gap-4">
        <p className="text-sm text-gray-800">{question.text}</p>
        <AnswerBadge answer={question.answer} />
      </div>
      {question.answer === "yes" && question.followUps.length > 0 ? (
        <ul
          aria-label={`Follow-up answers: ${question.text}`}
          className="mt-2 space-y-2 border-l-2 border-red-200 pl-4"
        >
          {question.followUps.map((followUp) => (
            <li key={followUp.id} className="text-sm">
              <p className="text-gray-600">{followUp.text}</p>
              <p className={followUp.answer ? "font-medium text-gray-900" : "italic text-gray-600"}>
                {followUp.answer ?? "No answer provided"}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * Health Assessment Results (client-side.md §2): Not Completed without answers; otherwise Health Issues
 * Identified or All Health Checks Passed, each question with its Yes/No answer, Yes answers with
 * their follow-ups. Escape closes.
 */
export function HealthAssessmentModal({ contactName, eligibility, onClose }: HealthAssessmentModalProps) {
  const titleId = useId();
  const questions = normalizeHealthAnswers(eligibility.answers);
  const outcome = healthOutcome(eligibility);
  const completed = formatDate(eligibility.completedAt);

  return (
    <ModalFrame open onClose={onClose} labelledBy={titleId} className="max-w-xl">
      <div className="flex items-center justify-between border-b border-gray-200 px-6 py-4">
        <h2 id={titleId} className="text-lg font-semibold text-gray-900">
          Health Assessment Results
        </h2>
        <Button variant="ghost" onClick={onClose} aria-label="Close">
          <CloseIcon />
        </Button>
      </div>
      <div className="px-6 py-5">
        {outcome === "not_completed" ? (
          <div className="rounded-lg bg-gray-50 p-5 text-center">
            <h3 className="text-base font-semibold text-gray-900">Health Assessment Not Completed</h3>
            <p className="mt-1 text-sm text-gray-600">{contactName} has not yet completed the health questionnaire.</p>
          </div>
        ) : (
          <>
            <div
              className={`rounded-lg p-4 ${outcome === "issues" ? "bg-red-50 ring-1 ring-red-200" : "bg-green-50 ring-1 ring-green-200"}`}
            >
              <h3 className={`text-base font-semibold ${outcome === "issues" ? "text-red-800" : "text-green-800"}`}>
                {outcome === "issues" ? "Health Issues Identified" : "All Health Checks Passed"}
              </h3>
              <p className={`mt-1 text-sm ${outcome === "issues" ? "text-red-700" : "text-green-700"}`}>
                {outcome === "issues"
                  ? `${contactName} flagged health conditions that may affect eligibility.`
                  : `${contactName} answered No to every health question.`}
                {completed ? ` Completed ${completed}.` : ""}
              </p>
            </div>
            <ul className="mt-4 divide-y divide-gray-100">
              {questions.map((question) => (
                <Question key={question.id} question={question} />
              ))}
            </ul>
          </>
        )}
      </div>
      <div className="flex justify-end border-t border-gray-200 bg-gray-50 px-6 py-3">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </ModalFrame>
  );
}
