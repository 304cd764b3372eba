// Billing: the pricing calculator's numbers, choosing a plan with billing off and reaching setup, and
// the billing page.
//
// Two ways to run:
//   npm run test:e2e -- billing                 billing off (the embedded default): pricing, choose plan, /stripe says billing is off
//   E2E_STRIPE=1 npm run test:e2e -- billing    Stripe on, against lib/testing/fake-stripe-server.ts started here, in this
//                                               process, before run.mjs starts the app (the app inherits the STRIPE_* variables):
//                                               checkout through the app's own calls, then /stripe renders the fake's invoices.
// (Stripe's embedded card form itself comes from js.stripe.com, which the offline browser cannot load; the
// journey plays the card form's part with the fake's completeCheckout.)
import { signIn, signUpToChoosePlan } from "./helpers.mjs";

const stripeMode = process.env.E2E_STRIPE === "1";
let fake = null;
if (stripeMode) {
  const { tsImport } = await import("tsx/esm/api");
  const { startFakeStripeServer } = await tsImport("../lib/testing/fake-stripe-server.ts", import.meta.url);
  fake = await startFakeStripeServer();
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_PUBLISHABLE_KEY: "pk_test_fake",
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    STRIPE_PRICE_ID: "price_base",
    STRIPE_METERED_PRICE_ID: "price_meter_contacts",
    STRIPE_API_BASE: fake.baseUrl,
  });
}

const stamp = Date.now();

const text = async (page, testId) => (await page.getByTestId(testId).textContent())?.trim();

