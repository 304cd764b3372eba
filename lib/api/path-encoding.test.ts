import { isDecodablePath } from "@/lib/api/path-encoding";

describe("isDecodablePath", () => {
  it.each([
    ["/api/contacts/abc", true],
    ["/api/org/caf%C3%A9/details", true],
    ["/api/a%2Fb", true],
    ["/contact/%ff%fe", false],
    ["/api/contacts/%E0%A4%A", false],
    ["/api/contacts/%", false],
    ["/api/zipinfo/%ED%A0%80", false], // a surrogate encoded as UTF-8 is not UTF-8
  ])("%s decodes: %s", (path, expected) => {
    expect(isDecodablePath(path)).toBe(expected);
  });
});
