import { fireEvent, render, screen, within } from "@testing-library/react";
import {
  OutreachPreviewModal,
  previewSamples,
  previewTexts,
  SAMPLE_FIRST_NAME,
  SAMPLE_SHORT_LINK_CODE,
} from "@/components/onboarding/outreach-preview-modal";
import { gsm7Length, quoteLinkSms, SMS_LINES } from "@/lib/sms/template";

const brand = {
  name: "Lone Star Medigap",
  primaryColor: "#112233",
  secondaryColor: "#445566",
  logoUrl: null,
  phone: "5125550188",
};
const allOn = { birthday: true, enrollmentAnniversary: true, scheduleIncrease: true, aep: true };
const APP_URL = "https://app.gapwise.example";

function renderModal(props: Partial<Parameters<typeof OutreachPreviewModal>[0]> = {}) {
  const onClose = jest.fn();
  render(<OutreachPreviewModal brand={brand} outreachTypes={allOn} appUrl={APP_URL} onClose={onClose} {...props} />);
  const dialog = within(screen.getByRole("dialog", { name: "Outreach Preview" }));
  return { onClose, dialog };
}

const pressed = (button: HTMLElement) => button.getAttribute("aria-pressed");

describe("OutreachPreviewModal", () => {
  it("maps each sample to the text of its outreach type", () => {
    expect(Object.fromEntries(previewSamples("X").map((s) => [s.key, s.smsType]))).toEqual({
      birthday: "birthday",
      anniversary: "effective_date",
      "rate-increase": "rate_increase",
      aep: "aep",
      // The welcome is not texted (lib/outreach/text-rows.ts): no text sample stands for it.
      "initial-blaster": null,
    });
    for (const { smsType } of previewSamples("X")) if (smsType) expect(Object.hasOwn(SMS_LINES, smsType)).toBe(true);
  });

  it("opens on Email; the SMS toggle shows each type's text as quoteLinkSms writes it, with its length", () => {
    const { dialog } = renderModal({ outreachTypes: { ...allOn, scheduleIncrease: false } });
    const email = dialog.getByRole("button", { name: "Email" });
    const sms = dialog.getByRole("button", { name: "SMS" });
    expect([pressed(email), pressed(sms)]).toEqual(["true", "false"]);
    expect(dialog.getByRole("list", { name: "Email samples" })).toBeTruthy();
    expect(dialog.queryByText(/Reply STOP to opt out/)).toBeNull();

    fireEvent.click(sms);
    expect([pressed(email), pressed(sms)]).toEqual(["false", "true"]);
    expect(dialog.queryByRole("list", { name: "Email samples" })).toBeNull();
    expect(dialog.getByText("Sample link: each contact gets their own.")).toBeTruthy();
    const list = within(dialog.getByRole("list", { name: "Text message samples" }));
    const birthday = within(list.getByRole("listitem", { name: "Birthday text sample" }));
    const expected =
      "Lone Star Medigap: Hi Pat! A birthday check on your Medicare Supplement: https://app.gapwise.example/s/Ab3dE5gH9k Reply STOP to opt out";
    expect(birthday.getByText(expected)).toBeTruthy();
    expect(birthday.getByText(`${expected.length} of 160 characters`)).toBeTruthy();

    expect(list.queryByRole("listitem", { name: "Welcome email text sample" })).toBeNull();
    for (const sample of previewSamples(brand.name)) {
      if (!sample.smsType) continue;
      const item = within(list.getByRole("listitem", { name: `${sample.title} text sample` }));
      const text = quoteLinkSms({
        type: sample.smsType,
        brandName: brand.name,
        firstName: SAMPLE_FIRST_NAME,
        shortUrl: `${APP_URL}/s/${SAMPLE_SHORT_LINK_CODE}`,
      });
      expect(text).toMatch(/^Lone Star Medigap: .* Reply STOP to opt out$/);
      expect(item.getByText(text)).toBeTruthy();
      expect(item.getByText(`${gsm7Length(text)} of 160 characters`)).toBeTruthy();
      expect(item.getByText("Sample")).toBeTruthy();
    }
    // A type switched off says so, as on the email side.
    expect(
      within(list.getByRole("listitem", { name: "Rate increase text sample" })).getByText("Turned off"),
    ).toBeTruthy();
    expect(within(list.getByRole("listitem", { name: "AEP text sample" })).queryByText("Turned off")).toBeNull();

    fireEvent.click(email);
    expect(dialog.getByRole("list", { name: "Email samples" })).toBeTruthy();
    expect(dialog.queryByText(/Reply STOP to opt out/)).toBeNull();
  });

  it("keeps a long agency name's text to 160 characters, as the real text does", () => {
    const name = "The Extraordinarily Long-Named Medicare Supplement Insurance Agency of Central Texas";
    const { dialog } = renderModal({ brand: { ...brand, name } });
    fireEvent.click(dialog.getByRole("button", { name: "SMS" }));
    const texts = previewTexts(name, APP_URL)!;
    for (const text of texts.values()) {
      expect(gsm7Length(text)).toBeLessThanOrEqual(160);
      expect(text.endsWith("Reply STOP to opt out")).toBe(true);
      expect(dialog.getAllByText(text).length).toBeGreaterThan(0);
    }
  });

  it("without APP_URL given, links to this page's origin", () => {
    const { dialog } = renderModal({ appUrl: undefined });
    fireEvent.click(dialog.getByRole("button", { name: "SMS" }));
    expect(dialog.getAllByText(new RegExp(`${window.location.origin}/s/${SAMPLE_SHORT_LINK_CODE} `))).toHaveLength(4);
  });

  it("Escape still closes it, on either channel", () => {
    const { onClose, dialog } = renderModal();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(dialog.getByRole("button", { name: "SMS" }));
    fireEvent.keyDown(document, { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(2);
    fireEvent.click(dialog.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalledTimes(3);
  });
});
