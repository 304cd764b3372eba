import { z } from "zod";

/**
 * The household routes' requests and answers (docs/households.md). Pure: shared by the routes and, later,
 * the contact page's pairing panel.
 */

export const HOUSEHOLD_MESSAGES = {
  notFound: "Household not found",
  partnerNotFound: "Partner contact not found",
  samePerson: "A contact cannot be linked to itself.",
  alreadyPaired: "One of these contacts is already in a confirmed household. Undo that pairing first.",
} as const;

export const householdIdParamsSchema = z.object({ id: z.uuid() });

/** POST /api/contacts/{id}/household: the agent's explicit spouse/partner link. */
export const linkHouseholdSchema = z.object({
  partnerId: z.uuid({ error: HOUSEHOLD_MESSAGES.partnerNotFound }),
});

export type LinkHouseholdRequest = z.input<typeof linkHouseholdSchema>;

export type HouseholdPartner = { id: string; firstName: string; lastName: string };

export type HouseholdView = {
  id: string;
  kind: "address" | "explicit";
  status: "suggested" | "confirmed" | "dismissed";
  /** The other contact of the pair, as seen from the contact asked about (or contact b, from a household id). */
  partner: HouseholdPartner;
  contactIds: [string, string];
  confirmedById: string | null;
  /** ISO instants. */
  confirmedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** GET /api/contacts/{id}/household: the contact's confirmed household, else its open suggestion, else null. */
export type ContactHouseholdResponse = { household: HouseholdView | null };
/** POST /api/contacts/{id}/household, POST /api/households/{id}/confirm and …/dismiss. */
export type SaveHouseholdResponse = { success: true; household: HouseholdView };
