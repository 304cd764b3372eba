import { z } from "zod";

/** POST /api/dev/access and the /dev/access form: one schema for both. */
export const devAccessSchema = z.object({
  key: z.string().trim().min(1, "Enter the access key.").max(200, "That is not an access key."),
});

export type DevAccessInput = z.input<typeof devAccessSchema>;
export type DevAccessValues = z.output<typeof devAccessSchema>;
/** The answer of POST /api/dev/access for the right key (the access cookie is set beside it); any other key is a 404. */
export type DevAccessResponse = { success: true; redirectTo: string };
