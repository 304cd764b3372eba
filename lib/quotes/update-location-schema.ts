import { z } from "zod";

/**
 * POST /api/self-service/update-location (app/api/self-service/update-location/route.ts): the compare page's ZIP /
 * county change. Pure: shared by the route (lib/quotes/update-location.ts) and the compare page's location dialog.
 */
export const updateLocationBodySchema = z.object({
  quoteId: z.string().min(1).max(100),
  zipCode: z.string().trim(),
  /** County FIPS or name; default: the ZIP's largest county. */
  county: z.string().trim().max(100).optional().nullable(),
  orgSlug: z.string().max(100).optional().nullable(),
  contactId: z.string().max(100).optional().nullable(),
});

/** The location dialog's fields: the body's own ZIP and county rules (the quote link comes from the page). */
export const locationFormSchema = updateLocationBodySchema.pick({ zipCode: true, county: true });
export type LocationFormInput = z.input<typeof locationFormSchema>;
export type LocationChoice = z.output<typeof locationFormSchema>;

/** The route answers this: the place now kept on the contact. */
export type UpdateLocationResponse = {
  success: true;
  zipCode: string;
  state: string;
  county: string;
  countyFips: string;
};
