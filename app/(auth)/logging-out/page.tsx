import type { Metadata } from "next";
import { LoggingOut, logoutDestination } from "@/components/layout/logging-out";

export const metadata: Metadata = { title: "Logging Out" };

export default async function LoggingOutPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { then } = await searchParams;
  return <LoggingOut destination={logoutDestination(typeof then === "string" ? then : null)} />;
}
