import { z } from "zod";

/** POST /api/dev/access and the /dev/access form: one schema for both. */
export const devAccessSchema = z.object({
  key: z.string().trim().min(1, "Enter the access key.").max(200, "That is not an access key."),
});

export type DevAccessInput = z.input<typeof devAccessSchema>;
export type DevAccessValues = z.output<typeof devAccessSchema>;
