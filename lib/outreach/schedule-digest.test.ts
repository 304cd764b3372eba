import { digestRowText, jsonbText } from "@/lib/outreach/schedule-digest";

describe("schedule digest", () => {
  it("prints a JSON value as PostgreSQL prints a jsonb (keys by length then bytes, spaced separators)", () => {
    // PostgreSQL 15: select json_build_array('{"zz":1,"b":[1,2,"x"],"aa":{"c":null}}'::jsonb)::text
    expect(jsonbText({ zz: 1, b: [1, 2, "x"], aa: { c: null }, gone: undefined })).toBe(
      '{"b": [1, 2, "x"], "aa": {"c": null}, "zz": 1}',
    );
    expect(jsonbText(null)).toBe("null");
    expect(jsonbText({})).toBe("{}");
  });

  it("prints a row as json_build_array(…)::text does", () => {
    // PostgreSQL 15, a stored post_window row: json_build_array(contact_id::text, email_type, …, metadata)::text
    expect(
      digestRowText({
        contactId: "00007096-7ac6-49cb-b9da-fb4fbe4d5cf2",
        row: {
          emailType: "post_window",
          sendDate: "2027-05-25",
          status: "pending",
          skipReason: null,
          priority: 40,
          eventDate: "2027-05-24",
          scheduledSendAt: new Date(1811251800000),
          sendMode: "production",
          parentEmailId: null,
          metadata: { replaces: ["birthday"] },
        },
      }),
    ).toBe(
      '["00007096-7ac6-49cb-b9da-fb4fbe4d5cf2", "post_window", "2027-05-25", "pending", null, 40, "2027-05-24", 1811251800000, "production", null, {"replaces": ["birthday"]}]',
    );
  });
});
