import { contactCarrierOptions, contactPlanOptions, STANDARD_PLAN_TYPES } from "@/lib/contacts/contact-fields";
import { mapPlanType } from "@/lib/contacts/import/plan-mapping";

describe("contactPlanOptions", () => {
  it("offers every plan the import maps to, Other last", () => {
    const plans = contactPlanOptions(null);
    expect(plans).toEqual([...STANDARD_PLAN_TYPES]);
    for (const imported of ["K", "HDG", "hdf", "Plan L", "A"]) expect(plans).toContain(mapPlanType(imported));
    expect(plans.at(-1)).toBe("Other");
  });

  it("keeps a stored plan outside the list so that editing does not drop it", () => {
    expect(contactPlanOptions("Select G")).toEqual([...STANDARD_PLAN_TYPES.slice(0, -1), "Select G", "Other"]);
    expect(contactPlanOptions("Plan K")).toEqual([...STANDARD_PLAN_TYPES]);
  });
});

describe("contactCarrierOptions", () => {
  it("puts the contracted carriers first and then every other known carrier, Other apart", () => {
    expect(
      contactCarrierOptions({
        contracted: ["Humana", "Aetna", "Other"],
        known: ["Mutual of Omaha", "Aetna", "Cigna", "Humana"],
      }),
    ).toEqual({ contracted: ["Aetna", "Humana"], others: ["Cigna", "Mutual of Omaha"] });
  });

  it("keeps a stored carrier the product does not know, and offers everything when nothing is contracted", () => {
    expect(contactCarrierOptions({ contracted: [], known: ["Cigna"], current: "Acme Life" })).toEqual({
      contracted: [],
      others: ["Acme Life", "Cigna"],
    });
    expect(contactCarrierOptions({ contracted: ["Cigna"], known: ["Cigna"], current: "Cigna" })).toEqual({
      contracted: ["Cigna"],
      others: [],
    });
  });
});
