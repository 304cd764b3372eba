"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { ChallengeNote } from "@/components/challenge/challenge-note";
import { challengeSend, useChallenge } from "@/components/challenge/use-challenge";
import { Button, buttonClass } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/input";
import { apiCall } from "@/lib/api/browser-client";
import {
  eligibilityDraftSchema,
  type SubmitEligibilityResponse,
  type TempContactResponse,
} from "@/lib/eligibility/answers-schema";
import { ELIGIBILITY_MESSAGES as M } from "@/lib/eligibility/messages";
import {
  EMPTY_DRAFT,
  missingAnswersNote,
  type AnswerDraft,
  type EligibilityOutcome,
  type FollowUpAnswer,
  type SubmittedAnswers,
  type YesNo,
} from "@/lib/eligibility/outcome";
import {
  ELIGIBILITY_QUESTIONS,
  MAX_FOLLOW_UP_TEXT,
  type EligibilityQuestion,
  type FollowUpQuestion,
} from "@/lib/eligibility/questions";
import { brandFillStyle, brandInkOnWhite } from "@/lib/organizations/brand-contrast";

export type EligibilityFormProps = {
  organizationId: string;
  /** The quote-link token of the page; null on a generic link (a temporary contact is made on submit). */
  quoteToken: string | null;
  hideMedicareAdvantage: boolean;
  brandColor: string;
};

export function scheduleUrl({
  token,
  organizationId,
  status,
}: {
  token: string | null;
  organizationId: string;
  status: EligibilityOutcome;
}): string {
  const params = new URLSearchParams(token ? { id: token, status } : { orgId: organizationId, status });
  return `/schedule?${params.toString()}`;
}

function YesNoButtons({
  labelledBy,
  value,
  onChange,
  brandColor,
  disabled,
}: {
  labelledBy: string;
  value: YesNo | undefined;
  onChange: (value: YesNo) => void;
  brandColor: string;
  disabled: boolean;
}) {
  return (
    <div role="group" aria-labelledby={labelledBy} className="mt-3 grid grid-cols-2 gap-3">
      {(["yes", "no"] as const).map((option) => {
        const pressed = value === option;
        return (
          <Button
            key={option}
            variant="ghost"
            aria-pressed={pressed}
            disabled={disabled}
            onClick={() => onChange(option)}
            className="rounded-lg border-2 border-gray-500 bg-white text-base font-semibold disabled:opacity-60"
            style={pressed ? { ...brandFillStyle(brandColor), borderColor: brandColor } : undefined}
          >
            {option === "yes" ? "Yes" : "No"}
          </Button>
        );
      })}
    </div>
  );
}

