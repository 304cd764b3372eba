import { NextRequest } from "next/server";
import { GET as zipInfoRoute } from "@/app/api/zipinfo/[zip]/route";
import { GET as zipLookupRoute } from "@/app/api/zip-lookup/[zip]/route";
import { lookupZipOrThrow, resolveZipLocation } from "@/lib/zip/lookup-zip";
import { countyLabel, ZIP_MESSAGES } from "@/lib/zip/zip-schema";
import { findZip, parseZipCsv } from "@/lib/zip/zip-table";
import { setupTestDatabase } from "@/lib/testing/db";

setupTestDatabase();

let n = 0;
const req = (path: string) =>
  new NextRequest(`http://localhost${path}`, { headers: { "x-forwarded-for": `203.0.113.${++n % 250}` } });
const ctx = (zip: string) => ({ params: Promise.resolve({ zip }) });

describe("the ZIP crosswalk", () => {
  it("maps a single-county ZIP to its state, county and city", () => {
    const travis = lookupZipOrThrow("78701");
    expect(travis).toMatchObject({ zip: "78701", state: "TX", counties: ["Travis County"], cities: ["Austin"] });
    expect(travis.defaultCounty).toEqual({ name: "Travis County", fips: "48453", state: "TX", residentialShare: 1 });
  });

  it("lists every county of a multi-county ZIP, largest residential share first, and defaults to it", () => {
    const adjuntas = lookupZipOrThrow("00601");
    expect(adjuntas.state).toBe("PR");
    expect(adjuntas.counties).toEqual(["Adjuntas Municipio", "Ponce Municipio"]);
    expect(adjuntas.countyDetails.map((c) => c.residentialShare)).toEqual([0.8412, 0.1588]);
    expect(adjuntas.defaultCounty.name).toBe("Adjuntas Municipio");
    expect(resolveZipLocation("00601")).toEqual({
      zipCode: "00601",
      state: "PR",
      county: "Adjuntas Municipio",
      countyFips: "72001",
    });
    expect(resolveZipLocation("00601", { countyFips: "72113" })).toMatchObject({
      county: "Ponce Municipio",
      countyFips: "72113",
    });
    expect(resolveZipLocation("00601", { county: "ponce municipio" })).toMatchObject({ countyFips: "72113" });
  });

  it("keeps the USPS state for ZIPs that cross a state line, with each county's own state", () => {
    // Fort Campbell: USPS says KY, but 73% of its homes are in Montgomery County, TN.
    const fortCampbell = lookupZipOrThrow("42223");
    expect(fortCampbell.state).toBe("KY");
    expect(fortCampbell.countyDetails.map((c) => [c.name, c.state])).toEqual([
      ["Montgomery County", "TN"],
      ["Christian County", "KY"],
    ]);
    expect(countyLabel(fortCampbell.defaultCounty, fortCampbell.state)).toBe("Montgomery County, TN");
    expect(countyLabel(fortCampbell.countyDetails[1]!, fortCampbell.state)).toBe("Christian County");

    expect(lookupZipOrThrow("38876")).toMatchObject({ state: "MS", counties: ["Itawamba County", "Marion County"] });
    expect(lookupZipOrThrow("38876").countyDetails[1]!.state).toBe("AL");
    expect(lookupZipOrThrow("03804")).toMatchObject({ state: "NH", counties: ["York County"] });
    expect(lookupZipOrThrow("03804").defaultCounty.state).toBe("ME");
    expect(lookupZipOrThrow("72643")).toMatchObject({ state: "MO", counties: ["Boone County"] });
    expect(lookupZipOrThrow("72643").defaultCounty.state).toBe("AR");
    expect(lookupZipOrThrow("20041")).toMatchObject({ state: "DC", counties: ["Fairfax County"] });
  });

  it("leaves out the unnamed 99999 rows", () => {
    expect(findZip("60601")!.countyDetails.every((c) => c.fips !== "99999" && c.name !== "")).toBe(true);
  });

  it("refuses a malformed ZIP (400) and an unknown one (404 Invalid zip code)", () => {
    for (const bad of ["1234", "123456", "abcde", "12 34", ""]) {
      expect(() => lookupZipOrThrow(bad)).toThrow(
        expect.objectContaining({ code: "bad_request", message: ZIP_MESSAGES.format }),
      );
    }
    expect(() => lookupZipOrThrow("00000")).toThrow(
      expect.objectContaining({ code: "not_found", message: "Invalid zip code" }),
    );
    expect(() => resolveZipLocation("00601", { countyFips: "48453" })).toThrow(
      expect.objectContaining({ code: "validation_failed" }),
    );
  });

  it("refuses a file with another layout", () => {
    expect(() => parseZipCsv("zip,state\n12345,TX\n")).toThrow("Unexpected ZIP crosswalk header");
  });
});

describe("GET /api/zip-lookup/{zip} and GET /api/zipinfo/{zip}", () => {
  it("answers state, counties and cities", async () => {
    const res = await zipLookupRoute(req("/api/zip-lookup/42223"), ctx("42223"));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      zip: "42223",
      state: "KY",
      counties: ["Montgomery County", "Christian County"],
      cities: ["Fort Campbell"],
    });

    const info = await zipInfoRoute(req("/api/zipinfo/00601"), ctx("00601"));
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({
      success: true,
      data: { state: "PR", counties: ["Adjuntas Municipio", "Ponce Municipio"], defaultCounty: { fips: "72001" } },
    });
  });

  it("answers 404 Invalid zip code for an unknown ZIP and 400 for non-digits", async () => {
    for (const route of [zipLookupRoute, zipInfoRoute]) {
      const unknown = await route(req("/api/zip-lookup/00000"), ctx("00000"));
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toMatchObject({ error: { code: "not_found", message: "Invalid zip code" } });
      const bad = await route(req("/api/zip-lookup/12ab5"), ctx("12ab5"));
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({
        error: { code: "bad_request", message: "Please enter a valid 5-digit zip code" },
      });
    }
  });
});
