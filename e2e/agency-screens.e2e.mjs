// The spec's screens of their own (agency-side.md §2 routes): /walkthrough, /templanding (where a set-up
// agency lands after changing its plan) and /brand-settings (the brand part of Settings on its own page).
import { signIn, signUpAgency } from "./helpers.mjs";

const stamp = Date.now();

export const journeys = [
  {
    name: "screens: /walkthrough shows the walkthrough; Escape closes it; its steps are links",
    async run({ page, baseUrl, screenshot, expect }) {
      await signIn(page, baseUrl, "alex@sample-agency.test");
      await page.goto(baseUrl + "/walkthrough");
      const walkthrough = page.getByRole("dialog", { name: "Welcome to Gapwise" });
      await walkthrough.waitFor();
      await walkthrough.getByText("Video Walkthrough Coming Soon").waitFor();
      await walkthrough.getByRole("button", { name: "Got it, Don't Show Again" }).waitFor();
      const hrefs = [];
      for (const name of ["Set Up Your Profile", "Add Clients", "Generate Quotes"])
        hrefs.push(await walkthrough.getByRole("link", { name }).getAttribute("href"));
      expect(
        JSON.stringify(hrefs) === JSON.stringify(["/profile", "/contacts", "/contacts"]),
        `the quick-start steps link to ${hrefs.join(", ")}`,
      );
      await screenshot("screens-walkthrough");

      await page.keyboard.press("Escape");
      await walkthrough.waitFor({ state: "detached" });
      await page.getByRole("heading", { level: 1, name: "Platform Walkthrough" }).waitFor();
      // Close is not "Don't show again": the dashboard still opens it for this agent.
      await page.getByText("The walkthrough opens on your dashboard until you choose").waitFor();
      const me = await (await page.request.get(baseUrl + "/api/me")).json();
      expect(me.hasCompletedWalkthrough === false, "closing did not record the walkthrough as completed");
      await screenshot("screens-walkthrough-closed");

      await page.getByRole("button", { name: "Open Walkthrough" }).click();
      await walkthrough.getByRole("link", { name: "Set Up Your Profile" }).click();
      await page.waitForURL((url) => url.pathname === "/profile");
      await page.getByRole("heading", { level: 1, name: "Profile" }).waitFor();
      expect((await page.getByRole("dialog").count()) === 0, "the walkthrough closed on the way to the profile");
    },
  },
  {
    name: "screens: a set-up agency changes its plan and lands on /templanding; /brand-settings edits the brand",
    async run({ page, baseUrl, screenshot, expect }) {
      const email = `quinn.screens.${stamp}@agency.example.com`;
      const organizationName = `Quinn Screens Agency ${stamp}`;
      await signUpAgency(page, baseUrl, {
        firstName: "Quinn",
        lastName: "Screens",
        organizationName,
        email,
        phoneDigits: "5125550166",
      });

      // "Got it, Don't Show Again" (pressed by signUpAgency) is what /walkthrough reports
      await page.goto(baseUrl + "/walkthrough");
      const walkthrough = page.getByRole("dialog", { name: "Welcome to Gapwise" });
      await walkthrough.waitFor();
      await walkthrough.getByRole("button", { name: "Close", exact: true }).click();
      await page.getByText("The walkthrough will not open on your dashboard again.").waitFor();
      expect(
        (await (await page.request.get(baseUrl + "/api/me")).json()).hasCompletedWalkthrough === true,
        "/api/me reports the walkthrough completed",
      );

      // --- change plan: Pro → Basic, then the landing
      await page.goto(baseUrl + "/change-plan");
      await page.getByText("Current plan").waitFor();
      await page.getByRole("button", { name: "Choose Basic" }).click();
      await page.waitForURL((url) => url.pathname === "/templanding");
      await page.getByRole("heading", { level: 1, name: "Your Plan Has Been Updated" }).waitFor();
      const plan = page.getByRole("definition").first();
      expect(
        (await plan.innerText()).trim() === "Basic",
        `the landing shows the plan as stored (${await plan.innerText()})`,
      );
      await page.getByText("1 of 1", { exact: true }).waitFor(); // the admin is the Basic plan's one agent
      await page.getByText("Billing is disabled in this mode: the change does not charge anything.").waitFor();
      const me = await (await page.request.get(baseUrl + "/api/me")).json();
      expect(me.accountStatus.subscriptionTier === "basic", "the change is the database's");
      await screenshot("screens-templanding");
      await page.getByRole("link", { name: /Go to Dashboard/ }).click();
      await page.waitForURL((url) => url.pathname === "/dashboard");

      // --- brand settings: the brand sections only, saved like Settings
      await page.goto(baseUrl + "/brand-settings");
      await page.getByRole("heading", { level: 1, name: "Brand Settings" }).waitFor();
      const sections = await page.getByRole("main").getByRole("heading", { level: 2 }).allInnerTexts();
      expect(
        JSON.stringify(sections) === JSON.stringify(["Default Sender Settings", "Organization Details"]),
        `only the brand sections (${sections.join(", ")})`,
      );
      const agencyName = page.getByLabel("Agency Name");
      expect(
        (await agencyName.inputValue()) === organizationName,
        `the agency's name (was "${await agencyName.inputValue()}")`,
      );
      const newName = `Quinn Brand ${stamp}`;
      await agencyName.fill(newName);
      await page.getByRole("textbox", { name: "Primary Color", exact: true }).fill("#0F766E");
      await page.getByText("You have unsaved changes.").waitFor();
      await page.evaluate(() => window.scrollTo(0, 0)); // the full-page capture repeats the sticky bars otherwise
      await screenshot("screens-brand-settings");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await page.getByRole("status").filter({ hasText: "Settings saved successfully" }).waitFor();
      await page.reload();
      await page.getByLabel("Agency Name").waitFor();
      expect((await page.getByLabel("Agency Name").inputValue()) === newName, "the agency name persisted");
      expect(
        (await page.getByRole("textbox", { name: "Primary Color", exact: true }).inputValue()) === "#0F766E",
        "the primary color persisted",
      );
      // Settings shows the same values, its other sections untouched
      await page.goto(baseUrl + "/settings");
      await page.getByRole("heading", { level: 2, name: "Carriers Offered" }).waitFor();
      expect(
        (await page.getByLabel("Agency Name").inputValue()) === newName,
        "Settings shows the brand saved on /brand-settings",
      );
      const { orgSettings } = await (await page.request.get(baseUrl + "/api/settings/org")).json();
      expect(
        JSON.stringify(orgSettings.stateLicenses) === JSON.stringify(["TX"]) &&
          orgSettings.carrierContracts.length >= 1,
        `the wizard's states and carriers are kept (${JSON.stringify(orgSettings.stateLicenses)}, ${orgSettings.carrierContracts.length} carriers)`,
      );
    },
  },
];
