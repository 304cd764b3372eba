"use client";

import { useCallback } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import type { SettingsForm } from "@/components/settings/form-state";
import type { OrgSettings } from "@/lib/settings/org-settings-schema";

/**
 * The one settings form (react-hook-form, resolved by orgSettingsSchema: see SettingsEditor) as each
 * section reads it through FormProvider: the current values, a patch that marks what changed, and the
 * messages of a field (every message of the field and what is under it: the schema's and the server's).
 */
export function useSettingsForm() {
  const {
    control,
    register,
    setValue,
    formState: { errors },
  } = useFormContext<SettingsForm, unknown, OrgSettings>();
  const form = useWatch({ control }) as SettingsForm;

  const update = useCallback(
    (patch: Partial<SettingsForm>) => {
      for (const [key, value] of Object.entries(patch) as [keyof SettingsForm, SettingsForm[keyof SettingsForm]][]) {
        setValue(key, value, { shouldDirty: true });
      }
    },
    [setValue],
  );

  const fieldErrors = (key: keyof SettingsForm) => errorMessages(errors[key]);

  return { form, update, fieldErrors, register };
}

/** Every message in an error entry and the entries under it (criteriaMode "all" puts the others in `types`). */
export function errorMessages(entry: unknown): string[] {
  const found: string[] = [];
  const visit = (node: unknown) => {
    if (!node || typeof node !== "object") return;
    const { message, types } = node as {
      message?: unknown;
      types?: Record<string, unknown>;
    };
    if (typeof message === "string" && message) found.push(message);
    for (const value of Object.values(types ?? {}))
      for (const text of [value].flat()) if (typeof text === "string" && text) found.push(text);
    for (const [key, child] of Object.entries(node))
      if (key !== "ref" && key !== "types" && key !== "message" && key !== "type") visit(child);
  };
  visit(entry);
  return [...new Set(found)];
}

type Rechecked = {
  subscribe: (options: { formState: { values: true }; callback: () => void }) => () => void;
  trigger: () => Promise<boolean>;
};

/**
 * Checks the whole form now and after every change of its values (a rule that spans fields shows and clears at
 * once), once per batch of changes: an update that sets several fields is checked when it is complete.
 * `onChange` runs at each change. Returns the unsubscribe.
 */
export function recheckOnChange({ subscribe, trigger }: Rechecked, onChange?: () => void): () => void {
  let queued = false;
  void trigger();
  return subscribe({
    formState: { values: true },
    callback: () => {
      onChange?.();
      if (queued) return;
      queued = true;
      queueMicrotask(() => {
        queued = false;
        void trigger();
      });
    },
  });
}
