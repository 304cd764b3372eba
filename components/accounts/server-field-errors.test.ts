import { showServerFieldErrors } from "@/components/accounts/server-field-errors";

describe("showServerFieldErrors", () => {
  it("sets the first message of each named field and leaves other fields alone", () => {
    const setError = jest.fn();
    showServerFieldErrors<{ name: string; email: string }>(
      setError,
      { name: ["Name is required", "second"], other: ["x"], email: [] },
      ["name", "email"],
    );
    expect(setError.mock.calls).toEqual([["name", { type: "server", message: "Name is required" }]]);
  });
});
