import type { Metadata } from "next";
import { headers } from "next/headers";
import { CarrierQuoteCard } from "@/components/quotes/carrier-quote-card";
import { PlanTypeToggle } from "@/components/quotes/plan-type-toggle";
import { compareQuotes, formatMonthly } from "@/lib/quotes/compare-quotes";
import { PLAN_LABELS } from "@/lib/quotes/quote-provider";
import { findQuoteLink, QUOTE_NOT_FOUND_MESSAGE, recordQuoteView } from "@/lib/quotes/quote-links";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Personal Quote" }, robots: { index: false, follow: false } };

const DEFAULT_COLOR = "#6B46C1";
const safeColor = (value: string | null | undefined) => (value && /^#[0-9a-f]{3}([0-9a-f]{3})?$/i.test(value) ? value : DEFAULT_COLOR);
const formatPhone = (phone: string) => (/^\d{10}$/.test(phone) ? `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}` : phone);

function QuoteNotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-6 text-center">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">Personal Quote</h1>
      <p role="alert" className="mt-3 max-w-md text-gray-600">
        {QUOTE_NOT_FOUND_MESSAGE}
      </p>
    </main>
  );
}

/** /compare?id=<token>: the contact's personal quote (client-side.md "Quote comparison page"), first version. */
export default async function ComparePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { id } = await searchParams;
  const now = new Date();
  const found = typeof id === "string" ? await findQuoteLink(id, now) : null;
  if (!found) return <QuoteNotFound />;

  const requestHeaders = await headers();
  try {
    await recordQuoteView({ found, now, path: "/compare", userAgent: requestHeaders.get("user-agent") });
  } catch {
    // A lost view count must not cost the visitor their quotes.
    console.error(JSON.stringify({ level: "error", event: "quote_view_not_recorded", quoteLinkId: found.link.id }));
  }

  const { organization, contact } = found;
  const result = await compareQuotes({ link: found, now });
  const brandName = organization.brandName?.trim() || organization.name;
  const color = safeColor(organization.primaryColor);
  const phone = organization.phone ?? found.contact.agent?.phone ?? null;

  const panels = Object.fromEntries(
    result.plans.map(({ plan, quotes }) => [
      plan,
      quotes.length > 0 ? (
        <ul className="space-y-3" aria-label={`${PLAN_LABELS[plan]} quotes`}>
          {quotes.map((quote, index) => (
            <CarrierQuoteCard
              key={quote.naic}
              rank={index + 1}
              carrierName={quote.carrierName}
              planLabel={PLAN_LABELS[plan]}
              monthly={formatMonthly(quote.monthlyCents)}
              household={quote.householdMonthlyCents !== null && quote.householdMonthlyCents < quote.monthlyCents ? formatMonthly(quote.householdMonthlyCents) : null}
              discountCategory={quote.discountCategory}
              brandColor={color}
            />
          ))}
        </ul>
      ) : (
        <div className="rounded-lg border border-gray-200 bg-white p-5 text-center">
          <p className="font-semibold text-gray-900">We couldn&apos;t find plans for your specific criteria</p>
          {phone ? (
            <p className="mt-2 text-sm text-gray-600">
              Give us a call at{" "}
              <a className="font-semibold underline" style={{ color }} href={`tel:${phone}`}>
                {formatPhone(phone)}
              </a>{" "}
              and we&apos;ll find the right plan with you.
            </p>
          ) : (
            <p className="mt-2 text-sm text-gray-600">Contact {brandName} and we&apos;ll find the right plan with you.</p>
          )}
        </div>
      ),
    ]),
  );

  return (
    <div className="min-h-screen bg-gray-50">
      <header className="px-4 py-4" style={{ backgroundColor: color }}>
        <p className="mx-auto max-w-2xl text-lg font-bold text-white">{brandName}</p>
      </header>
      <main className="mx-auto max-w-2xl px-4 py-6">
        <h1 className="text-2xl font-bold tracking-tight text-gray-900">Personal Quote</h1>
        <p className="mt-1 text-sm text-gray-600">
          Hi {contact.firstName}, here are the lowest monthly prices we found for you: age {result.age}, {result.gender === "F" ? "female" : "male"},{" "}
          {result.tobacco ? "tobacco user" : "non-tobacco"}
          {result.zip5 ? `, ZIP ${result.zip5}` : ""}, coverage starting {result.effectiveDate}.
        </p>
        {result.isSample ? (
          <p role="note" className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            Sample prices: these rates are illustrative sample data, not real carrier prices.
          </p>
        ) : null}
        <section className="mt-6" aria-label="Plans">
          <PlanTypeToggle options={result.plans.map(({ plan }) => ({ code: plan, label: PLAN_LABELS[plan] }))} initial={result.initialPlan} panels={panels} brandColor={color} />
        </section>
      </main>
    </div>
  );
}
