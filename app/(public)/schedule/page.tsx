import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ScheduleView } from "@/components/scheduling/schedule-view";
import { OUTCOME_TEXT, scheduleOutcome } from "@/lib/scheduling/booking";
import { loadSchedulePage } from "@/lib/scheduling/schedule-page";

export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const { status } = await searchParams;
  return { title: { absolute: OUTCOME_TEXT[scheduleOutcome(status)].title }, robots: { index: false, follow: false } };
}

/** /schedule: book a call, call now or request a callback (client-side.md "Schedule page"). */
export default async function SchedulePage({ searchParams }: { searchParams: SearchParams }) {
  const model = await loadSchedulePage({ params: await searchParams, now: new Date() });
  if (model.kind === "redirect") redirect(model.to);
  const { kind: _kind, title: _title, ...view } = model;
  return <ScheduleView {...view} />;
}
