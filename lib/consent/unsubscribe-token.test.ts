import {
  createUnsubscribeToken,
  oneClickUnsubscribeUrl,
  unsubscribeLinks,
  unsubscribeUrl,
  verifyUnsubscribeToken,
} from "@/lib/consent/unsubscribe-token";

const subject = {
  organizationId: "0b6f5c1e-3a8d-4c2e-9f10-7d2a5b3c4e6f",
  contactId: "9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d",
};

describe("unsubscribe tokens", () => {
  it("round-trips the organization and contact, with no PII and nothing but base64url in the URL", () => {
    const token = createUnsubscribeToken(subject);
    expect(token).toMatch(/^[A-Za-z0-9_-]{86}$/);
    expect(verifyUnsubscribeToken(token)).toEqual(subject);
    expect(unsubscribeUrl(subject)).toBe(`http://localhost:3000/unsubscribe?t=${token}`);
    expect(oneClickUnsubscribeUrl(subject)).toBe(`http://localhost:3000/api/unsubscribe?t=${token}`);
    expect(unsubscribeLinks(subject)).toEqual({
      unsubscribeUrl: unsubscribeUrl(subject),
      oneClickUnsubscribeUrl: oneClickUnsubscribeUrl(subject),
    });
  });

  it("refuses a token with any character changed", () => {
    const token = createUnsubscribeToken(subject);
    for (const at of [0, 10, 21, 42, 43, 60, 85]) {
      const replacement = token[at] === "A" ? "B" : "A";
      const tampered = token.slice(0, at) + replacement + token.slice(at + 1);
      expect(verifyUnsubscribeToken(tampered)).toBeNull();
    }
  });

  it("refuses a token for another contact spliced onto this signature", () => {
    const mine = Buffer.from(createUnsubscribeToken(subject), "base64url");
    const other = Buffer.from(
      createUnsubscribeToken({ ...subject, contactId: "11111111-2222-4333-8444-555555555555" }),
      "base64url",
    );
    const spliced = Buffer.concat([other.subarray(0, 32), mine.subarray(32)]).toString("base64url");
    expect(verifyUnsubscribeToken(spliced)).toBeNull();
  });

  it("refuses a token signed with another secret, and junk", () => {
    expect(verifyUnsubscribeToken(createUnsubscribeToken(subject, "another-secret-another-secret-123"))).toBeNull();
    for (const junk of [undefined, null, "", "abc", 42, "A".repeat(86), createUnsubscribeToken(subject) + "A"])
      expect(verifyUnsubscribeToken(junk)).toBeNull();
  });

  it("refuses to sign anything but uuids", () => {
    expect(() => createUnsubscribeToken({ organizationId: "x", contactId: subject.contactId })).toThrow();
  });
});
