import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { cache } from "react";
import { ScheduleView } from "@/components/call-booking/schedule-view";
import { loadSchedulePage } from "@/lib/call-booking/schedule-page";

export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// The title depends on the agency (an agency that hides Medicare Advantage has its own decline title),
// so the metadata and the page share one load per request.
const loadPage = cache((params: string) =>
  loadSchedulePage({ params: JSON.parse(params) as Record<string, string | string[] | undefined>, now: new Date() }),
);

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const model = await loadPage(JSON.stringify(await searchParams));
  return {
    title: { absolute: model.kind === "page" ? model.title : "Schedule" },
    robots: { index: false, follow: false },
  };
}

/** /schedule: book a call, call now or request a callback (client-side.md "Schedule page"). */
export default async function SchedulePage({ searchParams }: { searchParams: SearchParams }) {
  const model = await loadPage(JSON.stringify(await searchParams));
  if (model.kind === "redirect") redirect(model.to);
  const { kind: _kind, title: _title, ...view } = model;
  return <ScheduleView {...view} />;
}
