import { z } from "zod";
import { CONTACT_LIST_MESSAGES, MAX_BULK_CONTACTS } from "@/lib/contacts/list-contacts-view";

/**
 * The bodies of the contact list's bulk actions (client-side.md §7), shared by the routes
 * (lib/contacts/bulk-contacts.ts) and the list's Reassign form. Pure: safe in the browser bundle.
 */

const contactIdList = z
  .array(z.uuid({ error: "Contact ids are uuids." }), { error: "Send a list of contact ids." })
  .min(1, "Select at least one contact.")
  .max(MAX_BULK_CONTACTS, `At most ${MAX_BULK_CONTACTS} contacts at a time.`);

/** DELETE /api/contacts: the list of ids, as a bare JSON array or as { contact_ids } / { ids }. */
export const deleteContactsBodySchema = z.preprocess(
  (body) => {
    if (Array.isArray(body)) return { contact_ids: body };
    if (body && typeof body === "object" && !("contact_ids" in body) && "ids" in body)
      return { contact_ids: (body as { ids: unknown }).ids };
    return body;
  },
  z.object({ contact_ids: contactIdList }),
);

/** PUT /api/contacts/reassign {contact_ids, agent_id}; agent_id null means unassigned. */
export const reassignContactsBodySchema = z.object({
  contact_ids: contactIdList,
  agent_id: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.uuid({ error: CONTACT_LIST_MESSAGES.selectAgent }).nullable(),
  ),
});

/** The Reassign Contacts select's value for "no agent" (agent_id null). */
export const UNASSIGNED_OPTION = "unassigned";

/**
 * The Reassign Contacts form: the route's own agent_id rule, read from the select, where "unassigned"
 * stands for null (leave the contacts without an agent).
 */
const reassignContactsForm = z.object({
  agent_id: z.preprocess(
    (value) => (value === UNASSIGNED_OPTION ? null : value),
    reassignContactsBodySchema.shape.agent_id,
  ),
});
/** The select's value: "", "unassigned" or an agent id. */
export type ReassignContactsFormInput = { agent_id: string };
export type ReassignContactsFormValues = z.output<typeof reassignContactsForm>;
/** Typed for the form's select (the preprocessor itself takes anything). */
export const reassignContactsFormSchema = reassignContactsForm as unknown as z.ZodType<
  ReassignContactsFormValues,
  ReassignContactsFormInput
>;
