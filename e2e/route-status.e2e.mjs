// Route statuses against `next start`, as a client that does not follow redirects sees them: a refused
// signed-in page is a real 307 with its Location (proxy.ts, before anything renders), never a 200 that
// streams a redirect; a contact the viewer may not see is a real 404 (no loading boundary above the
// page), never a 200 that reads "Contact not found". docs/security.md lists these promises.
import { signIn } from "./helpers.mjs";

const NO_SUCH_CONTACT = "0b0f6a1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b";

/** Status and Location of a GET that does not follow redirects, with the browser context's cookies. */
async function hop(page, baseUrl, path) {
  const res = await page.request.get(baseUrl + path, { maxRedirects: 0 });
  const location = res.headers()["location"];
  return {
    status: res.status(),
    location: location ? new URL(location, baseUrl).pathname + new URL(location, baseUrl).search : null,
    body: await res.text(),
  };
}

export const journeys = [
  {
    name: "anonymous requests for signed-in pages are real 307s to /login",
    async run({ baseUrl, expect }) {
      for (const path of [
        "/dashboard",
        "/contacts",
        `/contact/${NO_SUCH_CONTACT}`,
        "/settings",
        "/brand-settings",
        "/templanding",
        "/walkthrough",
        "/setup/settings",
        "/choose-plan",
        "/change-plan",
      ]) {
        const res = await fetch(baseUrl + path, { redirect: "manual" });
        const location = res.headers.get("location");
        expect(
          res.status === 307 && location !== null && new URL(location, baseUrl).pathname === "/login",
          `${path}: ${res.status} → ${location}`,
        );
      }
      // A page that does not exist, and an agency that does not, are real 404s too.
      for (const path of ["/no-such-page", "/self-onboarding/no-such-agency"]) {
        const res = await fetch(baseUrl + path, { redirect: "manual" });
        expect(res.status === 404, `${path}: ${res.status}`);
      }
    },
  },
  {
    name: "an agent: admin screens are 307s to /contacts, another agent's contact is a 404 that reads 'Contact not found'",
    async run({ page, baseUrl, expect }) {
      await signIn(page, baseUrl, "admin@sample-agency.test");
      const { contacts } = await (await page.request.get(baseUrl + "/api/contacts?limit=100")).json();
      const me = await (await page.request.get(baseUrl + "/api/me")).json();
      const admins = contacts.find((c) => c.agentId === (me.user?.id ?? me.id));
      expect(admins, "the sample admin has contacts of their own");
      const own = await hop(page, baseUrl, `/contact/${admins.id}`);
      expect(own.status === 200, `the admin opens their contact: ${own.status}`);
      const plan = await hop(page, baseUrl, "/choose-plan");
      expect(
        plan.status === 307 && plan.location === "/change-plan",
        `an agency with a plan: /choose-plan → ${plan.status} ${plan.location}`,
      );

      await page.context().clearCookies();
      await signIn(page, baseUrl, "alex@sample-agency.test");
      for (const path of [
        "/settings",
        "/brand-settings",
        "/templanding",
        "/add-agents",
        "/change-plan",
        "/setup/settings",
      ]) {
        const { status, location } = await hop(page, baseUrl, path);
        expect(status === 307 && location === "/contacts", `agent ${path}: ${status} → ${location}`);
      }
      for (const id of [admins.id, NO_SUCH_CONTACT, "not-an-id"]) {
        const { status, body } = await hop(page, baseUrl, `/contact/${id}`);
        expect(status === 404 && body.includes("Contact not found"), `agent /contact/${id}: ${status}`);
      }
      // In the browser the same page shows the message and a Back button.
      await page.goto(`${baseUrl}/contact/${admins.id}`);
      await page.getByText("Contact not found").waitFor();
      await page.getByRole("button", { name: "Back" }).waitFor();
    },
  },
];
