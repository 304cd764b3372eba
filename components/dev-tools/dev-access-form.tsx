"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { apiCall } from "@/lib/api/browser-client";
import {
  devAccessSchema,
  type DevAccessInput,
  type DevAccessResponse,
  type DevAccessValues,
} from "@/lib/dev-tools/dev-access-schema";

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
  } = useForm<DevAccessInput, unknown, DevAccessValues>({
    resolver: zodResolver(devAccessSchema),
    defaultValues: { key: "" },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const router = useRouter();

  const onValid = async (values: DevAccessValues) => {
    setFormError(null);
    const result = await apiCall<DevAccessResponse>("/api/dev/access", { method: "POST", body: values });
    if (result.ok) {
      router.push(result.body.redirectTo);
      return;
    }
    setFormError(
      result.status === 404
        ? DEV_ACCESS_MESSAGES.wrongKey
        : result.status === 429
          ? DEV_ACCESS_MESSAGES.tooMany
          : DEV_ACCESS_MESSAGES.failed,
    );
  };

  return (
    <form onSubmit={handleSubmit(onValid)} noValidate className="mt-6 space-y-4">
      <Field id="dev-access-key" label="Access key" error={errors.key?.message}>
        {(props) => <Input {...props} type="password" autoComplete="off" {...register("key")} />}
      </Field>
      {formError ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {formError}
        </p>
      ) : null}
      <Button type="submit" size="lg" fullWidth loading={isSubmitting} loadingLabel="Checking…">
        Open the outbox
      </Button>
    </form>
  );
}
