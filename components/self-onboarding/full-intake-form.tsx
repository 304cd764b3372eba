"use client";

import { useId } from "react";
import { Controller } from "react-hook-form";
import { ChallengeNote } from "@/components/challenge/challenge-note";
import {
  BusyOverlay,
  CarrierSelect,
  ChoiceField,
  GenderTobaccoFields,
  FormError,
  PhoneField,
  QuoteLinkEmailed,
  SubmitButton,
  TextField,
  YES_NO_OPTIONS,
} from "@/components/self-onboarding/form-parts";
import { useSignupForm } from "@/components/self-onboarding/use-signup-form";
import { ZipFields } from "@/components/self-onboarding/zip-fields";
import { NO_CARRIER_CHOICE, SELF_SERVICE_MESSAGES } from "@/lib/self-onboarding/self-onboarding-schema";

export type FullIntakeFormProps = {
  organization: { id: string; name: string };
  brandColor: string;
  agentId?: string | null;
  navigate?: (url: string) => void;
  now?: () => Date;
};

const defaultNavigate = (url: string) => window.location.assign(url);

/**
 * client-side.md "Medicare Supplement quote intake": 'Let's Get Some Details', the same signup →
 * generate-quote path as self-onboarding, with overlays while submitting and generating the quote.
 */
export function FullIntakeForm({
  organization,
  brandColor,
  agentId = null,
  navigate = defaultNavigate,
  now = () => new Date(),
}: FullIntakeFormProps) {
  const { form, zip, location, challenge, stage, busy, formError, emailedTo, submit, setZip } = useSignupForm({
    context: { orgId: organization.id, agentId, intake: "quote_intake" },
    requiredMessage: SELF_SERVICE_MESSAGES.requiredForQuote,
    navigate,
    now,
  });
  const {
    register,
    control,
    watch,
    formState: { errors },
  } = form;
  const uid = useId();
  const titleId = `${uid}-title`;
  const hasCurrentPlan = watch("hasCurrentPlan");
  const overlay =
    stage === "signing-up"
      ? "Submitting your information..."
      : stage === "generating" || stage === "done"
        ? "Generating your quote..."
        : null;

  if (emailedTo) return <QuoteLinkEmailed email={emailedTo} organizationName={organization.name} />;

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-labelledby={titleId}>
      <BusyOverlay message={overlay} />
      <h1 id={titleId} className="text-2xl font-bold tracking-tight text-gray-900">
        Let&apos;s Get Some Details
      </h1>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label="First Name"
          required
          autoComplete="given-name"
          error={errors.firstName?.message}
          disabled={busy}
          {...register("firstName")}
        />
        <TextField
          label="Last Name"
          required
          autoComplete="family-name"
          error={errors.lastName?.message}
          disabled={busy}
          {...register("lastName")}
        />
      </div>
      <Controller
        control={control}
        name="phoneNumber"
        render={({ field }) => (
          <PhoneField label="Cell Number" error={errors.phoneNumber?.message} disabled={busy} field={field} />
        )}
      />
      <TextField
        label="Email"
        required
        type="email"
        autoComplete="email"
        hint={SELF_SERVICE_MESSAGES.uniqueEmailHint}
        error={errors.email?.message}
        disabled={busy}
        {...register("email")}
      />
      <TextField
        label="Date of Birth"
        required
        type="date"
        autoComplete="bday"
        error={errors.dateOfBirth?.message}
        disabled={busy}
        {...register("dateOfBirth")}
      />
      <ZipFields zip={zip} onZipChange={setZip} location={location} error={errors.zipCode?.message} disabled={busy} />
      <GenderTobaccoFields control={control} uid={uid} errors={errors} disabled={busy} color={brandColor} />
      <ChoiceField
        control={control}
        field="hasCurrentPlan"
        legend="Do you have a current Medicare Supplement plan?"
        name={`${uid}-hasCurrentPlan`}
        options={YES_NO_OPTIONS}
        disabled={busy}
        color={brandColor}
      />
      {hasCurrentPlan === "yes" ? (
        <CarrierSelect
          error={errors.carrierChoice?.message}
          disabled={busy}
          otherValue={NO_CARRIER_CHOICE}
          otherLabel="None/Other"
          {...register("carrierChoice")}
        />
      ) : null}
      <ChallengeNote status={challenge.status} />
      <FormError message={formError} />
      <SubmitButton
        label="Get My Quote"
        busyLabel={overlay}
        busy={busy}
        disabled={location.status === "loading"}
        color={brandColor}
      />
      <p className="text-center text-sm text-gray-600">
        Your information is shared only with {organization.name}. {organization.name} will email you your quotes, and
        new quotes around your birthday, policy anniversary and the enrollment period; you can unsubscribe at any time.
      </p>
    </form>
  );
}
