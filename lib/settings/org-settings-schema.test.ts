import { householdWindowDaysField, orgSettingsSchema, SETTINGS_MESSAGES } from "@/lib/settings/org-settings-schema";

describe("householdWindowDays (the household outreach window, docs/households.md)", () => {
  it("takes whole days from 0 (off) to 30", () => {
    for (const days of [0, 7, 30])
      expect(householdWindowDaysField.safeParse(days)).toEqual({ success: true, data: days });
  });

  it("refuses a negative, a number past 30, a fraction, text and nothing, each with the one plain message", () => {
    for (const value of [-1, 31, 2.5, "x", "7", Number.NaN, null, undefined]) {
      const result = householdWindowDaysField.safeParse(value);
      expect(result.success).toBe(false);
      expect([...new Set(result.error!.issues.map((i) => i.message))]).toEqual([SETTINGS_MESSAGES.householdWindowDays]);
    }
    expect(SETTINGS_MESSAGES.householdWindowDays).toBe("Please enter a whole number of days from 0 to 30");
  });

  it("is a field of the organization settings, its message on the field's path", () => {
    const shape = orgSettingsSchema.safeParse({ householdWindowDays: 31 });
    expect(shape.success).toBe(false);
    expect(shape.error!.issues.filter((i) => i.path[0] === "householdWindowDays").map((i) => i.message)).toEqual([
      SETTINGS_MESSAGES.householdWindowDays,
    ]);
  });
});