function FollowUpField({
  followUp,
  value,
  onChange,
  brandColor,
  disabled,
}: {
  followUp: FollowUpQuestion;
  value: FollowUpAnswer | undefined;
  onChange: (value: FollowUpAnswer) => void;
  brandColor: string;
  disabled: boolean;
}) {
  const id = useId();
  if (followUp.kind === "yesno") {
    return (
      <div>
        <p id={id} className="text-sm text-gray-800">
          {followUp.text}
        </p>
        <YesNoButtons
          labelledBy={id}
          value={typeof value === "boolean" ? (value ? "yes" : "no") : undefined}
          onChange={(v) => onChange(v === "yes")}
          brandColor={brandColor}
          disabled={disabled}
        />
      </div>
    );
  }
  return (
    <Field label={followUp.text} labelClassName="font-normal">
      {(control) => (
        <Textarea
          {...control}
          rows={2}
          maxLength={MAX_FOLLOW_UP_TEXT}
          placeholder={M.detailsPlaceholder}
          value={typeof value === "string" ? value : ""}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

function QuestionCard({
  question,
  draft,
  setMain,
  setFollowUp,
  brandColor,
  disabled,
}: {
  question: EligibilityQuestion;
  draft: AnswerDraft;
  setMain: (id: number, value: YesNo) => void;
  setFollowUp: (id: number, value: FollowUpAnswer) => void;
  brandColor: string;
  disabled: boolean;
}) {
  const titleId = useId();
  const textId = useId();
  const answer = draft.main[question.id];
  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <p className="text-xs font-semibold uppercase tracking-wide" style={{ color: brandInkOnWhite(brandColor) }}>
        {question.category}
      </p>
      <h2 id={titleId} className="mt-1 text-lg font-semibold text-gray-900">
        {question.title}
      </h2>
      <p id={textId} className="mt-2 text-base text-gray-700">
        {question.questionText}
      </p>
      <YesNoButtons
        labelledBy={textId}
        value={answer}
        onChange={(value) => setMain(question.id, value)}
        brandColor={brandColor}
        disabled={disabled}
      />
      {answer === "yes" && question.followUps.length > 0 ? (
        <div className="mt-4 space-y-4 border-l-2 pl-4" style={{ borderColor: brandColor }}>
          {question.followUps.map((followUp) => (
            <FollowUpField
              key={followUp.id}
              followUp={followUp}
              value={draft.followUps[followUp.id]}
              onChange={(value) => setFollowUp(followUp.id, value)}
              brandColor={brandColor}
              disabled={disabled}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}

function MedicareAdvantagePromo({ href, brandColor }: { href: string; brandColor: string }) {
  return (
    <aside aria-labelledby="medicare-advantage-promo" className="rounded-xl border border-gray-200 bg-gray-50 p-5">
      <h2 id="medicare-advantage-promo" className="text-lg font-semibold text-gray-900">
        {M.promoHeading}
      </h2>
      <p className="mt-2 text-sm text-gray-700">
        Medicare Advantage plans can offer $0 monthly premiums, and many include extra benefits. See whether one fits
        you better.
      </p>
      <a
        href={href}
        className={buttonClass({
          variant: "ghost",
          className: "mt-4 rounded-lg border-2 bg-white px-5 text-base font-semibold",
        })}
        style={{ borderColor: brandInkOnWhite(brandColor), color: brandInkOnWhite(brandColor) }}
      >
        {M.promoButton}
      </a>
    </aside>
  );
}

/**
 * The Underwriting Assessment questionnaire (client-side.md §2, domain-rules.md C): seven Yes/No
 * questions whose Yes reveals follow-ups. The form is checked by the route's own schema
 * (eligibilityDraftSchema: the draft read as the route's `answers`), and Next is enabled exactly when it
 * passes. Without a quote link a temporary contact is made first, once, and its link is used from then on.
 */
export function EligibilityForm({
  organizationId,
  quoteToken,
  hideMedicareAdvantage,
  brandColor,
}: EligibilityFormProps) {
  const router = useRouter();
  const {
    control,
    setValue,
    handleSubmit,
    formState: { isValid, isSubmitting },
  } = useForm<AnswerDraft, unknown, SubmittedAnswers>({
    resolver: zodResolver(eligibilityDraftSchema),
    mode: "onChange",
    defaultValues: EMPTY_DRAFT,
  });
  const draft = {
    main: useWatch({ control, name: "main" }),
    followUps: useWatch({ control, name: "followUps" }),
  } as AnswerDraft;
  // After a saved answer the button stays "Submitting..." while the schedule page loads.
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [token, setToken] = useState<string | null>(quoteToken);
  // A generic link makes a temporary contact on submit: that call carries a proof-of-work (docs/security.md "Public forms").
  const challenge = useChallenge("temp-contact", { solveAhead: quoteToken === null });
  const submitting = isSubmitting || leaving;
  const missing = isValid || submitting ? null : missingAnswersNote(draft);
  const missingId = useId();

  const setMain = (id: number, value: YesNo) =>
    setValue("main", { ...draft.main, [id]: value }, { shouldValidate: true });
  const setFollowUp = (id: number, value: FollowUpAnswer) =>
    setValue("followUps", { ...draft.followUps, [id]: value }, { shouldValidate: true });

  const onValid = async (answers: SubmittedAnswers) => {
    setError(null);
    const fail = (message: string) => setError(message);
    const org = encodeURIComponent(organizationId);

    let linkToken = token;
    if (!linkToken) {
      const created = await apiCall<TempContactResponse>(`/api/org/${org}/temp-contact`, {
        method: "POST",
        body: {},
        send: challengeSend(() => challenge.take()),
      });
      if (!created.ok || typeof created.body.quoteId !== "string") return fail(M.tempContactFailed);
      linkToken = created.body.quoteId;
      setToken(linkToken);
    }
    const saved = await apiCall<SubmitEligibilityResponse>(`/api/org/${org}/eligibility-answers`, {
      method: "POST",
      body: { quote_id: linkToken, answers },
    });
    if (!saved.ok || (saved.body.outcome !== "accept" && saved.body.outcome !== "decline")) return fail(M.saveFailed);
    setLeaving(true);
    router.push(scheduleUrl({ token: linkToken, organizationId, status: saved.body.outcome }));
  };

  return (
    <form onSubmit={handleSubmit(onValid)} noValidate className="space-y-4">
      {ELIGIBILITY_QUESTIONS.map((question) => (
        <QuestionCard
          key={question.id}
          question={question}
          draft={draft}
          setMain={setMain}
          setFollowUp={setFollowUp}
          brandColor={brandColor}
          disabled={submitting}
        />
      ))}
      {token ? null : <ChallengeNote status={challenge.status} />}
      {error ? (
        <div
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
        >
          {error}
        </div>
      ) : null}
      <Button
        type="submit"
        size="lg"
        fullWidth
        disabled={!isValid || submitting}
        aria-describedby={missing ? missingId : undefined}
        className="rounded-lg text-base disabled:opacity-50"
        style={brandFillStyle(brandColor)}
      >
        {submitting ? M.submitting : M.next}
      </Button>
      {missing ? (
        <p id={missingId} className="text-center text-gray-700">
          {missing}
        </p>
      ) : null}
      {hideMedicareAdvantage ? null : (
        <MedicareAdvantagePromo
          href={scheduleUrl({ token, organizationId, status: "decline" })}
          brandColor={brandColor}
        />
      )}
    </form>
  );
}
