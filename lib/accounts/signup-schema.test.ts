import {
  clampFrame,
  INVALID_EMAIL_MESSAGE,
  INVALID_PHONE_MESSAGE,
  isValidEmail,
  signupSchema,
  waitlistSchema,
} from "@/lib/accounts/signup-schema";

const goodSignup = {
  firstName: "Ann",
  lastName: "Lee",
  organizationName: "Lee Insurance",
  email: "ann@lee.com",
  phone: "5551234567",
};
const goodWaitlist = { name: "Ann Lee", email: "ann@lee.com", phone: "5551234567", numAgents: 3, bookSize: 1200 };

function issuesFor(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));
}

describe("signupSchema", () => {
  it("trims names and trims and lower-cases the email", () => {
    const parsed = signupSchema.parse({
      ...goodSignup,
      firstName: "  Ann ",
      organizationName: " Lee Insurance ",
      email: "  Ann@Lee.COM ",
    });
    expect(parsed).toEqual({
      ...goodSignup,
      firstName: "Ann",
      organizationName: "Lee Insurance",
      email: "ann@lee.com",
    });
  });

  it.each([
    ["firstName", "", "First name is required"],
    ["firstName", "   ", "First name is required"],
    ["lastName", "", "Last name is required"],
    ["organizationName", " ", "Organization name is required"],
    ["organizationName", "x".repeat(201), "Organization name must be at most 200 characters"],
    ["email", "", INVALID_EMAIL_MESSAGE],
    ["email", "ann", INVALID_EMAIL_MESSAGE],
    ["email", "ann@", INVALID_EMAIL_MESSAGE],
    ["email", "ann@lee", INVALID_EMAIL_MESSAGE],
    ["email", "ann lee@lee.com", INVALID_EMAIL_MESSAGE],
    ["phone", "", INVALID_PHONE_MESSAGE],
    ["phone", "555123456", INVALID_PHONE_MESSAGE],
    ["phone", "55512345678", INVALID_PHONE_MESSAGE],
    ["phone", "(555) 123-4567", INVALID_PHONE_MESSAGE],
    ["phone", "555123456a", INVALID_PHONE_MESSAGE],
  ])("rejects %s = %j with %j", (field, value, message) => {
    const result = signupSchema.safeParse({ ...goodSignup, [field]: value });
    expect(result.success).toBe(false);
    expect(issuesFor(result)[field]).toBe(message);
  });

  it("rejects missing fields with the field's own message", () => {
    const result = signupSchema.safeParse({});
    expect(issuesFor(result)).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
      organizationName: "Organization name is required",
      email: INVALID_EMAIL_MESSAGE,
      phone: INVALID_PHONE_MESSAGE,
    });
  });

  it.each(["ann@lee.com", "ann.lee+quotes@mail.lee-insurance.co.uk", "A@B.IO"])("accepts the email %s", (email) => {
    expect(signupSchema.safeParse({ ...goodSignup, email }).success).toBe(true);
    expect(isValidEmail(email)).toBe(true);
  });

  it("isValidEmail agrees with the schema", () => {
    expect(isValidEmail(" ann@lee.com ")).toBe(true);
    expect(isValidEmail("ann@lee")).toBe(false);
    expect(isValidEmail("")).toBe(false);
  });
});

describe("waitlistSchema", () => {
  it("accepts numbers and numeric strings and gives numbers", () => {
    expect(waitlistSchema.parse(goodWaitlist)).toEqual(goodWaitlist);
    const parsed = waitlistSchema.parse({ ...goodWaitlist, email: " Ann@Lee.com", numAgents: " 3 ", bookSize: "1200" });
    expect(parsed).toEqual(goodWaitlist);
    expect(typeof parsed.numAgents).toBe("number");
    expect(typeof parsed.bookSize).toBe("number");
  });

  it.each([
    ["numAgents", 0],
    ["numAgents", "0"],
    ["numAgents", -2],
    ["numAgents", 1.5],
    ["numAgents", "1.5"],
    ["numAgents", ""],
    ["numAgents", "abc"],
    ["numAgents", "1e3"],
    ["numAgents", null],
    ["numAgents", true],
    ["numAgents", undefined],
    ["bookSize", 0],
    ["bookSize", "-5"],
    ["bookSize", ""],
    ["bookSize", Number.NaN],
  ])("rejects %s = %j", (field, value) => {
    const result = waitlistSchema.safeParse({ ...goodWaitlist, [field]: value });
    expect(result.success).toBe(false);
    expect(Object.keys(issuesFor(result))).toEqual([field]);
  });

  it("gives the at-least-1 message", () => {
    const result = waitlistSchema.safeParse({ ...goodWaitlist, numAgents: "0", bookSize: "" });
    expect(issuesFor(result)).toEqual({
      numAgents: "Number of agents must be a whole number of at least 1",
      bookSize: "Book size must be a whole number of at least 1",
    });
  });

  it("caps the counts so they fit the database", () => {
    expect(waitlistSchema.safeParse({ ...goodWaitlist, numAgents: 100_000, bookSize: 10_000_000 }).success).toBe(true);
    expect(waitlistSchema.safeParse({ ...goodWaitlist, numAgents: 100_001 }).success).toBe(false);
    expect(waitlistSchema.safeParse({ ...goodWaitlist, bookSize: "99999999999" }).success).toBe(false);
  });

  it.each([
    ["name", " "],
    ["email", "not-an-email"],
    ["phone", "555"],
  ])("rejects %s = %j", (field, value) => {
    expect(waitlistSchema.safeParse({ ...goodWaitlist, [field]: value }).success).toBe(false);
  });
});

describe("clampFrame", () => {
  it.each([
    [undefined, 1],
    [null, 1],
    ["", 1],
    ["abc", 1],
    ["1", 1],
    ["2", 2],
    ["4", 4],
    ["0", 1],
    ["-3", 1],
    ["9", 4],
    ["2.7", 2],
    [3, 3],
    [Number.POSITIVE_INFINITY, 1],
    [["3", "1"], 3],
    [[], 1],
  ])("%j -> %i", (input, expected) => {
    expect(clampFrame(input)).toBe(expected);
  });
});
