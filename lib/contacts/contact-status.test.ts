import { CONTACT_STATUS_LABELS, contactStatusLabel } from "@/lib/contacts/contact-status";

describe("contactStatusLabel", () => {
  it("labels every code the product writes, never showing the code itself", () => {
    expect(contactStatusLabel("requested_follow_up")).toBe("Requested a follow-up");
    expect(contactStatusLabel("temp")).toBe("Health questions only");
    expect(contactStatusLabel("New")).toBe("New");
    for (const [code, label] of Object.entries(CONTACT_STATUS_LABELS)) {
      expect(contactStatusLabel(code)).toBe(label);
      expect(label).not.toMatch(/_/);
    }
  });

  it("reads an unlisted code as words and a blank one as New", () => {
    expect(contactStatusLabel("called_back")).toBe("Called back");
    expect(contactStatusLabel("NOT-INTERESTED")).toBe("Not interested");
    expect(contactStatusLabel("")).toBe("New");
    expect(contactStatusLabel(null)).toBe("New");
  });
});
