// #18 "The first hour", agency screens: the empty dashboard and contacts page offer a next step (Import
// contacts, Add a contact); the contact form offers every carrier (the agent's first) and every plan; the
// contact page explains Contact Owner and Emails Opened and shows the status as words; the plan cards say
// how Basic and Pro differ; the pricing page has no "blocks of".
import { signUpAgency, signUpToChoosePlan } from "./helpers.mjs";

const stamp = Date.now();

export const journeys = [
  {
    name: "first hour: an empty book offers Import contacts and Add a contact; the form offers every carrier and plan; the contact page explains itself",
    async run({ page, baseUrl, screenshot, expect }) {
      await signUpAgency(page, baseUrl, {
        firstName: "Fern",
        lastName: "Firsthour",
        organizationName: `Fern Firsthour ${stamp}`,
        email: `fern.firsthour.${stamp}@example.com`,
        phoneDigits: "5125550177",
      });

      // The empty dashboard: the next step first, opening the same Upload CSV modal as + Add Contact.
      const dashboardEmpty = page.getByRole("heading", { name: "Your book is empty" });
      await dashboardEmpty.waitFor();
      await screenshot("first-hour-dashboard-empty");
      await page.getByRole("button", { name: "Import contacts" }).click();
      const upload = page.getByRole("dialog", { name: "Upload CSV" });
      await upload.waitFor();
      await page.keyboard.press("Escape");
      await upload.waitFor({ state: "hidden" });

      // The empty contacts page: the same two next steps under "No contacts found".
      await page.goto(baseUrl + "/contacts");
      await page.getByText("No contacts found").waitFor();
      await page.getByRole("heading", { name: "Your book is empty" }).waitFor();
      await screenshot("first-hour-contacts-empty");
      await page.getByRole("button", { name: "Add a contact" }).click();
      const form = page.getByRole("dialog", { name: "Add New Client" });
      await form.getByRole("button", { name: "Add Client" }).waitFor();

      // Current Carrier: the agent's carriers first, then every carrier the product knows; Plan Type: every plan.
      const carrier = form.getByLabel("Current Carrier");
      const others = carrier.locator('optgroup[label="Other carriers"] option, optgroup[label="Carriers"] option');
      await others.first().waitFor({ state: "attached" });
      const otherCount = await others.count();
      expect(otherCount >= 5, `Current Carrier lists the carriers the product knows (got ${otherCount} others)`);
      const plans = await form.getByLabel("Plan Type").locator("option").allTextContents();
      for (const plan of ["Plan K", "High Deductible Plan G", "Plan A", "Other"])
        expect(plans.includes(plan), `Plan Type offers ${plan} (got ${plans.join(", ")})`);
      await form.getByText("Who brought this client in, for your records only.").waitFor();

      await form.getByLabel(/^First Name/).fill("Zoë");
      await form.getByLabel(/^Last Name/).fill("Quinn");
      await form.getByLabel(/^Email/).fill(`zoe.quinn.${stamp}@example.com`);
      await form.getByLabel(/^Email/).blur();
      await form.getByText("Email is available").waitFor();
      const otherCarrier = (await others.first().textContent())?.trim() ?? "";
      await carrier.selectOption(otherCarrier);
      await form.getByLabel("Plan Type").selectOption("Plan K");
      await screenshot("first-hour-add-contact-form");
      await form.getByRole("button", { name: "Add Client" }).click();
      await form.waitFor({ state: "hidden" });

      // The book is no longer empty: the list shows the contact, the dashboard its numbers only.
      const row = page.getByRole("link", { name: /Zoë Quinn/ }).first();
      await row.waitFor();
      expect((await page.getByRole("heading", { name: "Your book is empty" }).count()) === 0, "no empty state now");

      // Search ignores accents and finds the carrier: "zoe" and the carrier's name both find Zoë.
      for (const term of ["zoe", otherCarrier.split(" ")[0]]) {
        await page.goto(`${baseUrl}/contacts?search=${encodeURIComponent(term)}`);
        await row.waitFor();
      }
      await screenshot("first-hour-contacts-search-zoe");
      await page.goto(baseUrl + "/dashboard");
      await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
      expect((await dashboardEmpty.count()) === 0, "the dashboard no longer offers the empty book's next step");

      // The contact page: status as words, Contact Owner and Emails Opened explained, the carrier and plan kept.
      await page.goto(baseUrl + "/contacts");
      await row.click();
      await page.getByRole("heading", { level: 1, name: "Contact Details" }).waitFor();
      const profile = page.getByRole("region", { name: "Profile" });
      await profile.getByText("Plan K", { exact: true }).waitFor();
      await profile.getByText(otherCarrier, { exact: true }).waitFor();
      await profile
        .getByText("The Assigned Agent is the one told when this client views a quote or replies.")
        .waitFor();
      await page.getByText(/Opens are undercounted: many mail apps block the tracking image/).waitFor();
      const profileText = await profile.innerText();
      expect(!/\b[a-z]+_[a-z_]+\b/.test(profileText), "the profile shows no raw codes (requested_follow_up…)");
      await screenshot("first-hour-contact-detail");
    },
  },
  {
    name: "first hour: the plan cards say Basic and Pro cost the same and differ in agents; pricing has no blocks of 5,000",
    async run({ page, baseUrl, screenshot, expect }) {
      await signUpToChoosePlan(page, baseUrl, {
        firstName: "Paz",
        lastName: "Plans",
        organizationName: `Paz Plans ${stamp}`,
        email: `paz.plans.${stamp}@example.com`,
      });
      await page
        .getByText(
          "Basic and Pro cost the same $100 a month; they differ only in agents: Basic is for 1 agent, Pro for up to 5 agents.",
        )
        .waitFor();
      await page.getByText("For one agent working alone").waitFor();
      await page.getByText("For a team: up to 5 agents, more at $20/month each").waitFor();
      const units = await page.getByText("includes 300 contacts, then $0.33 per contact/month").count();
      expect(units === 2, `Basic and Pro both say what the price includes (got ${units})`);
      await screenshot("first-hour-choose-plan");

      await page.goto(baseUrl + "/pricing");
      await page.getByRole("heading", { level: 1, name: "Pricing" }).waitFor();
      const text = await page.locator("body").innerText();
      expect(!/blocks? of/i.test(text), "the pricing page sells no blocks of contacts");
      await screenshot("first-hour-pricing");
    },
  },
];
