import {
  accountStage,
  routeRedirect,
  stageDestination,
  stageRedirect,
  type AccountStage,
  type StageFacts,
} from "@/lib/auth/account-stage";

describe("accountStage and its destination", () => {
  it.each([
    [{ signedIn: false, subscriptionTierId: null, onboardingCompleted: false }, "logged_out", "/login"],
    [{ signedIn: true, subscriptionTierId: null, onboardingCompleted: false }, "no_plan", "/choose-plan"],
    [{ signedIn: true, subscriptionTierId: null, onboardingCompleted: true }, "no_plan", "/choose-plan"],
    [
      { signedIn: true, subscriptionTierId: "pro", onboardingCompleted: false },
      "setup_incomplete",
      "/setup/settings?plan=pro",
    ],
    [{ signedIn: true, subscriptionTierId: "basic", onboardingCompleted: true }, "ready", "/contacts"],
  ] as const)("%o is %s and goes to %s", (input, stage, destination) => {
    expect(accountStage(input)).toBe(stage);
    expect(stageDestination(stage, input.subscriptionTierId)).toBe(destination);
  });
});

describe("routeRedirect (the stage routing table)", () => {
  const cases: [string, Parameters<typeof routeRedirect>[0]["stage"], boolean, string | null][] = [
    // public pages stay public in every stage
    ["/", "logged_out", false, null],
    ["/login", "logged_out", false, null],
    ["/signup", "ready", true, null],
    ["/pricing", "logged_out", false, null],
    ["/compare", "logged_out", false, null],
    ["/waitlist", "no_plan", false, null],
    // logged out: the signed-in area sends to /login
    ["/dashboard", "logged_out", false, "/login"],
    ["/contacts", "logged_out", false, "/login"],
    ["/contact/123", "logged_out", false, "/login"],
    ["/choose-plan", "logged_out", false, "/login"],
    ["/setup/settings", "logged_out", false, "/login"],
    // no plan
    ["/contacts", "no_plan", true, "/choose-plan"],
    ["/dashboard", "no_plan", true, "/choose-plan"],
    ["/choose-plan", "no_plan", true, null],
    ["/setup/settings", "no_plan", true, "/choose-plan"],
    // plan without setup
    ["/contacts", "setup_incomplete", true, "/setup/settings?plan=pro"],
    ["/setup/settings", "setup_incomplete", true, null],
    ["/change-plan", "setup_incomplete", true, null],
    // an agent of an agency whose admin has not finished setup uses the app (setup is admin-only)
    ["/contacts", "setup_incomplete", false, null],
    ["/setup/settings", "setup_incomplete", false, "/contacts"],
    ["/settings", "setup_incomplete", false, "/contacts"],
    // ready
    ["/contacts", "ready", false, null],
    ["/dashboard", "ready", false, null],
    ["/settings", "ready", true, null],
    ["/add-agents", "ready", true, null],
    // non-admins are sent away from admin screens
    ["/settings", "ready", false, "/contacts"],
    ["/add-agents", "ready", false, "/contacts"],
    ["/brand-settings", "ready", false, "/contacts"],
    ["/brand-settings", "ready", true, null],
    ["/templanding", "ready", false, "/contacts"],
    ["/templanding", "ready", true, null],
    ["/templanding", "setup_incomplete", true, "/setup/settings?plan=pro"],
    ["/walkthrough", "ready", false, null],
    ["/walkthrough", "ready", true, null],
    ["/setup/settings", "ready", false, "/contacts"],
    ["/profile", "ready", false, null],
    // the plan pages: choosing is for an agency without a plan, changing for its admin once it has one
    ["/choose-plan", "no_plan", false, null],
    ["/choose-plan", "setup_incomplete", true, "/change-plan"],
    ["/choose-plan", "ready", true, "/change-plan"],
    ["/choose-plan", "ready", false, "/contacts"],
    ["/change-plan", "no_plan", true, "/choose-plan"],
    ["/change-plan", "no_plan", false, "/choose-plan"],
    ["/change-plan", "ready", true, null],
    ["/change-plan", "ready", false, "/contacts"],
    // the wizard: its agents step lives on /setup/settings; once setup is done it is over
    ["/setup/add-agents", "setup_incomplete", true, "/setup/settings?step=agents"],
    ["/setup/settings", "ready", true, "/contacts"],
    ["/setup/add-agents", "ready", true, "/contacts"],
  ];
  it.each(cases)("%s in stage %s (admin %s) → %s", (pathname, stage, isAdmin, expected) => {
    expect(routeRedirect({ pathname, stage, plan: "pro", isAdmin, canManageBilling: isAdmin })).toBe(expected);
  });

  it.each([
    ["/stripe", true, false, "/contacts"],
    ["/stripe", false, true, null],
    ["/stripe", true, true, null],
    ["/stripe", false, false, "/contacts"],
    ["/profile", false, false, null],
  ] as const)(
    "the billing page %s for admin %s with billing flag %s → %s",
    (pathname, isAdmin, canManageBilling, expected) => {
      // Billing follows the flag, not the role (agency-side.md §2: the billing link is for users with the flag).
      expect(routeRedirect({ pathname, stage: "ready", plan: "pro", isAdmin, canManageBilling })).toBe(expected);
    },
  );
});

