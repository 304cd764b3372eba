import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { clientIp } from "@/lib/api/handler";
import { CompareQuotesView } from "@/components/quotes/compare-quotes-view";
import { CompareTwoPeople } from "@/components/quotes/compare-two-people";
import { comparePageTitle, loadComparePage } from "@/lib/quotes/compare-page";

export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** One load per request, shared by the tab title and the page (the load counts manual quotes per address). */
const load = cache(async (query: string, ip: string) =>
  loadComparePage({ params: JSON.parse(query), now: new Date(), ip }),
);
const loadFor = async (searchParams: SearchParams) =>
  load(JSON.stringify(await searchParams), clientIp({ headers: await headers() }));

/** The tab says whose quote it is: the agency's name (not "Personal Quote"). */
export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const model = await loadFor(searchParams);
  return {
    title: { absolute: comparePageTitle(model.kind === "quote" ? model.brand.name : null) },
    robots: { index: false, follow: false },
  };
}

/** /compare: a quote link (?id=token), a manual quote (?orgId&zip&…) or the demo (?demo=true). */
export default async function ComparePage({ searchParams }: { searchParams: SearchParams }) {
  const model = await loadFor(searchParams);
  if (model.kind === "redirect") redirect(model.to);
  // A household email's link carries both people (docs/households.md "One link for two").
  if (model.twoPeople)
    return (
      <CompareTwoPeople
        lead={{ ...model, twoPeople: null }}
        partner={model.twoPeople.partner}
        intro={model.twoPeople.intro}
      />
    );
  return <CompareQuotesView model={model} />;
}
