import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { clientIp } from "@/lib/api/handler";
import { CompareQuotesView } from "@/components/quotes/compare-quotes-view";
import { loadComparePage } from "@/lib/quotes/compare-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Personal Quote" }, robots: { index: false, follow: false } };

/** /compare: a quote link (?id=token), a manual quote (?orgId&zip&…) or the demo (?demo=true). */
export default async function ComparePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const model = await loadComparePage({
    params: await searchParams,
    now: new Date(),
    ip: clientIp({ headers: await headers() }),
  });
  if (model.kind === "redirect") redirect(model.to);
  return <CompareQuotesView model={model} />;
}
