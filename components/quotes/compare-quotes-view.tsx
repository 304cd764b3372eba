"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useId, useMemo, useRef, useState, useTransition } from "react";
import type { LocationChoice, LocationSaveFailure } from "@/components/quotes/compare-form-dialogs";
import {
  ModalTitle,
  PlanGvsNModal,
  QualifyModal,
  RidersModal,
  SecondaryButton,
} from "@/components/quotes/compare-modals";
import { CompareHeader } from "@/components/quotes/compare-header";
import { QuoteRateHistory } from "@/components/quotes/quote-rate-history";
import { Button } from "@/components/ui/button";
import { ModalFrame } from "@/components/ui/modal-frame";
import { Spinner } from "@/components/ui/spinner";
import { apiCall } from "@/lib/api/browser-client";
import {
  carrierTitle,
  displayedMonthlyCents,
  firstCardBadge,
  fiveYearCostCents,
  formatDollars,
  formatLongDate,
  formatWholeDollars,
  formatMonthly,
  guaranteedIssueNote,
  householdSentence,
  nextPlan,
  visibleQuotes,
  type QuoteOrder,
  type QuoteView,
} from "@/lib/quotes/compare-view";
import type { ComparePageModel } from "@/lib/quotes/compare-page";
import type { PlanCode } from "@/lib/quotes/quote-provider";
import type { UpdateLocationResponse } from "@/lib/quotes/update-location-schema";
import { confirmEmailNotice } from "@/lib/self-onboarding/confirm-email-notice";
import { brandColors } from "@/lib/organizations/brand-contrast";
import { formatStoredPhone } from "@/lib/phone/phone";

type Model = Extract<ComparePageModel, { kind: "quote" }>;

// The dialogs with a form (react-hook-form + zod) load when one is first wanted, not with the page: a quote
// link's first load stays within its budget (docs/performance.md, "Public pages on a phone").
const loadFormDialogs = () => import("@/components/quotes/compare-form-dialogs");
type FormDialogs = Awaited<ReturnType<typeof loadFormDialogs>>;
/** Start fetching the form dialogs' code as soon as a pointer or the keyboard's focus reaches a button that opens one. */
const prefetchFormDialogs = {
  onPointerEnter: () => void loadFormDialogs().catch(() => undefined),
  onFocus: () => void loadFormDialogs().catch(() => undefined),
};

/** A form dialog while its code is on the way, or when it could not be fetched (offline, a lost connection). */
function FormDialogPending({ title, failed, onClose }: { title: string; failed: boolean; onClose: () => void }) {
  return (
    <ModalFrame open onClose={onClose} labelledBy="form-dialog-pending-title" className="max-w-sm">
      <div className="p-5">
        <ModalTitle id="form-dialog-pending-title">{title}</ModalTitle>
        {failed ? (
          <>
            <p role="alert" className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
              This form could not load. Check your connection, then press Change again.
            </p>
            <div className="mt-5 flex justify-end">
              <SecondaryButton onClick={onClose}>Close</SecondaryButton>
            </div>
          </>
        ) : (
          <Spinner className="mt-4 h-6 w-6" label="Loading" />
        )}
      </div>
    </ModalFrame>
  );
}

type Modal = null | "date" | "location" | "riders" | "g-vs-n" | { quote: QuoteView };

/**
 * The interactive compare page (client-side.md "Quote comparison page"). The server sent every
 * eligible quote; the plan type, carrier filter, household toggle and riders are applied here, so
 * they answer instantly on a phone. The effective date and location ask the server again.
 */
