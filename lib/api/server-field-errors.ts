import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import type { ApiFieldErrors } from "@/lib/api/browser-client";

/**
 * Puts the server's per-field words (`error.fields` of the one error shape) on the form's own fields
 * with react-hook-form's setError, type "server". Fields the form does not have are left to the
 * form-level message. Answers whether any field got an error.
 */
export function setServerFieldErrors<T extends FieldValues>(
  fields: ApiFieldErrors,
  names: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  let any = false;
  for (const name of names) {
    const message = fields[name]?.[0];
    if (!message) continue;
    setError(name, { type: "server", message });
    any = true;
  }
  return any;
}
