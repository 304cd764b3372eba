"use client";

import { useRouter } from "next/navigation";
import { useId, useRef, useState, type FormEvent } from "react";
import { ChallengeNote } from "@/components/challenge/challenge-note";
import { fetchWithChallenge, useChallenge } from "@/components/challenge/use-challenge";
import { ELIGIBILITY_MESSAGES as M } from "@/lib/eligibility/messages";
import { canSubmit, EMPTY_DRAFT, toSubmittedAnswers, type AnswerDraft, type EligibilityOutcome, type FollowUpAnswer, type YesNo } from "@/lib/eligibility/outcome";
import { ELIGIBILITY_QUESTIONS, MAX_FOLLOW_UP_TEXT, type EligibilityQuestion, type FollowUpQuestion } from "@/lib/eligibility/questions";
import { brandInkOnWhite, readableTextOn } from "@/lib/organizations/brand-contrast";

export type EligibilityFormProps = {
  organizationId: string;
  /** The quote-link token of the page; null on a generic link (a temporary contact is made on submit). */
  quoteToken: string | null;
  hideMedicareAdvantage: boolean;
  brandColor: string;
};

const focusRing = "focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:ring-gray-900";

export function scheduleUrl({ token, organizationId, status }: { token: string | null; organizationId: string; status: EligibilityOutcome }): string {
  const params = new URLSearchParams(token ? { id: token, status } : { orgId: organizationId, status });
  return `/schedule?${params.toString()}`;
}

