import type { Metadata } from "next";
import { LoggingOut } from "@/components/layout/logging-out";
import { logoutDestination } from "@/lib/auth/logout-destination";

export const metadata: Metadata = { title: "Logging Out" };

export default async function LoggingOutPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { then } = await searchParams;
  return <LoggingOut destination={logoutDestination(typeof then === "string" ? then : null)} />;
}