export const journeys = [
  {
    name: "pricing calculator: the numbers for 1,000 contacts with launch pricing, 5,000 at full price, and the 301st contact",
    async run({ page, baseUrl, screenshot, expect }) {
      await page.goto(baseUrl + "/pricing");
      await page.getByRole("heading", { level: 1, name: "Pricing" }).waitFor();
      const toggle = page.getByRole("switch", { name: "Launch pricing" });
      expect((await toggle.getAttribute("aria-checked")) === "true", "launch pricing starts on");
      await page.getByText("ACTIVE", { exact: true }).waitFor();
      // 1,000 contacts, SMS25: $75 + 700 × $0.2475 = $248.25; 7% of 1,000 rolled × $350 × 3 = $73,500 a year.
      expect(
        (await text(page, "monthly-price")) === "$248.25",
        `1,000 contacts at launch pricing cost $248.25 (got ${await text(page, "monthly-price")})`,
      );
      expect((await text(page, "result-monthly-cost")) === "$248.25", "Monthly Cost in the result bar");
      expect(
        (await text(page, "result-net-benefit")) === "$70,521",
        `Net Annual Benefit $70,521 (got ${await text(page, "result-net-benefit")})`,
      );
      expect((await text(page, "result-roi")) === "24.7x", `ROI 24.7x (got ${await text(page, "result-roi")})`);
      await page.getByRole("heading", { name: "Book of Business - Remaining LTV (Millions)" }).waitFor();
      await page.locator(".recharts-legend-wrapper").getByText("Rollover Case").waitFor();
      await page.waitForTimeout(800); // the chart's 500 ms animation, so the screenshot shows whole lines
      await screenshot("billing-pricing-1000-launch");

      // 5,000 contacts, full price, $400 commission, 10% rollover: $100 + 4,700 × $0.33 = $1,651.00.
      await toggle.click();
      await page.getByText("INACTIVE", { exact: true }).waitFor();
      await page.getByRole("group", { name: "Quick picks" }).getByRole("button", { name: "5,000" }).click();
      await page.getByLabel("Annual commission per contact ($)").fill("400");
      await page.getByLabel("Annual rollover (%)").fill("10");
      await page.getByTestId("monthly-price").filter({ hasText: "$1,651.00" }).waitFor();
      expect((await text(page, "annual-added-value")) === "$600,000", "500 rolled × $400 × 3 = $600,000");
      expect(
        (await text(page, "result-net-benefit")) === "$580,188",
        `Net Annual Benefit $580,188 (got ${await text(page, "result-net-benefit")})`,
      );
      expect((await text(page, "result-roi")) === "30.3x", "ROI 30.3x");
      await screenshot("billing-pricing-5000-full");

      // The 301st contact is the first one billed (no plan caps contacts): $100 + 1 × $0.33 = $100.33.
      await page.getByLabel("Number of contacts").fill("301");
      await page.getByTestId("monthly-price").filter({ hasText: "$100.33" }).waitFor();
      await page.getByText("1 additional contact × $0.33").waitFor();
      await screenshot("billing-pricing-301-full");
    },
  },
  ...(stripeMode
    ? []
    : [
        {
          name: "billing off: a new agency chooses a plan and reaches setup; /stripe says billing is disabled",
          async run({ page, baseUrl, screenshot, expect }) {
            const email = `morgan.billing.${stamp}@agency.example.com`;
            await signUpToChoosePlan(page, baseUrl, { email, organizationName: `Morgan Billing Agency ${stamp}` });
            await page.getByRole("heading", { level: 1, name: "Choose Your Plan" }).waitFor();
            await page
              .getByText("Billing is disabled in this mode: choosing a plan does not charge anything.")
              .waitFor();
            await page.getByRole("link", { name: "Contact us" }).waitFor();
            // The custom tier prices a book by its size; there is no contact add-on to buy.
            await page.getByLabel("Number of contacts").fill("1000");
            await page.getByRole("button", { name: "Calculate" }).click();
            await page
              .getByTestId("custom-tier")
              .filter({
                hasText:
                  "1,000 contacts: about $331.00/month (700 contacts above the 300 included, billed per contact).",
              })
              .waitFor();
            expect((await page.getByLabel(/Extra contacts/).count()) === 0, "no extra-contacts add-on");
            await page.getByTestId("contacts-billing-note").filter({ hasText: "No plan limits contacts" }).waitFor();
            await screenshot("billing-choose-plan");
            await page.getByRole("button", { name: "Choose Basic" }).click();
            await page.waitForURL(
              (url) => url.pathname === "/setup/settings" && url.searchParams.get("plan") === "basic",
            );
            const me = await (await page.request.get(baseUrl + "/api/me")).json();
            expect(me.accountStatus.subscriptionTier === "basic", "the plan is recorded");
            expect(me.accountStatus.subscriptionStatus === "billing_disabled", "and marked billing disabled");
            expect(me.accountStatus.status === "good_standing", "the account is in good standing");
            expect(me.accountStatus.contactLimit === -1, "Basic has no contact limit");

            // Changing the plan: the same plan again changes nothing.
            await page.goto(baseUrl + "/change-plan");
            await page.getByText("Current plan").waitFor();
            await page.getByRole("button", { name: "Choose Basic" }).click();
            await page.getByText("No changes made to your subscription.").waitFor();
            await screenshot("billing-change-plan");

            await page.context().clearCookies();
            await signIn(page, baseUrl, "admin@sample-agency.test");
            await page.goto(baseUrl + "/stripe");
            await page.getByRole("heading", { level: 1, name: "Billing & Payments" }).waitFor();
            await page.getByTestId("payment-status").filter({ hasText: "Billing is disabled in this mode" }).waitFor();
            await page.getByRole("region", { name: "Your plan" }).getByText("Pro", { exact: true }).waitFor();
            await screenshot("billing-page-off");
          },
        },
      ]),
  ...(stripeMode
    ? [
        {
          name: "Stripe on (fake server): checkout through the app's calls, then the billing page lists the invoices",
          async run({ page, baseUrl, screenshot, expect }) {
            const email = `morgan.stripe.${stamp}@agency.example.com`;
            await signUpToChoosePlan(page, baseUrl, { email, organizationName: `Morgan Stripe Agency ${stamp}` });
            await page.getByRole("button", { name: "Choose Pro" }).click();
            await page.waitForURL((url) => url.pathname === "/setup/settings");
            let me = await (await page.request.get(baseUrl + "/api/me")).json();
            expect(me.accountStatus.status === "inactive", "no active subscription before payment");

            const pricing = await (await page.request.get(baseUrl + "/api/subscription/pricing")).json();
            expect(pricing.billingEnabled && pricing.publishableKey === "pk_test_fake", "the price ids load");
            const created = await page.request.post(baseUrl + "/api/create-checkout-session", {
              data: {
                priceId: pricing.priceId,
                meteredPriceId: pricing.meteredPriceId,
                customerEmail: email,
                customerName: "Morgan Billing",
              },
            });
            expect(created.ok(), `create-checkout-session answered ${created.status()}`);
            const { clientSecret } = await created.json();
            const sessionId = clientSecret.split("_secret_")[0];
            const open = await (await page.request.get(`${baseUrl}/api/session-status?session_id=${sessionId}`)).json();
            expect(open.status === "open", "the session is open before the card is entered");

            // The card form's part.
            const { customer } = fake.completeCheckout(sessionId);
            fake.addInvoice(customer.id, {
              amount: 24_825,
              status: "paid",
              number: "GW-2026-10",
              created: Math.floor(Date.parse("2026-10-01T12:00:00Z") / 1000),
            });

            const complete = await (
              await page.request.get(`${baseUrl}/api/session-status?session_id=${sessionId}`)
            ).json();
            expect(complete.status === "complete", "complete after the card");
            const details = await (
              await page.request.get(`${baseUrl}/api/checkout-session?clientSecret=${encodeURIComponent(clientSecret)}`)
            ).json();
            const done = await page.request.post(baseUrl + "/api/stripe/payment-complete", {
              data: {
                email,
                firstName: "Morgan",
                lastName: "Billing",
                stripeCustomerId: details.customer,
                stripeSubscriptionId: details.subscription,
                stripeUsageItemId: details.subscription_item,
              },
            });
            expect(done.ok(), `payment-complete answered ${done.status()}`);
            me = await (await page.request.get(baseUrl + "/api/me")).json();
            expect(
              me.accountStatus.status === "good_standing" && me.accountStatus.paymentCompleted,
              "paid and in good standing",
            );

            await page.goto(baseUrl + "/stripe");
            await page.getByRole("heading", { level: 1, name: "Billing & Payments" }).waitFor();
            await page.getByTestId("payment-status").filter({ hasText: "Payments active" }).waitFor();
            const table = page.getByRole("table");
            await table.getByRole("cell", { name: "GW-2026-10", exact: true }).waitFor();
            await table.getByRole("cell", { name: "$248.25", exact: true }).waitFor();
            expect((await table.getByRole("row").count()) === 3, "a header and two invoices");
            await page.getByText("Visa •••• 4242").waitFor();
            const download = page.waitForResponse(
              (res) => res.url().includes("/api/billing/invoices/") && res.url().endsWith("/download"),
            );
            await page.getByRole("button", { name: "Download invoice GW-2026-10" }).click();
            const body = await (await download).json();
            expect(body.data.url.endsWith(".pdf"), "the download answers the invoice's PDF URL");
            await screenshot("billing-page-stripe");
          },
        },
      ]
    : []),
];