export function CompareQuotesView({ model }: { model: Model }) {
  const { comparison: c, brand } = model;
  // On the two-person page (a household email's link) the server's frame draws the header, the title and each
  // person's heading; ids carry the instance's prefix, as the two views share one document.
  const framed = Boolean(model.person);
  const Main = framed ? "div" : "main";
  const uid = useId();
  const router = useRouter();
  const searchParams = useSearchParams();
  const [pending, startTransition] = useTransition();
  const [plan, setPlan] = useState<PlanCode>(c.initialPlan);
  // The visitor's own choice, once they touch the household toggle; until then it follows the household default: on
  // for a contact in a confirmed household (docs/households.md "The compare page"). Off, and hidden, without household
  // prices (a ZIP or county change can take them away or bring them).
  const [householdChoice, setHouseholdChoice] = useState<boolean | null>(null);
  const hasHousehold = c.plans.some((p) => p.quotes.some((q) => q.householdMonthlyCents !== null));
  const household = hasHousehold && (householdChoice ?? model.householdPaired);
  const showHouseholdReason = household && model.householdPaired;
  const [carriers, setCarriers] = useState<string[]>([]);
  const [riders, setRiders] = useState<string[]>(c.defaultRiders);
  // "Lowest over time" (issue #20 point 2) is offered only when some carrier has a rate history to rank by.
  const [order, setOrder] = useState<QuoteOrder>("price");
  const hasHistory = c.plans.some((p) => p.quotes.some((q) => q.rateHistory !== null));
  const overTime = hasHistory && order === "over_time";
  const [modal, setModal] = useState<Modal>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [formDialogs, setFormDialogs] = useState<FormDialogs | "loading" | "failed">("loading");
  const reported = useRef(false);
  // Fills in the brand colour carry black or white text, whichever reads; brand-coloured text on the
  // white page is the colour darkened until it passes AA (lib/organizations/brand-contrast.ts).
  const { fill: color, onFill, ink } = brandColors(brand.color);

  // A view counts once the page has rendered in a browser, not when a mail scanner fetches the link.
  useEffect(() => {
    if (model.mode !== "link" || !model.quoteId || model.person?.opened === false || reported.current) return;
    reported.current = true;
    void apiCall<unknown>("/api/tracking/log-tracking-click", {
      method: "POST",
      body: { quoteId: model.quoteId, tid: model.tid, orgId: model.orgId },
    });
  }, [model.mode, model.quoteId, model.tid, model.orgId, model.person?.opened]);

  const current = c.plans.find((p) => p.plan === plan) ?? c.plans[0];
  const shown = useMemo(
    () =>
      current ? visibleQuotes(current, { household, carriers, riders, order: overTime ? "over_time" : "price" }) : [],
    [current, household, carriers, riders, overTime],
  );
  const estimates = overTime ? shown.filter((q) => q.rateHistory !== null).length : 0;
  const riderPrices = c.plans.flatMap((p) => p.quotes.flatMap((q) => q.riders));
  const planCodes = c.plans.map((p) => p.plan);

  function navigate(changes: Record<string, string | null>) {
    const next = new URLSearchParams(searchParams?.toString() ?? "");
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    startTransition(() => router.replace(`/compare?${next.toString()}`, { scroll: false }));
  }

  async function saveLocation(choice: LocationChoice): Promise<LocationSaveFailure | null> {
    if (model.mode === "link" && model.quoteId) {
      const saved = await apiCall<UpdateLocationResponse>("/api/self-service/update-location", {
        method: "POST",
        body: { quoteId: model.quoteId, zipCode: choice.zipCode, county: choice.county },
      });
      if (!saved.ok) return { message: saved.message ?? "Failed to update location", fields: saved.fields };
      setModal(null);
      startTransition(() => router.refresh());
      return null;
    }
    setModal(null);
    navigate({ zip: choice.zipCode, county: choice.county ?? null });
    return null;
  }

  function openFormDialog(which: "date" | "location") {
    setModal(which);
    if (typeof formDialogs === "object") return;
    setFormDialogs("loading");
    loadFormDialogs().then(setFormDialogs, () => setFormDialogs("failed"));
  }

  function select(quote: QuoteView) {
    if (!model.nextUrl) {
      setNotice(model.texts.demoSelect);
      return;
    }
    setModal({ quote });
  }

  const person = `${c.age}, ${c.gender === "F" ? "female" : "male"}, ${c.tobacco ? "tobacco user" : "non-tobacco"}`;

  return (
    <div className={framed ? undefined : "min-h-screen bg-gray-50 pb-16"}>
      {framed ? null : <CompareHeader brand={brand} color={color} ink={ink} />}

      <Main className={framed ? undefined : "mx-auto max-w-2xl px-4 py-5"}>
        {model.mode === "demo" ? (
          <p role="note" className="mb-4 rounded-md border border-sky-300 bg-sky-50 px-3 py-2 text-sm text-sky-900">
            {model.texts.demoNote}
          </p>
        ) : null}
        {model.emailToConfirm ? (
          <p
            role="note"
            className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-lg text-amber-950 [overflow-wrap:anywhere]"
          >
            {confirmEmailNotice(model.emailToConfirm, brand.name)}
          </p>
        ) : null}
        {framed ? null : <h1 className="text-2xl font-bold tracking-tight text-gray-900">Personal Quote</h1>}
        <p className="mt-1 text-sm text-gray-600">
          {model.firstName ? `Hi ${model.firstName}, here` : "Here"} are the lowest monthly prices we found
          {brand.senderName !== brand.name ? ` with ${brand.senderName}` : ""}.
        </p>

        <dl className="mt-4 grid grid-cols-1 gap-3 rounded-lg border border-gray-200 bg-white p-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-gray-600">You</dt>
            <dd className="font-medium text-gray-900">{person}</dd>
          </div>
          <div>
            <dt className="text-gray-600">Location</dt>
            <dd className="flex flex-wrap items-center justify-between gap-x-2 font-medium text-gray-900 sm:block">
              <span>{c.zip5 ? `${c.zip5}${c.county ? `, ${c.county.label}` : ""}` : "No ZIP code on file"}</span>
              {model.mode !== "demo" ? (
                <button
                  type="button"
                  onClick={() => openFormDialog("location")}
                  {...prefetchFormDialogs}
                  className="-mx-1 block px-1 text-sm font-semibold underline"
                  style={{ color: ink }}
                >
                  Change
                </button>
              ) : null}
            </dd>
          </div>
          <div>
            <dt className="text-gray-600">Coverage starts</dt>
            <dd className="flex flex-wrap items-center justify-between gap-x-2 font-medium text-gray-900 sm:block">
              <span>{formatLongDate(c.effectiveDate)}</span>
              <button
                type="button"
                onClick={() => openFormDialog("date")}
                {...prefetchFormDialogs}
                className="-mx-1 block px-1 text-sm font-semibold underline"
                style={{ color: ink }}
              >
                Change
              </button>
            </dd>
          </div>
        </dl>

        {c.isSample ? (
          <p
            role="note"
            className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          >
            {model.texts.samplePricesNote}
          </p>
        ) : null}
        {c.switchWindow ? (
          <p
            role="note"
            className="mt-4 rounded-md border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
          >
            {c.switchWindow.message}
            {c.switchWindow.allowedPlans ? " The plans below are the ones this right covers." : ""}
          </p>
        ) : null}
        {c.guaranteedIssueOnly ? (
          <p
            role="note"
            data-testid="guaranteed-issue-note"
            className="mt-4 rounded-md border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
          >
            {guaranteedIssueNote(c.state)}
          </p>
        ) : null}
        {c.statePlans ? (
          <p role="note" className="mt-4 rounded-md border border-gray-200 bg-white px-3 py-2 text-sm text-gray-700">
            {c.state} {model.texts.statePlans}
          </p>
        ) : null}

        <section className="mt-5" aria-label="Plans" aria-busy={pending}>
          {planCodes.length > 0 ? (
            <div className="flex flex-wrap items-center gap-2">
              <div role="group" aria-label="Plan type" className="flex flex-wrap gap-2">
                {c.plans.map((p) => {
                  const selected = p.plan === current?.plan;
                  return (
                    <Button
                      key={p.plan}
                      variant="ghost"
                      aria-pressed={selected}
                      title={p.label}
                      onClick={() => setPlan(p.plan)}
                      onKeyDown={(event) => {
                        if (event.key === "ArrowRight") setPlan(nextPlan(planCodes, p.plan));
                      }}
                      className="min-w-12 border px-3 font-semibold"
                      style={
                        selected
                          ? { backgroundColor: color, borderColor: color, color: onFill }
                          : { borderColor: "#6b7280", color: "#374151", backgroundColor: "#fff" }
                      }
                    >
                      {p.label.replace(/^Plan /, "").replace(/^High-Deductible Plan /, "HD")}
                    </Button>
                  );
                })}
              </div>
              {planCodes.includes("G") && planCodes.includes("N") ? (
                <button
                  type="button"
                  onClick={() => setModal("g-vs-n")}
                  className="text-sm font-semibold underline"
                  style={{ color: ink }}
                >
                  Plan G vs Plan N
                </button>
              ) : null}
            </div>
          ) : null}

          <div className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-3">
            {hasHousehold ? (
              <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium text-gray-800">
                <input
                  type="checkbox"
                  role="switch"
                  checked={household}
                  onChange={(event) => setHouseholdChoice(event.target.checked)}
                  aria-describedby={showHouseholdReason ? `${uid}household-reason` : undefined}
                />
                Household discount
              </label>
            ) : null}
            {c.carriers.length > 1 ? (
              <details className="text-sm">
                <summary className="flex cursor-pointer items-center font-medium text-gray-800">
                  Carriers{carriers.length ? ` (${carriers.length})` : ""}
                </summary>
                <fieldset className="mt-2 space-y-1 rounded-md border border-gray-200 bg-white p-3">
                  <legend className="sr-only">Show carriers</legend>
                  {c.carriers.map((name) => (
                    <label key={name} className="flex min-h-11 items-center gap-2">
                      <input
                        type="checkbox"
                        checked={carriers.includes(name)}
                        onChange={(event) =>
                          setCarriers((list) =>
                            event.target.checked ? [...list, name] : list.filter((n) => n !== name),
                          )
                        }
                      />
                      {name}
                    </label>
                  ))}
                  {carriers.length ? (
                    <button
                      type="button"
                      onClick={() => setCarriers([])}
                      className="mt-1 text-sm font-semibold underline"
                      style={{ color: ink }}
                    >
                      Show all carriers
                    </button>
                  ) : null}
                </fieldset>
              </details>
            ) : null}
          </div>

          {showHouseholdReason ? (
            <p id={`${uid}household-reason`} className="mt-2 text-base text-gray-700">
              {model.texts.householdDefaultReason}
            </p>
          ) : null}

          {hasHistory ? (
            <div className="mt-4">
              <div role="group" aria-label="Order" className="flex flex-wrap items-center gap-2">
                <span className="text-sm font-medium text-gray-800" aria-hidden="true">
                  Order:
                </span>
                {(
                  [
                    ["price", "Lowest price"],
                    ["over_time", "Lowest over time"],
                  ] as const
                ).map(([value, label]) => {
                  const selected = (overTime ? "over_time" : "price") === value;
                  return (
                    <Button
                      key={value}
                      variant="ghost"
                      aria-pressed={selected}
                      aria-describedby={value === "over_time" && selected ? `${uid}over-time` : undefined}
                      onClick={() => setOrder(value)}
                      className="border px-3 font-semibold"
                      style={
                        selected
                          ? { backgroundColor: color, borderColor: color, color: onFill }
                          : { borderColor: "#6b7280", color: "#374151", backgroundColor: "#fff" }
                      }
                    >
                      {label}
                    </Button>
                  );
                })}
              </div>
              {overTime ? (
                <p id={`${uid}over-time`} className="mt-2 text-base text-gray-700">
                  {model.texts.lowestOverTime}
                </p>
              ) : null}
            </div>
          ) : null}

          {c.riderOptions.length > 0 ? (
            <div className="mt-4 rounded-lg border border-gray-200 bg-white p-3">
              <p className="text-sm font-medium text-gray-800">Riders</p>
              <div className="mt-2 flex flex-wrap gap-2">
                {c.riderOptions
                  .filter((r) => c.defaultRiders.includes(r.id) || riders.includes(r.id))
                  .map((r) => (
                    <label
                      key={r.id}
                      className="flex min-h-11 items-center gap-2 rounded-full border border-gray-300 px-3 py-1 text-sm"
                    >
                      <input
                        type="checkbox"
                        checked={riders.includes(r.id)}
                        onChange={(event) =>
                          setRiders((list) =>
                            event.target.checked ? [...list, r.id] : list.filter((id) => id !== r.id),
                          )
                        }
                      />
                      {r.name}
                    </label>
                  ))}
                <button
                  type="button"
                  onClick={() => setModal("riders")}
                  className="text-sm font-semibold underline"
                  style={{ color: ink }}
                >
                  Customize riders
                </button>
              </div>
            </div>
          ) : null}

          {current && shown.length > 0 ? (
            <>
              <h2 className="mt-5 text-lg font-semibold text-gray-900">
                {current.plan === "G" ? "Recommended Plans for You" : `${current.label} Options`}
              </h2>
              <ul className="mt-3 space-y-3" aria-label={`${current.label} quotes`}>
                {shown.map((quote, index) => {
                  const price = displayedMonthlyCents(quote, { household, riders });
                  const withRiders = quote.riders.filter((r) => riders.includes(r.id));
                  const line = householdSentence(quote, { household, riders });
                  const { brand, legalName } = carrierTitle(quote);
                  const fiveYears = overTime ? fiveYearCostCents(quote, { household, riders }) : null;
                  const badge = firstCardBadge(overTime, fiveYears !== null, estimates);
                  return (
                    <li key={quote.naic} className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
                      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
                        <div className="min-w-0 flex-1 basis-44">
                          {index === 0 && badge ? (
                            <p className="mb-1 text-xs font-semibold uppercase tracking-wide" style={{ color: ink }}>
                              {badge}
                            </p>
                          ) : null}
                          <h3 className="text-base font-semibold text-gray-900">{brand}</h3>
                          {legalName ? <p className="text-xs text-gray-600">{legalName}</p> : null}
                          {quote.amBestRating ? (
                            <p className="text-sm text-gray-700">
                              <abbr title="A.M. Best financial strength rating" className="no-underline">
                                AM Best
                              </abbr>{" "}
                              {quote.amBestRating}
                            </p>
                          ) : null}
                          <p className="text-sm text-gray-600">{current.label}</p>
                        </div>
                        <p className="shrink-0 text-right text-xl font-bold text-gray-900">{formatMonthly(price)}</p>
                      </div>
                      {line ? (
                        <p className="mt-2 text-sm text-gray-700">
                          {line.text}
                          {line.rule ? <span className="block text-gray-600">{line.rule}</span> : null}
                        </p>
                      ) : null}
                      {withRiders.length > 0 ? (
                        <p className="mt-1 text-xs text-gray-600">
                          Includes {withRiders.map((r) => `${r.name} (${formatDollars(r.monthlyCents)})`).join(", ")}
                        </p>
                      ) : null}
                      <QuoteRateHistory history={quote.rateHistory} color={ink} />
                      {fiveYears !== null ? (
                        <p className="mt-1 text-sm font-medium text-gray-900">
                          Estimated cost over 5 years: {formatWholeDollars(fiveYears)}
                        </p>
                      ) : null}
                      <Button
                        fullWidth
                        onClick={() => select(quote)}
                        className="mt-3 sm:w-auto"
                        style={{ backgroundColor: color, color: onFill }}
                        aria-label={`Select ${brand} ${current.label}`}
                      >
                        Select
                      </Button>
                    </li>
                  );
                })}
              </ul>
            </>
          ) : (
            <div className="mt-5 rounded-lg border border-gray-200 bg-white p-5 text-center">
              <p className="font-semibold text-gray-900">We couldn&apos;t find plans for your specific criteria</p>
              <p className="mt-2 text-sm text-gray-600">
                {brand.phone ? (
                  <>
                    Give us a call at{" "}
                    <a className="font-semibold underline" style={{ color: ink }} href={`tel:${brand.phone}`}>
                      {formatStoredPhone(brand.phone)}
                    </a>{" "}
                    and we&apos;ll find the right plan with you.
                  </>
                ) : (
                  <>Contact {brand.name} and we&apos;ll find the right plan with you.</>
                )}
              </p>
              {model.advantageUrl ? (
                <a
                  href={model.advantageUrl.replace("&status=decline", "")}
                  className="mt-3 inline-flex min-h-11 items-center text-sm font-semibold underline"
                  style={{ color: ink }}
                >
                  Connect With Us
                </a>
              ) : null}
            </div>
          )}
        </section>

        {notice ? (
          <p role="status" className="mt-4 rounded-md border border-sky-300 bg-sky-50 px-3 py-2 text-sm text-sky-900">
            {notice}
          </p>
        ) : null}

        {!model.hideMedicareAdvantage && model.mode !== "demo" && model.advantageUrl ? (
          <aside className="mt-8 rounded-lg border border-gray-200 bg-white p-4">
            <h2 className="text-base font-semibold text-gray-900">{model.texts.advantage.title}</h2>
            <p className="mt-1 text-sm text-gray-600">{model.texts.advantage.body}</p>
            <a
              href={model.advantageUrl}
              className="mt-3 inline-flex min-h-11 items-center rounded-md border px-4 py-2 text-sm font-semibold"
              style={{ borderColor: ink, color: ink }}
            >
              Explore Options
            </a>
          </aside>
        ) : null}
      </Main>

      {modal === "date" || modal === "location" ? (
        typeof formDialogs !== "object" ? (
          <FormDialogPending
            title={modal === "date" ? "Coverage start date" : "Where do you live?"}
            failed={formDialogs === "failed"}
            onClose={() => setModal(null)}
          />
        ) : modal === "date" ? (
          <formDialogs.EffectiveDateModal
            options={c.effectiveDateOptions}
            value={c.effectiveDate}
            onClose={() => setModal(null)}
            onChoose={(date) => {
              setModal(null);
              navigate({ effectiveDate: date });
            }}
            color={color}
          />
        ) : (
          <formDialogs.LocationModal
            zip={c.zip5 ?? ""}
            countyFips={c.county?.fips ?? null}
            counties={c.counties}
            onClose={() => setModal(null)}
            onSave={saveLocation}
            color={color}
          />
        )
      ) : null}
      <RidersModal
        key={`riders-${modal === "riders"}`}
        open={modal === "riders"}
        riders={c.riderOptions}
        prices={riderPrices}
        selected={riders}
        onClose={() => setModal(null)}
        onApply={(list) => {
          setRiders(list);
          setModal(null);
        }}
        color={color}
      />
      <PlanGvsNModal
        open={modal === "g-vs-n"}
        videoUrl={model.videos.planGvsN}
        summary={model.texts.planGvsN}
        coverage={model.texts.planGvsNCoverage}
        onClose={() => setModal(null)}
      />
      {modal !== null && typeof modal === "object" ? (
        <QualifyModal
          open
          videoUrl={model.videos.qualify}
          planName={current?.label ?? ""}
          carrierName={carrierTitle(modal.quote).brand}
          text={model.skipHealthQuestions ? model.texts.qualify.withoutQuestions : model.texts.qualify.withQuestions}
          onClose={() => setModal(null)}
          onContinue={() => {
            if (model.nextUrl) router.push(`${model.nextUrl}&planType=${encodeURIComponent(current?.plan ?? "")}`);
          }}
          color={color}
        />
      ) : null}
    </div>
  );
}
