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
import { Checkbox } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { Input, Select } from "@/components/ui/input";
import type { SelfOnboardingPrefill } from "@/lib/self-onboarding/prefill";
import type { ZipLookup } from "@/lib/zip/zip-schema";
import {
  OTHER_CARRIER_CHOICE,
  premiumInput,
  SELF_SERVICE_MESSAGES,
  SELF_SERVICE_PLAN_TYPES,
} from "@/lib/self-onboarding/self-onboarding-schema";

export type SelfOnboardingFormProps = {
  organization: { id: string; name: string };
  brandColor: string;
  /** The link's agent, only when it is an active agent of this organization. */
  agent: { id: string; firstName: string; lastName: string } | null;
  /** What the agency already has, from a valid quote link on the page's URL (lib/self-onboarding/prefill.ts). */
  prefill?: SelfOnboardingPrefill | null;
  /** The prefill's ZIP as the page looked it up (not asked for again). */
  zipLookup?: ZipLookup | null;
  /** Where to go at the end (default: a full page load of the compare page). */
  navigate?: (url: string) => void;
  /** For tests: today. */
  now?: () => Date;
};

const defaultNavigate = (url: string) => window.location.assign(url);

/** client-side.md "Self-onboarding form": the consumer signs up, then lands on their personal quote. */
export function SelfOnboardingForm({
  organization,
  brandColor,
  agent,
  prefill,
  zipLookup = null,
  navigate = defaultNavigate,
  now = () => new Date(),
}: SelfOnboardingFormProps) {
  const { form, zip, location, challenge, stage, busy, formError, emailedTo, submit, setZip } = useSignupForm({
    context: { orgId: organization.id, agentId: agent?.id ?? null, intake: "self_onboarding" },
    defaultValues: prefill
      ? {
          firstName: prefill.firstName,
          lastName: prefill.lastName,
          email: prefill.email,
          phoneNumber: prefill.phone,
          zipCode: prefill.zip,
          dateOfBirth: prefill.dateOfBirth,
          gender: prefill.gender,
          tobacco: prefill.tobacco,
        }
      : undefined,
    requiredMessage: SELF_SERVICE_MESSAGES.required,
    zipLookup,
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
  const hasCurrentPlan = watch("hasCurrentPlan");
  const carrierChoice = watch("carrierChoice");
  const busyLabel =
    stage === "generating" || stage === "done"
      ? "Generating your quote..."
      : stage === "signing-up"
        ? "Signing up..."
        : null;

  if (emailedTo) return <QuoteLinkEmailed email={emailedTo} organizationName={organization.name} />;

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Get your quote">
      <BusyOverlay message={busyLabel} />
      {agent ? (
        <p className="text-sm text-gray-600">
          Your agent: <span className="font-medium text-gray-900">{`${agent.firstName} ${agent.lastName}`}</span>
        </p>
      ) : null}
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
      <Controller
        control={control}
        name="phoneNumber"
        render={({ field }) => (
          <PhoneField label="Phone Number" error={errors.phoneNumber?.message} disabled={busy} field={field} />
        )}
      />
      <ZipFields zip={zip} onZipChange={setZip} location={location} error={errors.zipCode?.message} disabled={busy} />
      <TextField
        label="Date of Birth"
        required
        type="date"
        autoComplete="bday"
        error={errors.dateOfBirth?.message}
        disabled={busy}
        {...register("dateOfBirth")}
      />
      <GenderTobaccoFields control={control} uid={uid} errors={errors} disabled={busy} color={brandColor} />
      <ChoiceField
        control={control}
        field="hasCurrentPlan"
        legend="Do you currently have a Medicare Supplement plan?"
        name={`${uid}-hasCurrentPlan`}
        options={YES_NO_OPTIONS}
        disabled={busy}
        color={brandColor}
      />
      {hasCurrentPlan === "yes" ? (
        <>
          <CarrierSelect
            error={errors.carrierChoice?.message}
            disabled={busy}
            otherValue={OTHER_CARRIER_CHOICE}
            otherLabel="Other"
            {...register("carrierChoice")}
          />
          {carrierChoice === OTHER_CARRIER_CHOICE ? (
            <Field label="Carrier Name" error={errors.currentCarrier?.message}>
              {(controlProps) => (
                <Input {...controlProps} type="text" disabled={busy} {...register("currentCarrier")} />
              )}
            </Field>
          ) : null}
          <Field label="Current Monthly Premium" error={errors.currentPremium?.message}>
            {(controlProps) => (
              <div className="relative">
                <span
                  className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-gray-600"
                  aria-hidden="true"
                >
                  $
                </span>
                <Controller
                  control={control}
                  name="currentPremium"
                  render={({ field }) => (
                    <Input
                      {...controlProps}
                      type="text"
                      inputMode="decimal"
                      placeholder="0.00"
                      className="pl-7"
                      name={field.name}
                      ref={field.ref}
                      onBlur={field.onBlur}
                      value={field.value}
                      disabled={busy}
                      onChange={(e) => field.onChange(premiumInput(e.target.value))}
                    />
                  )}
                />
              </div>
            )}
          </Field>
          <Field label="Plan Type" error={errors.planType?.message}>
            {(controlProps) => (
              <Select {...controlProps} disabled={busy} {...register("planType")}>
                <option value="">Not sure</option>
                {SELF_SERVICE_PLAN_TYPES.map((plan) => (
                  <option key={plan} value={plan}>
                    {plan}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </>
      ) : null}
      <div>
        <Controller
          control={control}
          name="optInQuarterlyUpdates"
          render={({ field }) => (
            <Checkbox
              name={field.name}
              ref={field.ref}
              checked={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              disabled={busy}
              aria-describedby={`${uid}-optIn-hint`}
              label={
                <>
                  Yes, {organization.name} may email me Medicare Supplement quotes around my birthday, my policy
                  anniversary and the enrollment period. I can unsubscribe at any time.
                </>
              }
            />
          )}
        />
        <p id={`${uid}-optIn-hint`} className="mt-1 text-gray-600">
          Optional: you get your quote either way.
        </p>
      </div>
      <ChallengeNote status={challenge.status} />
      <FormError message={formError} />
      <SubmitButton
        label="Get My Quote"
        busyLabel={busyLabel}
        busy={busy}
        disabled={location.status === "loading"}
        color={brandColor}
      />
    </form>
  );
}
