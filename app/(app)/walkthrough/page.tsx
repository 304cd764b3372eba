import type { Metadata } from "next";
import { WalkthroughScreen } from "@/components/walkthrough/walkthrough-screen";
import { requirePageAccount } from "@/lib/auth/page-guard";
import { getEnv } from "@/lib/env";

export const metadata: Metadata = { title: "Walkthrough" };
export const dynamic = "force-dynamic";

/** /walkthrough (agency-side.md §2 routes): the welcome walkthrough on a page of its own, for every signed-in user. */
export default async function WalkthroughPage() {
  const { user } = await requirePageAccount("/walkthrough");
  return <WalkthroughScreen productName={getEnv().productName} completed={user.hasCompletedWalkthrough} />;
}
