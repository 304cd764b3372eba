import { redirect } from "next/navigation";
import { requirePageAccount } from "@/lib/auth/page-guard";

export const dynamic = "force-dynamic";

/** The wizard's agents step lives on /setup/settings; this address opens it there. */
export default async function SetupAddAgentsPage() {
  await requirePageAccount("/setup/add-agents");
  redirect("/setup/settings?step=agents");
}
