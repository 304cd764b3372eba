import type { FieldPath, FieldValues, UseFormSetError } from "react-hook-form";
import type { ApiFieldErrors } from "@/lib/api/browser-client";

/** Puts the server's first message for each of `names` on that field of a react-hook-form form (`error.fields` of a 422). */
export function showServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: ApiFieldErrors,
  names: readonly FieldPath<T>[],
) {
  for (const name of names) {
    const message = fields[name]?.[0];
    if (message) setError(name, { type: "server", message });
  }
}
