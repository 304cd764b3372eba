import { setServerFieldErrors } from "@/lib/api/server-field-errors";

describe("setServerFieldErrors", () => {
  it("sets the first message of each field the form has, as a server error, and skips the others", () => {
    const setError = jest.fn();
    const any = setServerFieldErrors<{ email: string; phone: string }>(
      { email: ["Taken.", "Second"], phone: [], other: ["Not a field"] },
      ["email", "phone"],
      setError,
    );
    expect(any).toBe(true);
    expect(setError.mock.calls).toEqual([["email", { type: "server", message: "Taken." }]]);
  });

  it("answers false when no field of the form is named", () => {
    const setError = jest.fn();
    expect(setServerFieldErrors<{ email: string }>({ other: ["x"] }, ["email"], setError)).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
