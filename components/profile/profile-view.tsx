"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useEffect, useId, useMemo, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { CopyLink } from "@/components/settings/copy-link";
import { recheckOnChange } from "@/components/settings/use-settings-form";
import { Spinner } from "@/components/ui/spinner";
import { WalkthroughModal } from "@/components/walkthrough/walkthrough-modal";
import { Button, buttonClass } from "@/components/ui/button";
import { Section } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { FieldError } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import {
  BOOKING_LINK_SEED,
  PHONE_SEED,
  PROFILE_MESSAGES,
  agentControlsCallToAction,
  agentSelfOnboardingLink,
  formatPhoneInput,
  normalizeBookingLink,
  phoneDigits,
  profileChanged,
  profileFormSchema,
  profileRequestBody,
  type Profile,
  type ProfileErrors,
  type ProfileFormValues,
  type ProfileResponse,
  type UpdateProfileResponse,
} from "@/lib/profile/profile-schema";
import { apiCall } from "@/lib/api/browser-client";
import { setServerFieldErrors } from "@/lib/api/server-field-errors";

export type ProfileViewProps = {
  productName: string;
  appUrl: string;
  organizationSlug: string;
  userId: string;
  canManageBilling: boolean;
  /** The profile as GET /api/profile answers it, when the server page has read it; else the view loads it. */
  initial?: ProfileResponse;
};

type LoadState =
  | { kind: "loading" }
  | { kind: "failed" }
  | { kind: "loaded"; saved: ProfileFormValues; forceOrgSenderDetails: boolean; callToActionEditable: boolean };

function formValues(profile: Profile): ProfileFormValues {
  const { id: _id, ...rest } = profile;
  return { ...rest, phone: formatPhoneInput(profile.phone) };
}