describe("stageRedirect (what the proxy and the pages call)", () => {
  const admin = (subscriptionTierId: string | null, onboardingCompleted: boolean): StageFacts => ({
    subscriptionTierId,
    onboardingCompleted,
    isAdmin: true,
    canManageBilling: true,
  });
  it.each([
    ["/dashboard", null, "/login"],
    ["/dashboard", admin(null, false), "/choose-plan"],
    ["/dashboard", admin("pro", false), "/setup/settings?plan=pro"],
    ["/dashboard", admin("pro", true), null],
    [
      "/settings",
      { subscriptionTierId: "pro", onboardingCompleted: true, isAdmin: false, canManageBilling: false },
      "/contacts",
    ],
    [
      "/stripe",
      { subscriptionTierId: "pro", onboardingCompleted: true, isAdmin: false, canManageBilling: false },
      "/contacts",
    ],
    ["/stripe", { subscriptionTierId: "pro", onboardingCompleted: true, isAdmin: false, canManageBilling: true }, null],
    ["/pricing", null, null],
  ] as const)("%s for %o → %s", (pathname, facts, expected) => {
    expect(stageRedirect(pathname, facts)).toBe(expected);
  });
});

describe("the table never sends anyone round in circles", () => {
  const paths = [
    "/",
    "/login",
    "/dashboard",
    "/contacts",
    "/contact/1",
    "/settings",
    "/add-agents",
    "/brand-settings",
    "/templanding",
    "/walkthrough",
    "/profile",
    "/stripe",
    "/choose-plan",
    "/change-plan",
    "/setup/settings",
    "/setup/add-agents",
  ];
  const stages: AccountStage[] = ["logged_out", "no_plan", "setup_incomplete", "ready"];
  const visitors = stages.flatMap((stage) =>
    [true, false].flatMap((isAdmin) => [true, false].map((canManageBilling) => ({ stage, isAdmin, canManageBilling }))),
  );
  it.each(visitors)(
    "stage $stage, admin $isAdmin, billing $canManageBilling: every redirect chain ends within 2 hops",
    ({ stage, isAdmin, canManageBilling }) => {
      for (const start of paths) {
        const seen = [start];
        let target = routeRedirect({ pathname: start, stage, plan: "pro", isAdmin, canManageBilling });
        while (target !== null) {
          seen.push(target);
          expect(seen.length).toBeLessThanOrEqual(3);
          target = routeRedirect({
            pathname: new URL(target, "http://x").pathname,
            stage,
            plan: "pro",
            isAdmin,
            canManageBilling,
          });
        }
      }
    },
  );
});
