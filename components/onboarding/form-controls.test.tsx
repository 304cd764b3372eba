import { saveFailureMessage } from "@/components/onboarding/form-controls";

const failure = (status: number, message: string | null, fields: Record<string, string[]> = {}) => ({
  ok: false as const,
  status,
  code: null,
  message,
  fields,
});

describe("saveFailureMessage", () => {
  it("gives the first field problem of a 422, else the server's message", () => {
    expect(
      saveFailureMessage(
        failure(422, "Some fields are invalid.", { companyPhone: ["Please enter a 10-digit phone number"] }),
        "Failed",
      ),
    ).toBe("Please enter a 10-digit phone number");
    expect(saveFailureMessage(failure(422, "Some fields are invalid."), "Failed")).toBe("Some fields are invalid.");
    expect(saveFailureMessage(failure(403, "Adding team members is not available on the Basic plan."), "Failed")).toBe(
      "Adding team members is not available on the Basic plan.",
    );
  });

  it("gives the fallback when no answer came, the server failed, or it said nothing", () => {
    expect(saveFailureMessage(failure(0, null), "Failed")).toBe("Failed");
    expect(saveFailureMessage(failure(500, "Internal error"), "Failed")).toBe("Failed");
    expect(saveFailureMessage(failure(409, null), "Failed")).toBe("Failed");
  });
});
