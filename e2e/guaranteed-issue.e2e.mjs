// Target GI (docs/outreach-rules.md "Target GI and SmartSend"): the admin marks a carrier Target GI for
// Texas in Settings (the caption says what it does); a Texas contact who then fails the health questions
// is quoted only that carrier, with the guaranteed-issue note. The mark is taken off again at the end,
// so the sample agency is left as it was.
import { ELIGIBILITY_QUESTIONS, PHONE, signIn } from "./helpers.mjs";

const MARKED = "Aetna";
const TARGET_GI_CAPTION =
  "Mark the carriers that accept a client without health questions (guaranteed issue) in each state. A client whose health answers fail underwriting is then quoted only the marked carriers in their state.";
const NOTE =
  "Based on your health answers, these are the carriers that can accept you in TX without medical underwriting (guaranteed issue).";

const mainAnswer = (page, title, answer) =>
  page
    .getByRole("region", { name: title })
    .getByRole("group")
    .first()
    .getByRole("button", { name: answer, exact: true });
const cardCarriers = async (page) =>
  (
    await page
      .getByRole("list", { name: /quotes$/ })
      .getByRole("heading", { level: 3 })
      .allInnerTexts()
  ).map((t) => t.trim());

async function setTargetGi(page, baseUrl, on) {
  await page.goto(baseUrl + "/settings");
  await page.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
  await page.getByText("All changes saved.").waitFor();
  // The state's row of the state × carrier table (the licensing list also names "Texas (TX)").
  await page.locator("summary", { hasText: "Texas (TX)" }).filter({ hasText: "active ·" }).click();
  const box = page.getByRole("checkbox", { name: `${MARKED} targets GI in TX` });
  await box.waitFor();
  if ((await box.isChecked()) === on) return false;
  await box.setChecked(on);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await page.getByRole("status").filter({ hasText: "Settings saved successfully" }).waitFor();
  return true;
}

export const journeys = [
  {
    name: "target GI: a Texas contact who fails the health questions is quoted only the carrier marked Target GI in Texas",
    async run({ page, baseUrl, screenshot, expect }) {
      await signIn(page, baseUrl, "admin@sample-agency.test");
      const list = await (await page.request.get(baseUrl + "/api/contacts?states=TX&limit=100")).json();
      const contact = list.contacts.find(
        (c) => c.state === "TX" && c.zipCode && c.currentCarrier && !c.currentCarrier.includes(MARKED),
      );
      expect(Boolean(contact), "a Texas contact with a ZIP whose carrier is not the one marked");
      const generated = await page.request.post(`${baseUrl}/api/quotes/generate/${contact.id}`);
      expect(generated.ok(), `quote link: ${generated.status()}`);
      const token = (await generated.json()).quoteId;

      // The settings: the caption says what Target GI does; mark one carrier for Texas.
      await setTargetGi(page, baseUrl, true);
      await page.getByTestId("target-gi-caption").filter({ hasText: TARGET_GI_CAPTION }).waitFor();
      await page.getByRole("checkbox", { name: `${MARKED} targets GI in TX` }).scrollIntoViewIfNeeded();
      await screenshot("settings-target-gi");

      // Before any health answer: every contracted carrier, no note.
      await page.context().clearCookies();
      await page.setViewportSize(PHONE);
      await page.goto(`${baseUrl}/compare?id=${token}`);
      await page.getByRole("heading", { name: "Personal Quote" }).waitFor();
      const before = new Set(await cardCarriers(page));
      expect(before.size > 1, `several carriers before (${[...before].join(", ")})`);
      expect(
        (await page.getByTestId("guaranteed-issue-note").count()) === 0,
        "no guaranteed-issue note before the health answers",
      );

      // A Yes on a health question: the contact fails underwriting.
      await page.goto(`${baseUrl}/eligibility?id=${token}`);
      await page.getByRole("heading", { level: 1, name: "Underwriting Assessment" }).waitFor();
      for (const title of ELIGIBILITY_QUESTIONS.slice(0, -1)) await mainAnswer(page, title, "No").click();
      await mainAnswer(page, ELIGIBILITY_QUESTIONS.at(-1), "Yes").click();
      await page.getByRole("button", { name: "Next" }).click();
      await page.waitForURL((url) => url.pathname === "/schedule" && url.searchParams.get("status") === "decline");

      // Back on the quotes: only the marked carrier, with the note.
      await page.goto(`${baseUrl}/compare?id=${token}`);
      await page.getByTestId("guaranteed-issue-note").filter({ hasText: NOTE }).waitFor();
      const after = new Set(await cardCarriers(page));
      expect(
        after.size === 1 && [...after][0].toLowerCase().includes(MARKED.toLowerCase()),
        `only ${MARKED} after failing underwriting (got ${[...after].join(", ")})`,
      );
      await screenshot("compare-guaranteed-issue-phone");

      // Leave the sample agency as it was.
      await page.setViewportSize({ width: 1280, height: 800 });
      await signIn(page, baseUrl, "admin@sample-agency.test");
      expect(await setTargetGi(page, baseUrl, false), "the mark is taken off again");
    },
  },
];
