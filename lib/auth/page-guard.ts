import "server-only";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { stageRedirect } from "@/lib/auth/account-stage";
import { getCurrentAccount, type CurrentAccount } from "@/lib/auth/current-account";
import { sessionTokenFrom } from "@/lib/auth/session";

/** The signed-in account of this request, or null. For pages and layouts (server components). */
export async function currentAccount(): Promise<CurrentAccount | null> {
  return getCurrentAccount(sessionTokenFrom(await cookies()));
}

/**
 * The check that counts: every signed-in page calls this with its own path, although proxy.ts has
 * applied the same table before rendering (the proxy lets requests through when the database is
 * unreachable, and a stage can change between the two). It checks the session in the database and
 * redirects where the stage routing table says (lib/auth/account-stage.ts).
 */
export async function requirePageAccount(pathname: string): Promise<CurrentAccount> {
  const account = await currentAccount();
  const target = stageRedirect(
    pathname,
    account && {
      subscriptionTierId: account.organization.subscriptionTierId,
      onboardingCompleted: account.organization.onboardingCompleted,
      isAdmin: account.user.isAdmin,
      canManageBilling: account.user.canManageBilling,
    },
  );
  if (target) redirect(target);
  if (!account) redirect("/login");
  return account;
}