async function postJson(url: string, body: unknown, takeChallenge?: () => Promise<Record<string, string>>): Promise<Record<string, unknown> | null> {
  try {
    const init = { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
    const res = takeChallenge ? await fetchWithChallenge(url, init, takeChallenge) : await fetch(url, init);
    if (!res.ok) return null;
    return (await res.json()) as Record<string, unknown>;
  } catch {
    return null;
  }
}

function YesNoButtons({ labelledBy, value, onChange, brandColor, disabled }: { labelledBy: string; value: YesNo | undefined; onChange: (value: YesNo) => void; brandColor: string; disabled: boolean }) {
  return (
    <div role="group" aria-labelledby={labelledBy} className="mt-3 grid grid-cols-2 gap-3">
      {(["yes", "no"] as const).map((option) => {
        const pressed = value === option;
        return (
          <button
            key={option}
            type="button"
            aria-pressed={pressed}
            disabled={disabled}
            onClick={() => onChange(option)}
            className={`min-h-11 rounded-lg border-2 px-4 py-2 text-base font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${focusRing} ${
              pressed ? "" : "border-gray-300 bg-white text-gray-800 hover:bg-gray-50"
            }`}
            style={pressed ? { backgroundColor: brandColor, borderColor: brandColor, color: readableTextOn(brandColor) } : undefined}
          >
            {option === "yes" ? "Yes" : "No"}
          </button>
        );
      })}
    </div>
  );
}

function FollowUpField({ followUp, value, onChange, brandColor, disabled }: { followUp: FollowUpQuestion; value: FollowUpAnswer | undefined; onChange: (value: FollowUpAnswer) => void; brandColor: string; disabled: boolean }) {
  const id = useId();
  if (followUp.kind === "yesno") {
    return (
      <div>
        <p id={id} className="text-sm text-gray-800">
          {followUp.text}
        </p>
        <YesNoButtons labelledBy={id} value={typeof value === "boolean" ? (value ? "yes" : "no") : undefined} onChange={(v) => onChange(v === "yes")} brandColor={brandColor} disabled={disabled} />
      </div>
    );
  }
  return (
    <div>
      <label htmlFor={id} className="block text-sm text-gray-800">
        {followUp.text}
      </label>
      <textarea
        id={id}
        rows={2}
        maxLength={MAX_FOLLOW_UP_TEXT}
        placeholder={M.detailsPlaceholder}
        value={typeof value === "string" ? value : ""}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        className="mt-2 block w-full rounded-lg border border-gray-300 px-3 py-2 text-base text-gray-900 placeholder:text-gray-400 focus:border-gray-500 focus:outline-none focus:ring-2 focus:ring-gray-300 disabled:bg-gray-50"
      />
    </div>
  );
}

function QuestionCard({ question, draft, setMain, setFollowUp, brandColor, disabled }: {
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
      <YesNoButtons labelledBy={textId} value={answer} onChange={(value) => setMain(question.id, value)} brandColor={brandColor} disabled={disabled} />
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
      <p className="mt-2 text-sm text-gray-700">Medicare Advantage plans can offer $0 monthly premiums, and many include extra benefits. See whether one fits you better.</p>
      <a
        href={href}
        className={`mt-4 inline-flex min-h-11 items-center justify-center rounded-lg border-2 bg-white px-5 py-2 text-base font-semibold ${focusRing}`}
        style={{ borderColor: brandInkOnWhite(brandColor), color: brandInkOnWhite(brandColor) }}
      >
        {M.promoButton}
      </a>
    </aside>
  );
}

/**
 * The Underwriting Assessment questionnaire (client-side.md §2, domain-rules.md C): seven Yes/No
 * questions whose Yes reveals follow-ups; Next is enabled only when canSubmit says so. Without a quote
 * link a temporary contact is made first, once, and its link is used from then on.
 */
export function EligibilityForm({ organizationId, quoteToken, hideMedicareAdvantage, brandColor }: EligibilityFormProps) {
  const router = useRouter();
  const [draft, setDraft] = useState<AnswerDraft>(EMPTY_DRAFT);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [token, setToken] = useState<string | null>(quoteToken);
  // A generic link makes a temporary contact on submit: that call carries a proof-of-work (docs/security.md "Public forms").
  const challenge = useChallenge("temp-contact", { solveAhead: quoteToken === null });
  const busy = useRef(false);

  const setMain = (id: number, value: YesNo) => setDraft((d) => ({ ...d, main: { ...d.main, [id]: value } }));
  const setFollowUp = (id: number, value: FollowUpAnswer) => setDraft((d) => ({ ...d, followUps: { ...d.followUps, [id]: value } }));
  const enabled = canSubmit(draft, { submitting });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit(draft, { submitting }) || busy.current) return;
    busy.current = true;
    setSubmitting(true);
    setError(null);
    const fail = (message: string) => {
      setError(message);
      setSubmitting(false);
      busy.current = false;
    };

    let linkToken = token;
    if (!linkToken) {
      const created = await postJson(`/api/org/${encodeURIComponent(organizationId)}/temp-contact`, {}, () => challenge.take());
      if (typeof created?.quoteId !== "string") return fail(M.tempContactFailed);
      linkToken = created.quoteId;
      setToken(linkToken);
    }
    const saved = await postJson(`/api/org/${encodeURIComponent(organizationId)}/eligibility-answers`, { quote_id: linkToken, answers: toSubmittedAnswers(draft) });
    if (saved?.outcome !== "accept" && saved?.outcome !== "decline") return fail(M.saveFailed);
    // Stays "Submitting..." while the schedule page loads.
    router.push(scheduleUrl({ token: linkToken, organizationId, status: saved.outcome }));
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {ELIGIBILITY_QUESTIONS.map((question) => (
        <QuestionCard key={question.id} question={question} draft={draft} setMain={setMain} setFollowUp={setFollowUp} brandColor={brandColor} disabled={submitting} />
      ))}
      {token ? null : <ChallengeNote status={challenge.status} />}
      {error ? (
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {error}
        </div>
      ) : null}
      <button
        type="submit"
        disabled={!enabled}
        className={`min-h-12 w-full rounded-lg px-6 py-3 text-base font-semibold shadow-sm disabled:cursor-not-allowed disabled:opacity-50 ${focusRing}`}
        style={{ backgroundColor: brandColor, color: readableTextOn(brandColor) }}
      >
        {submitting ? M.submitting : M.next}
      </button>
      {hideMedicareAdvantage ? null : <MedicareAdvantagePromo href={scheduleUrl({ token, organizationId, status: "decline" })} brandColor={brandColor} />}
    </form>
  );
}
