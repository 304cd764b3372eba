"use client";

import dynamic from "next/dynamic";
import { useId, useMemo, useState } from "react";
import {
  formatDollars,
  formatPerContact,
  monthlyPrice,
  PRICING,
  remainingLtvSeries,
  roi,
  ROI_DEFAULTS,
} from "@/lib/billing/pricing";
import { buttonClass } from "@/components/ui/button";

// recharts is large: the chart loads after the numbers.
const LtvChart = dynamic(() => import("@/components/billing/ltv-chart"), {
  ssr: false,
  loading: () => <div className="h-72 animate-pulse rounded-lg bg-gray-100" aria-hidden="true" />,
});

const wholeDollars = (dollars: number) => formatDollars(Math.round(dollars) * 100);
const count = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** A number typed in a field: empty or junk is 0 (the price of nothing), never NaN on the page. */
function numberFrom(text: string): number {
  const value = Number(text);
  return Number.isFinite(value) ? value : 0;
}

/**
 * The Pricing page (agency-side.md §2 "Pricing page", §5 Pricing inputs, §9 ROI model): the price of
 * a book of contacts under the one pricing model, and what it is worth to the agency.
 */
export function PricingCalculator({ signupHref = "/signup" }: { signupHref?: string }) {
  const [launchPricing, setLaunchPricing] = useState(true);
  const [contactsText, setContactsText] = useState("1000");
  const [commissionText, setCommissionText] = useState(String(ROI_DEFAULTS.annualCommissionDollars));
  const [rolloverText, setRolloverText] = useState(String(ROI_DEFAULTS.annualRolloverPercent));
  const ids = { contacts: useId(), commission: useId(), rollover: useId(), toggle: useId() };

  const contacts = Math.max(0, Math.floor(numberFrom(contactsText)));
  const commission = Math.max(0, numberFrom(commissionText));
  const rollover = Math.min(100, Math.max(0, numberFrom(rolloverText)));
  const price = monthlyPrice({ contacts, launchPricing });
  const result = roi({
    contacts,
    monthlyCostCents: price.monthlyTotalCents,
    annualCommissionDollars: commission,
    annualRolloverPercent: rollover,
  });
  const series = useMemo(
    () => remainingLtvSeries({ contacts, annualCommissionDollars: commission, annualRolloverPercent: rollover }),
    [contacts, commission, rollover],
  );
  const fullBase = monthlyPrice({ contacts: 0 }).basePriceCents;

  return (
    <div className="space-y-8">
      <div className="flex flex-col items-center gap-2 text-center">
        <div className="flex items-center gap-3">
          <span id={ids.toggle} className="text-sm font-semibold text-gray-700">
            Launch pricing
          </span>
          <button
            type="button"
            role="switch"
            aria-checked={launchPricing}
            aria-labelledby={ids.toggle}
            onClick={() => setLaunchPricing((on) => !on)}
            className={`relative inline-flex h-7 w-12 items-center rounded-full transition focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 ${launchPricing ? "bg-brand-600" : "bg-gray-300"}`}
          >
            <span
              className={`inline-block h-5 w-5 transform rounded-full bg-white shadow transition ${launchPricing ? "translate-x-6" : "translate-x-1"}`}
            />
          </button>
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-bold tracking-wide ${launchPricing ? "bg-green-100 text-green-800" : "bg-gray-100 text-gray-600"}`}
          >
            {launchPricing ? "ACTIVE" : "INACTIVE"}
          </span>
        </div>
        <p className="text-sm text-gray-600">
          Launch code <strong>{PRICING.launchCode}</strong>: {PRICING.launchDiscountPercent}% off for the first year.
        </p>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <section className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200" aria-labelledby="base-card">
          <h2 id="base-card" className="text-sm font-semibold tracking-wide text-gray-500 uppercase">
            Base subscription
          </h2>
          <p className="mt-2 text-3xl font-bold">
            {formatDollars(price.basePriceCents)}
            <span className="text-base font-medium text-gray-500">/month</span>
            {launchPricing ? (
              <span className="ml-2 text-base font-medium text-gray-600 line-through">{formatDollars(fullBase)}</span>
            ) : null}
          </p>
          <p className="mt-1 text-sm text-gray-600">
            Includes your first {count(PRICING.includedContacts)} contacts, every feature and automated outreach.
          </p>
        </section>
        <section className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200" aria-labelledby="contacts-card">
          <h2 id="contacts-card" className="text-sm font-semibold tracking-wide text-gray-500 uppercase">
            Additional contacts
          </h2>
          <p className="mt-2 text-3xl font-bold">
            {formatPerContact(price.perContactCentiCents)}
            <span className="text-base font-medium text-gray-500"> per contact/month</span>
          </p>
          <p className="mt-1 text-sm text-gray-600">
            Above {count(PRICING.includedContacts)} contacts. You are only billed for the contacts you actually have.
          </p>
        </section>
      </div>

      <section className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200" aria-labelledby="your-book">
        <h2 id="your-book" className="text-lg font-semibold">
          Your book of business
        </h2>
        <div className="mt-4 grid gap-6 lg:grid-cols-2">
          <div>
            <label htmlFor={ids.contacts} className="block text-sm font-medium text-gray-700">
              Number of contacts
            </label>
            <input
              id={ids.contacts}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={contactsText}
              onChange={(e) => setContactsText(e.target.value)}
              className="mt-1 w-full rounded-md border border-gray-300 px-3 py-2 text-lg focus:border-brand-500 focus:ring-2 focus:ring-brand-500 focus:outline-none"
            />
            <div className="mt-3 flex flex-wrap gap-2" role="group" aria-label="Quick picks">
              {PRICING.contactQuickPicks.map((pick) => (
                <button
                  key={pick}
                  type="button"
                  aria-pressed={contacts === pick}
                  onClick={() => setContactsText(String(pick))}
                  className={`rounded-full px-3 py-1 text-sm font-medium ring-1 ${contacts === pick ? "bg-brand-600 text-white ring-brand-600" : "bg-white text-gray-700 ring-gray-300 hover:bg-gray-50"}`}
                >
                  {count(pick)}
                </button>
              ))}
            </div>
            <dl className="mt-6 space-y-2 text-sm" aria-label="Plan summary">
              <div className="flex justify-between">
                <dt className="text-gray-600">
                  Base subscription ({count(PRICING.includedContacts)} contacts included)
                </dt>
                <dd className="font-medium">{formatDollars(price.basePriceCents, { alwaysCents: true })}</dd>
              </div>
              <div className="flex justify-between">
                <dt className="text-gray-600">
                  {count(price.additionalContacts)} additional {price.additionalContacts === 1 ? "contact" : "contacts"}{" "}
                  × {formatPerContact(price.perContactCentiCents)}
                </dt>
                <dd className="font-medium">{formatDollars(price.additionalContactsCents, { alwaysCents: true })}</dd>
              </div>
            </dl>
          </div>
          <div className="flex flex-col justify-center rounded-lg bg-brand-50 p-6 text-center ring-1 ring-brand-100">
            <p className="text-sm font-semibold text-brand-700">Monthly price</p>
            <p className="mt-1 text-4xl font-extrabold text-gray-900" data-testid="monthly-price">
              {formatDollars(price.monthlyTotalCents, { alwaysCents: true })}
            </p>
            <p className="mt-1 text-sm text-gray-600">
              for {count(contacts)} contacts{launchPricing ? ` with ${PRICING.launchCode}` : ""}
            </p>
          </div>
        </div>
      </section>

      <section className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200" aria-labelledby="value-analysis">
        <h2 id="value-analysis" className="text-lg font-semibold">
          Value analysis
        </h2>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={ids.commission} className="block text-sm font-medium text-gray-700">
              Annual commission per contact ($)
            </label>
            <input
              id={ids.commission}
              type="number"
              min={0}
              step={5}
              value={commissionText}
              onChange={(e) => setCommissionText(e.target.value)}
              className="mt-1 w-full rounded-md border border-gray-300 px-3 py-2 focus:border-brand-500 focus:ring-2 focus:ring-brand-500 focus:outline-none"
            />
          </div>
          <div>
            <label htmlFor={ids.rollover} className="block text-sm font-medium text-gray-700">
              Annual rollover (%)
            </label>
            <input
              id={ids.rollover}
              type="number"
              min={0}
              max={100}
              step={0.1}
              value={rolloverText}
              onChange={(e) => setRolloverText(e.target.value)}
              className="mt-1 w-full rounded-md border border-gray-300 px-3 py-2 focus:border-brand-500 focus:ring-2 focus:ring-brand-500 focus:outline-none"
            />
          </div>
        </div>
        <div className="mt-6 grid gap-4 sm:grid-cols-2">
          <div className="rounded-lg bg-gray-50 p-4">
            <h3 className="text-sm font-semibold text-gray-700">Monthly impact</h3>
            <p className="mt-2 text-sm text-gray-600">
              <span data-testid="monthly-conversions" className="font-semibold text-gray-900">
                {count(result.monthlyConversions, 1)}
              </span>{" "}
              contacts rolled into a new policy
            </p>
            <p className="text-sm text-gray-600">
              <span data-testid="monthly-added-value" className="font-semibold text-gray-900">
                {wholeDollars(result.monthlyAddedValueDollars)}
              </span>{" "}
              added lifetime value
            </p>
          </div>
          <div className="rounded-lg bg-gray-50 p-4">
            <h3 className="text-sm font-semibold text-gray-700">Annual impact</h3>
            <p className="mt-2 text-sm text-gray-600">
              <span data-testid="annual-conversions" className="font-semibold text-gray-900">
                {count(result.annualConversions, 1)}
              </span>{" "}
              contacts rolled into a new policy
            </p>
            <p className="text-sm text-gray-600">
              <span data-testid="annual-added-value" className="font-semibold text-gray-900">
                {wholeDollars(result.annualAddedValueDollars)}
              </span>{" "}
              added lifetime value
            </p>
          </div>
        </div>
        <p className="mt-3 text-xs text-gray-500">
          A rolled contact starts a new policy with {ROI_DEFAULTS.lifetimeYears} years of commission ahead instead of
          the {ROI_DEFAULTS.lifetimeYears - ROI_DEFAULTS.averageBookAgeYears} left on an average book{" "}
          {ROI_DEFAULTS.averageBookAgeYears} years old.
        </p>
      </section>

      <section
        className="grid gap-px overflow-hidden rounded-xl bg-brand-700 text-white shadow-sm sm:grid-cols-3"
        aria-label="Result"
      >
        <div className="bg-brand-600 p-5 text-center">
          <p className="text-sm text-brand-100">Monthly Cost</p>
          <p className="mt-1 text-2xl font-bold" data-testid="result-monthly-cost">
            {formatDollars(price.monthlyTotalCents, { alwaysCents: true })}
          </p>
        </div>
        <div className="bg-brand-600 p-5 text-center">
          <p className="text-sm text-brand-100">Net Annual Benefit</p>
          <p className="mt-1 text-2xl font-bold" data-testid="result-net-benefit">
            {wholeDollars(result.netAnnualBenefitDollars)}
          </p>
        </div>
        <div className="bg-brand-600 p-5 text-center">
          <p className="text-sm text-brand-100">ROI</p>
          <p className="mt-1 text-2xl font-bold" data-testid="result-roi">
            {result.roiMultiple === null ? "—" : `${count(result.roiMultiple, 1)}x`}
          </p>
        </div>
      </section>

      <section className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200" aria-labelledby="ltv-chart">
        <h2 id="ltv-chart" className="text-lg font-semibold">
          Book of Business - Remaining LTV (Millions)
        </h2>
        <div className="mt-4">
          <LtvChart series={series} />
        </div>
        <table className="sr-only">
          <caption>Remaining lifetime value by year, in millions of dollars</caption>
          <thead>
            <tr>
              <th scope="col">Year</th>
              <th scope="col">Base Case</th>
              <th scope="col">Rollover Case</th>
            </tr>
          </thead>
          <tbody>
            {series.map((point) => (
              <tr key={point.year}>
                <td>{point.year}</td>
                <td>{point.baseCase}</td>
                <td>{point.rolloverCase}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <div className="text-center">
        <a href={signupHref} className={buttonClass({ size: "lg" })}>
          Get Started
        </a>
      </div>
    </div>
  );
}
