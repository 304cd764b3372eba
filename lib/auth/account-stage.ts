/**
 * Where a visitor belongs, by account stage (agency-side.md §2, "Post-login destination"). Pure, and the
 * one table: proxy.ts applies it before a page renders and every signed-in page applies it again
 * (requirePageAccount), both with the database's answer for the session.
 */

export type AccountStage = "logged_out" | "no_plan" | "setup_incomplete" | "ready";

export type StageInput = { signedIn: boolean; subscriptionTierId: string | null; onboardingCompleted: boolean };

export function accountStage({ signedIn, subscriptionTierId, onboardingCompleted }: StageInput): AccountStage {
  if (!signedIn) return "logged_out";
  if (!subscriptionTierId) return "no_plan";
  if (!onboardingCompleted) return "setup_incomplete";
  return "ready";
}

/** Where the "home" of each stage is: the post-login destination. */
export function stageDestination(stage: AccountStage, plan: string | null): string {
  switch (stage) {
    case "logged_out":
      return "/login";
    case "no_plan":
      return "/choose-plan";
    case "setup_incomplete":
      return `/setup/settings?plan=${encodeURIComponent(plan ?? "")}`;
    case "ready":
      return "/contacts";
  }
}

/** First path segments of the signed-in app that need a finished setup. */
const APP_SEGMENTS = new Set([
  "dashboard",
  "contacts",
  "contact",
  "settings",
  "add-agents",
  "profile",
  "stripe",
  "walkthrough",
  "brand-settings",
  "templanding",
]);
/** Screens only admins may open; others are sent to /contacts. */
const ADMIN_SEGMENTS = new Set(["settings", "add-agents", "brand-settings", "templanding"]);
/** Screens only users with the billing flag may open (agency-side.md §2: the billing link is theirs only); others are sent to /contacts. */
const BILLING_SEGMENTS = new Set(["stripe"]);
/** Reachable with a session before setup is done. */
const PLAN_SEGMENTS = new Set(["choose-plan", "change-plan"]);

export function isSignedInArea(pathname: string): boolean {
  const segment = pathname.split("/")[1] ?? "";
  return APP_SEGMENTS.has(segment) || PLAN_SEGMENTS.has(segment) || segment === "setup";
}

/**
 * Where to send a visitor who asked for `pathname`, or null to let them through. Public pages (home,
 * pricing, login, signup, consumer pages…) always let them through.
 */
export function routeRedirect({
  pathname,
  stage,
  plan,
  isAdmin,
  canManageBilling,
}: {
  pathname: string;
  stage: AccountStage;
  plan: string | null;
  isAdmin: boolean;
  canManageBilling: boolean;
}): string | null {
  const [, segment = "", sub = ""] = pathname.split("/");
  if (!isSignedInArea(pathname)) return null;
  if (stage === "logged_out") return "/login";
  // The plan pages' own rules, here so that the proxy answers them with a real redirect before the page
  // streams: /choose-plan is for an agency without a plan, /change-plan for its admin once it has one.
  if (segment === "choose-plan") return stage === "no_plan" ? null : isAdmin ? "/change-plan" : "/contacts";
  if (segment === "change-plan") return stage === "no_plan" ? "/choose-plan" : isAdmin ? null : "/contacts";
  if (segment === "setup") {
    if (stage === "no_plan") return "/choose-plan";
    if (!isAdmin && (sub === "settings" || sub === "add-agents")) return "/contacts";
    // Setup is done: the wizard is over.
    if (stage === "ready") return stageDestination(stage, plan);
    // The wizard's agents step lives on /setup/settings.
    if (sub === "add-agents") return "/setup/settings?step=agents";
    return null;
  }
  if (stage === "no_plan") return stageDestination(stage, plan);
  // Setup is the admin's to finish, and its screens are admin-only: holding an agent there would send
  // them back and forth between /setup/settings and /contacts forever. Agents get the app meanwhile.
  if (stage === "setup_incomplete" && isAdmin) return stageDestination(stage, plan);
  if (!isAdmin && ADMIN_SEGMENTS.has(segment)) return "/contacts";
  if (!canManageBilling && BILLING_SEGMENTS.has(segment)) return "/contacts";
  return null;
}

/** What the table needs to know about a signed-in account (organization's plan and setup, user's role and billing flag). */
export type StageFacts = {
  subscriptionTierId: string | null;
  onboardingCompleted: boolean;
  isAdmin: boolean;
  canManageBilling: boolean;
};

/** routeRedirect for a visitor signed in with `facts`, or signed out (null): what the proxy and pages call. */
export function stageRedirect(pathname: string, facts: StageFacts | null): string | null {
  return routeRedirect({
    pathname,
    stage: accountStage({
      signedIn: facts !== null,
      subscriptionTierId: facts?.subscriptionTierId ?? null,
      onboardingCompleted: facts?.onboardingCompleted ?? false,
    }),
    plan: facts?.subscriptionTierId ?? null,
    isAdmin: facts?.isAdmin ?? false,
    canManageBilling: facts?.canManageBilling ?? false,
  });
}