function ProfileForm({
  saved,
  forceOrgSenderDetails,
  callToActionEditable,
  onSaved,
  link,
}: {
  saved: ProfileFormValues;
  forceOrgSenderDetails: boolean;
  callToActionEditable: boolean;
  onSaved: (profile: Profile) => void;
  link: string;
}) {
  const schema = useMemo(
    // The call-to-action rules apply only to what the user may set (not under Organization Only, nor when the agency keeps agents' settings).
    () => profileFormSchema({ forceOrgSenderDetails: forceOrgSenderDetails || !callToActionEditable }),
    [forceOrgSenderDetails, callToActionEditable],
  );
  const {
    control,
    register,
    setValue,
    setFocus,
    setError,
    reset,
    trigger,
    subscribe,
    handleSubmit,
    formState: { errors, isSubmitting: saving },
  } = useForm<ProfileFormValues>({ resolver: zodResolver(schema), defaultValues: saved });
  const values = useWatch({ control }) as ProfileFormValues;
  const [result, setResult] = useState<"saved" | "failed" | null>(null);
  const id = useId();

  // Every change re-checks the whole form: the rules span fields (an option and its detail, one contact method).
  useEffect(() => {
    return recheckOnChange({ subscribe, trigger }, () => setResult(null));
  }, [subscribe, trigger]);

  const changed = profileChanged(saved, values);
  const valid = Object.keys(errors).length === 0;
  // Rules are shown once the agent has changed something: a stored profile is never greeted with errors.
  const shown: ProfileErrors = changed
    ? Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message]))
    : {};
  const canSave = changed && valid && !saving;
  const showCallToAction = !forceOrgSenderDetails && callToActionEditable;
  const ownCallToAction = agentControlsCallToAction({
    forceOrgSenderDetails,
    useOrgSenderDetails: values.useOrgSenderDetails,
  });

  const update = (patch: Partial<ProfileFormValues>) => {
    for (const [key, value] of Object.entries(patch) as [
      keyof ProfileFormValues,
      ProfileFormValues[keyof ProfileFormValues],
    ][])
      setValue(key, value, { shouldDirty: true });
  };

  const setPhoneOption = (on: boolean) => {
    update({ phoneEnabled: on, phone: on ? (phoneDigits(values.phone) ? values.phone : PHONE_SEED) : "" });
    if (on) requestAnimationFrame(() => setFocus("phone"));
  };
  const setBookingOption = (on: boolean) => {
    update({
      calendarEnabled: on,
      bookingLink: on ? (normalizeBookingLink(values.bookingLink) ? values.bookingLink : BOOKING_LINK_SEED) : "",
    });
    if (on) requestAnimationFrame(() => setFocus("bookingLink"));
  };

  const save = async (submitted: ProfileFormValues) => {
    if (!canSave) return;
    setResult(null);
    const response = await apiCall<UpdateProfileResponse>("/api/profile", {
      method: "PUT",
      body: profileRequestBody(submitted),
    });
    if (response.ok && response.body.profile) {
      reset(formValues(response.body.profile));
      onSaved(response.body.profile);
      setResult("saved");
      return;
    }
    if (!response.ok) {
      setServerFieldErrors(response.fields, Object.keys(saved) as (keyof ProfileFormValues)[], setError);
    }
    setResult("failed");
  };

  const described = (field: keyof ProfileErrors) =>
    shown[field] ? { "aria-invalid": true as const, "aria-describedby": `${id}-${field}-error` } : {};

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(save)(event)} className="space-y-6">
      <Section title="Basic Information">
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-firstName`} className="block text-sm font-medium text-gray-700">
              First Name
            </label>
            <Input
              id={`${id}-firstName`}
              autoComplete="given-name"
              {...register("firstName")}
              defaultValue={saved.firstName}
              {...described("firstName")}
            />
            <FieldError id={`${id}-firstName-error`} error={shown.firstName} />
          </div>
          <div>
            <label htmlFor={`${id}-lastName`} className="block text-sm font-medium text-gray-700">
              Last Name
            </label>
            <Input
              id={`${id}-lastName`}
              autoComplete="family-name"
              {...register("lastName")}
              defaultValue={saved.lastName}
              {...described("lastName")}
            />
            <FieldError id={`${id}-lastName-error`} error={shown.lastName} />
          </div>
          <div>
            <label htmlFor={`${id}-email`} className="block text-sm font-medium text-gray-700">
              Email
            </label>
            <Input
              id={`${id}-email`}
              type="email"
              value={values.email}
              readOnly
              aria-describedby={`${id}-email-note`}
              className="cursor-not-allowed"
            />
            <p id={`${id}-email-note`} className="mt-1 text-xs text-gray-600">
              Your email is your sign-in and cannot be changed here.
            </p>
          </div>
          <div>
            <label htmlFor={`${id}-phone`} className="block text-sm font-medium text-gray-700">
              Phone
            </label>
            <Controller
              control={control}
              name="phone"
              render={({ field }) => (
                <Input
                  id={`${id}-phone`}
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  placeholder="(555) 555-5555"
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  value={field.value}
                  onChange={(e) => field.onChange(formatPhoneInput(e.target.value))}
                  {...described("phone")}
                />
              )}
            />
            <FieldError id={`${id}-phone-error`} error={shown.phone} />
          </div>
        </div>
      </Section>

      <Section
        title="Agent Self-Onboarding Link"
        description="Share this link so clients can add themselves to your book of business; they are assigned to you."
      >
        <CopyLink url={link} label="Your self-onboarding link" copiedLabel="Copied!" />
      </Section>

      {showCallToAction ? (
        <Section
          title="Call to Action Settings"
          description="Choose how clients can reach you from their quote pages and emails."
        >
          <div className="space-y-5">
            <Checkbox
              id={`${id}-useOrg`}
              label="Use my organization's contact details"
              hint="Clients see your agency's phone number and booking link instead of yours."
              checked={values.useOrgSenderDetails}
              onChange={(on) => update({ useOrgSenderDetails: on })}
            />
            {ownCallToAction ? (
              <fieldset
                className="space-y-4 rounded-lg border border-gray-200 p-4"
                aria-describedby={shown.contactMethods ? `${id}-contactMethods-error` : undefined}
              >
                <legend className="px-1 text-sm font-semibold text-gray-900">Contact options</legend>
                <Checkbox
                  id={`${id}-phoneOption`}
                  label="Phone"
                  hint="Clients can call you at the phone number above."
                  checked={values.phoneEnabled}
                  onChange={setPhoneOption}
                />
                <Checkbox
                  id={`${id}-bookingOption`}
                  label="Calendar Booking Link"
                  hint="Clients can book a call on your calendar."
                  checked={values.calendarEnabled}
                  onChange={setBookingOption}
                />
                {values.calendarEnabled ? (
                  <div className="pl-7">
                    <label htmlFor={`${id}-bookingLink`} className="block text-sm font-medium text-gray-700">
                      Booking link
                    </label>
                    <Input
                      id={`${id}-bookingLink`}
                      type="url"
                      inputMode="url"
                      placeholder="https://calendly.com/your-name"
                      {...register("bookingLink")}
                      defaultValue={values.bookingLink}

                      {...described("bookingLink")}
                    />
                    <FieldError id={`${id}-bookingLink-error`} error={shown.bookingLink} />
                  </div>
                ) : null}
                {shown.contactMethods ? (
                  <p
                    id={`${id}-contactMethods-error`}
                    role="alert"
                    className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800"
                  >
                    {shown.contactMethods}
                  </p>
                ) : null}
              </fieldset>
            ) : null}
          </div>
        </Section>
      ) : !forceOrgSenderDetails ? (
        <Section title="Call to Action Settings" description={PROFILE_MESSAGES.callToActionManaged}>
          {null}
        </Section>
      ) : null}

      <div className="sticky bottom-0 -mx-4 border-t border-gray-200 bg-white/95 px-4 py-4 backdrop-blur sm:mx-0 sm:rounded-xl sm:border sm:shadow-sm">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div aria-live="polite" className="text-sm">
            {changed && !valid ? <p className="text-red-600">{PROFILE_MESSAGES.fixErrors}</p> : null}
            {result === "failed" ? <p className="text-red-600">{PROFILE_MESSAGES.saveFailed}</p> : null}
            {result === "saved" && !changed ? <p className="text-emerald-700">{PROFILE_MESSAGES.saved}</p> : null}
          </div>
          <Button type="submit" disabled={!canSave} loading={saving} loadingLabel="Saving...">
            Save Changes
          </Button>
        </div>
      </div>
    </form>
  );
}

function loaded(body: ProfileResponse): LoadState {
  return {
    kind: "loaded",
    saved: formValues(body.profile),
    forceOrgSenderDetails: body.organization.forceOrgSenderDetails,
    callToActionEditable: body.organization.callToActionEditable,
  };
}

async function fetchProfile(): Promise<LoadState> {
  const result = await apiCall<ProfileResponse>("/api/profile");
  return result.ok && result.body.profile && result.body.organization ? loaded(result.body) : { kind: "failed" };
}

/** The Profile page's client part (agency-side.md §2 "Profile"): edits the caller's profile (the page reads it; without `initial` the view loads it). */
export function ProfileView({
  productName,
  appUrl,
  organizationSlug,
  userId,
  canManageBilling,
  initial,
}: ProfileViewProps) {
  const [state, setState] = useState<LoadState>(initial ? loaded(initial) : { kind: "loading" });
  const [walkthroughOpen, setWalkthroughOpen] = useState(false);
  const link = agentSelfOnboardingLink({ appUrl, organizationSlug, agentId: userId });

  useEffect(() => {
    if (initial) return;
    let cancelled = false;
    void fetchProfile().then((next) => {
      if (!cancelled) setState(next);
    });
    return () => {
      cancelled = true;
    };
  }, [initial]);

  return (
    <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">Profile</h1>
          <p className="mt-1 text-sm text-gray-600">Your details and how clients reach you.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setWalkthroughOpen(true)}>
            <svg viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4 text-brand-600" aria-hidden="true">
              <path d="M6.3 2.84A1.5 1.5 0 0 0 4 4.11v11.78a1.5 1.5 0 0 0 2.3 1.27l9.34-5.89a1.5 1.5 0 0 0 0-2.54L6.3 2.84Z" />
            </svg>
            Watch Setup Tutorial
          </Button>
          {canManageBilling ? (
            <Link href="/stripe" className={buttonClass()}>
              Billing &amp; Payments
            </Link>
          ) : null}
        </div>
      </div>

      <div className="mt-8">
        {state.kind === "loading" ? (
          <div className="flex items-center justify-center gap-3 rounded-xl bg-white p-12 text-sm text-gray-600 shadow-sm ring-1 ring-gray-200">
            <Spinner className="h-5 w-5 text-brand-600" label="Loading profile" /> Loading profile...
          </div>
        ) : state.kind === "failed" ? (
          <div role="alert" className="rounded-xl bg-red-50 p-8 text-center ring-1 ring-red-200">
            <p className="font-medium text-red-800">{PROFILE_MESSAGES.loadFailed}</p>
            <Button
              variant="danger-outline"
              className="mt-4"
              onClick={() => {
                setState({ kind: "loading" });
                void fetchProfile().then(setState);
              }}
            >
              Try again
            </Button>
          </div>
        ) : (
          <ProfileForm
            saved={state.saved}
            forceOrgSenderDetails={state.forceOrgSenderDetails}
            callToActionEditable={state.callToActionEditable}
            link={link}
            onSaved={(profile) => setState({ ...state, saved: formValues(profile) })}
          />
        )}
      </div>

      <WalkthroughModal productName={productName} open={walkthroughOpen} onClose={() => setWalkthroughOpen(false)} />
    </main>
  );
}
