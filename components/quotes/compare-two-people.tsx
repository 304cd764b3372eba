import type { CSSProperties } from "react";
import { CompareHeader } from "@/components/quotes/compare-header";
import { CompareQuotesView } from "@/components/quotes/compare-quotes-view";
import { brandColors } from "@/lib/organizations/brand-contrast";
import type { CompareQuoteModel } from "@/lib/quotes/compare-page";

/**
 * A household email's link on /compare (docs/households.md "One link for two"): both people's quotes, drawn by the
 * server. Each person is the one-person page's client view with their own model (their own token: their health
 * questions, call and answers stay theirs), in a section under their own heading.
 *
 * On a phone, "Whose quotes" (two radio buttons drawn as 44 px buttons; arrow keys move between them) shows one
 * person at a time; on a wide screen (lg) the choice goes and the two stand side by side. The choice is CSS
 * (`:has(:checked)`), no JavaScript of its own and no history entry: the compare page's first-load budget
 * (e2e/marketing.e2e.mjs) has no room for script, and a "#" link's history entry breaks Back after the health
 * questions (the App Router ignores a popstate it did not write).
 */
export function CompareTwoPeople({
  lead,
  partner,
  intro,
}: {
  lead: CompareQuoteModel;
  partner: CompareQuoteModel;
  intro: string;
}) {
  const { fill, onFill, ink } = brandColors(lead.brand.color);
  const people = [lead, partner].map((model) => ({ model, heading: model.person?.heading ?? "Quotes" }));
  return (
    <div
      className="min-h-screen bg-gray-50 pb-16"
      style={{ "--brand-fill": fill, "--brand-on-fill": onFill, "--brand-ink": ink } as CSSProperties}
    >
      <CompareHeader brand={lead.brand} color={fill} ink={ink} wide />
      <main className="group/people mx-auto max-w-2xl px-4 py-5 lg:max-w-6xl">
        <h1 className="text-2xl font-bold tracking-tight text-gray-900">Personal Quotes</h1>
        <p className="mt-1 text-base text-gray-700">{intro}</p>
        <fieldset className="mt-4 lg:hidden">
          <legend className="sr-only">Whose quotes</legend>
          <div className="grid grid-cols-2 gap-2">
            {people.map(({ heading }, index) => (
              <label
                key={index}
                className="flex min-h-11 cursor-pointer items-center justify-center rounded-md border-2 border-gray-500 bg-white px-2 py-1 text-center text-base font-semibold text-gray-700 [overflow-wrap:anywhere] has-checked:border-(--brand-fill) has-checked:bg-(--brand-fill) has-checked:text-(--brand-on-fill) has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-(--brand-ink)"
              >
                <input
                  type="radio"
                  name="compare-person"
                  id={`compare-person-${index + 1}`}
                  value={index + 1}
                  defaultChecked={index === 0}
                  className="sr-only"
                />
                {heading}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="lg:grid lg:grid-cols-2 lg:gap-8">
          {people.map(({ model, heading }, index) => (
            <section
              key={index}
              aria-labelledby={`compare-person-heading-${index + 1}`}
              className={
                index === 0
                  ? "min-w-0 pt-6 max-lg:group-has-[#compare-person-2:checked]/people:hidden"
                  : "min-w-0 pt-6 max-lg:hidden max-lg:group-has-[#compare-person-2:checked]/people:block"
              }
            >
              <h2
                id={`compare-person-heading-${index + 1}`}
                className="text-xl font-bold text-gray-900 [overflow-wrap:anywhere]"
              >
                {heading}
              </h2>
              <CompareQuotesView model={model} />
            </section>
          ))}
        </div>
      </main>
    </div>
  );
}
