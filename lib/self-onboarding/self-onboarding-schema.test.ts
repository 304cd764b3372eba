import {
  comparePlanType,
  isRequiredMessage,
  manualCompareUrl,
  NO_CARRIER_CHOICE,
  OTHER_CARRIER_CHOICE,
  premiumCents,
  premiumInput,
  quoteAge,
  SELF_SERVICE_MESSAGES,
  selfServiceSignupSchema,
  storedCarrier,
  zipInput,
} from "@/lib/self-onboarding/self-onboarding-schema";

const valid = {
  orgId: "sample-agency",
  email: " Pat@Example.COM ",
  firstName: "Pat",
  lastName: "Jones",
  phoneNumber: "(512) 555-0188",
  zipCode: "78701",
  dateOfBirth: "1958-03-14",
  gender: "F",
  tobacco: false,
  optInQuarterlyUpdates: true,
};

const messagesOf = (input: unknown): Record<string, string> => {
  const result = selfServiceSignupSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("selfServiceSignupSchema", () => {
  it("accepts the form's payload: email normalised, phone digits only, blank premium is none", () => {
    const parsed = selfServiceSignupSchema.parse({ ...valid, currentPremium: "" });
    expect(parsed).toMatchObject({
      email: "pat@example.com",
      phoneNumber: "5125550188",
      currentPremium: null,
      hasCurrentPlan: false,
      intake: "self_onboarding",
    });
  });

  it("names each missing required field in its own error, and each counts as 'required' for the form's summary", () => {
    const issues = messagesOf({});
    expect(issues).toMatchObject({
      email: "Please enter your email address",
      firstName: "Please enter your first name",
      lastName: "Please enter your last name",
      phoneNumber: "Please enter your phone number",
      zipCode: "Please enter your ZIP code",
      dateOfBirth: "Please enter your date of birth",
      gender: "Please choose your gender",
      tobacco: "Please say whether you use tobacco",
    });
    expect(issues.orgId).toBe(SELF_SERVICE_MESSAGES.required);
    for (const message of Object.values(issues)) expect(isRequiredMessage(message)).toBe(true);
    expect(new Set(Object.values(issues)).size).toBe(Object.keys(issues).length);
    expect(isRequiredMessage(SELF_SERVICE_MESSAGES.invalidEmail)).toBe(false);
  });

  it("never requires the quote-emails opt-in: it is a choice, on either form", () => {
    expect(messagesOf({ ...valid, optInQuarterlyUpdates: false })).toEqual({});
    expect(messagesOf({ ...valid, optInQuarterlyUpdates: false, intake: "quote_intake" })).toEqual({});
  });

  it("requires a carrier choice when a current plan is held", () => {
    expect(messagesOf({ ...valid, hasCurrentPlan: true }).carrierChoice).toBe("Please choose your current carrier");
    expect(messagesOf({ ...valid, hasCurrentPlan: true, carrierChoice: "Humana" })).toEqual({});
  });

  it("uses the spec's texts for a malformed ZIP, phone, premium and date of birth", () => {
    expect(messagesOf({ ...valid, zipCode: "7870" }).zipCode).toBe("Please enter a valid 5-digit zip code");
    expect(messagesOf({ ...valid, phoneNumber: "555-0188" }).phoneNumber).toBe(SELF_SERVICE_MESSAGES.invalidPhone);
    expect(messagesOf({ ...valid, currentPremium: "12,50" }).currentPremium).toBe(SELF_SERVICE_MESSAGES.invalidPremium);
    expect(messagesOf({ ...valid, dateOfBirth: "03/14/1958" }).dateOfBirth).toBe(
      SELF_SERVICE_MESSAGES.invalidDateOfBirth,
    );
    expect(messagesOf({ ...valid, dateOfBirth: "1958-02-30" }).dateOfBirth).toBe(
      SELF_SERVICE_MESSAGES.invalidDateOfBirth,
    );
    expect(messagesOf({ ...valid, email: "pat@example" }).email).toBe(SELF_SERVICE_MESSAGES.invalidEmail);
  });
});

describe("field helpers", () => {
  it("premium: digits and one dot while typing; cents when stored", () => {
    expect(premiumInput("$1,45.5.0a")).toBe("145.50");
    expect(premiumCents("145.5")).toBe(14550);
    expect(premiumCents("145")).toBe(14500);
    expect(premiumCents(".5")).toBe(50);
    expect(premiumCents("")).toBeNull();
    expect(premiumCents(".")).toBeUndefined();
    expect(premiumCents("1.234")).toBeUndefined();
  });

  it("zip: digits only, at most 5", () => {
    expect(zipInput("78a70-12")).toBe("78701");
  });

  it("stored carrier: the pick, the typed name for Other, none for None or without a plan", () => {
    expect(storedCarrier({ hasCurrentPlan: true, carrierChoice: "Aetna", currentCarrier: null })).toBe("Aetna");
    expect(
      storedCarrier({ hasCurrentPlan: true, carrierChoice: OTHER_CARRIER_CHOICE, currentCarrier: "Local Mutual" }),
    ).toBe("Local Mutual");
    expect(storedCarrier({ hasCurrentPlan: true, carrierChoice: NO_CARRIER_CHOICE, currentCarrier: null })).toBeNull();
    expect(storedCarrier({ hasCurrentPlan: false, carrierChoice: "Aetna", currentCarrier: null })).toBeNull();
  });

  it("manual compare URL carries age, never the date of birth", () => {
    const url = manualCompareUrl({
      orgId: "org-1",
      zip: "78737",
      county: "Hays County",
      age: 67,
      gender: "F",
      tobacco: true,
    });
    expect(url).toBe("/compare?orgId=org-1&zip=78737&county=Hays+County&age=67&gender=F&tobacco=true&planType=G");
  });

  it("age is taken on the 1st of next month", () => {
    expect(quoteAge("1958-06-15", new Date("2026-05-20T12:00:00Z"))).toBe(67);
    expect(quoteAge("1958-06-01", new Date("2026-05-20T12:00:00Z"))).toBe(68);
  });
});

describe("comparePlanType", () => {
  it("reads codes and stored plan names, defaulting to G", () => {
    expect(comparePlanType("N")).toBe("N");
    expect(comparePlanType("Plan F")).toBe("F");
    expect(comparePlanType("hdg")).toBe("HDG");
    expect(comparePlanType("High Deductible Plan F")).toBe("HDF");
    expect(comparePlanType("Plan K")).toBe("G");
    expect(comparePlanType(null)).toBe("G");
  });
});
