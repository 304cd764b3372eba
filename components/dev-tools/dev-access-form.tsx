"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { devAccessSchema, type DevAccessInput, type DevAccessValues } from "@/lib/dev-tools/dev-access-schema";

export const DEV_ACCESS_MESSAGES = {
  wrongKey: "That key does not open the outbox.",
  tooMany: "Too many tries. Wait 15 minutes, then try again.",
  failed: "Could not check the key. Please try again.",
} as const;

/** The key form of /dev/access: the right key sets an access cookie and opens the outbox. */
export function DevAccessForm() {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<DevAccessInput, unknown, DevAccessValues>({ resolver: zodResolver(devAccessSchema), defaultValues: { key: "" } });
  const [formError, setFormError] = useState<string | null>(null);
  const router = useRouter();

  const onValid = async (values: DevAccessValues) => {
    setFormError(null);
    try {
      const response = await fetch("/api/dev/access", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(values),
      });
      if (response.ok) {
        router.push("/dev/outbox");
        return;
      }
      setFormError(response.status === 404 ? DEV_ACCESS_MESSAGES.wrongKey : response.status === 429 ? DEV_ACCESS_MESSAGES.tooMany : DEV_ACCESS_MESSAGES.failed);
    } catch {
      setFormError(DEV_ACCESS_MESSAGES.failed);
    }
  };

  const keyError = errors.key?.message;
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate className="mt-6 space-y-4">
      <div>
        <label htmlFor="dev-access-key" className="block text-base font-medium">
          Access key
        </label>
        <input
          id="dev-access-key"
          type="password"
          autoComplete="off"
          className="mt-1 block min-h-11 w-full rounded-md border border-gray-400 px-3 py-2 text-base focus:outline-none focus:ring-2 focus:ring-brand-600"
          aria-invalid={Boolean(keyError)}
          aria-describedby={keyError ? "dev-access-key-error" : undefined}
          {...register("key")}
        />
        {keyError ? (
          <p id="dev-access-key-error" className="mt-1 text-sm text-red-700">
            {keyError}
          </p>
        ) : null}
      </div>
      {formError ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {formError}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={isSubmitting}
        className="min-h-11 w-full rounded-md bg-brand-700 px-4 py-2 text-base font-semibold text-white hover:bg-brand-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 disabled:opacity-60"
      >
        {isSubmitting ? "Checking…" : "Open the outbox"}
      </button>
    </form>
  );
}
