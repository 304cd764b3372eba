// Smoke journeys: the app is up, routing works, and the embedded mode's outbox shows real emails.
export const journeys = [
  {
    name: "home renders",
    async run({ page, baseUrl, screenshot, expect }) {
      const res = await page.goto(baseUrl + "/");
      expect(res.status() === 200, `home answered ${res.status()}`);
      await page.getByRole("heading", { level: 1, name: "Boost Your Medigap Renewals" }).waitFor();
      await page.getByRole("heading", { name: "Here's how it works" }).waitFor();
      expect((await page.title()).includes("Boost Your Medigap Renewals"), "home title");
      await screenshot("home");
    },
  },
  {
    name: "an unknown route shows Page Not Found",
    async run({ page, baseUrl, screenshot, expect }) {
      const res = await page.goto(baseUrl + "/no-such-page-here");
      expect(res.status() === 404, `unknown route answered ${res.status()}`);
      await page.getByRole("heading", { level: 1, name: "Page Not Found" }).waitFor();
      expect((await page.title()) === "Page Not Found", `title was ${await page.title()}`);
      await screenshot("not-found");
      await page.getByRole("link", { name: "Go to the home page" }).click();
      await page.waitForURL(baseUrl + "/");
    },
  },
  {
    name: "/dev/outbox renders an email with working links",
    async run({ page, baseUrl, screenshot, expect }) {
      await page.goto(baseUrl + "/dev/outbox");
      await page.getByRole("heading", { level: 1, name: "Outbox" }).waitFor();
      const item = page.getByRole("link", { name: /Your sample agency is ready/ });
      await item.first().click();
      await page.getByTestId("outbox-subject").getByText("Your sample agency is ready").waitFor();
      const email = page.frameLocator('iframe[title^="Email:"]');
      await email.getByText("Your sample agency is ready").waitFor();
      await email.getByText(/Sample Agency has been created with \d+ sample contacts/).waitFor();
      await screenshot("dev-outbox");
      // Links in the rendered email open in the whole window, as they would from a mail client.
      await email.getByRole("link", { name: /Open Gapwise/ }).click();
      await page.waitForURL((url) => !url.pathname.startsWith("/dev/outbox"));
      expect(new URL(page.url()).origin === baseUrl, `link led to ${page.url()}`);
    },
  },
];
