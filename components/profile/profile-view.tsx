"use client";

import Link from "next/link";
import { useEffect, useId, useRef, useState } from "react";
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
  profileRequestBody,
  validateProfile,
  type Profile,
  type ProfileFormValues,
} from "@/lib/profile/profile-schema";

export type ProfileViewProps = {
  productName: string;
  appUrl: string;
  organizationSlug: string;
  userId: string;
  canManageBilling: boolean;
};

type LoadState = { kind: "loading" } | { kind: "failed" } | { kind: "loaded"; saved: ProfileFormValues; forceOrgSenderDetails: boolean; callToActionEditable: boolean };

const COPIED_MS = 2000;


function formValues(profile: Profile): ProfileFormValues {
  const { id: _id, ...rest } = profile;
  return { ...rest, phone: formatPhoneInput(profile.phone) };
}

function CopyLink({ link }: { link: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inputId = useId();
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  async function copy() {
    if (timer.current) clearTimeout(timer.current);
    try {
      if (!navigator.clipboard?.writeText) throw new Error("Clipboard unavailable");
      await navigator.clipboard.writeText(link);
      setState("copied");
      timer.current = setTimeout(() => setState("idle"), COPIED_MS);
    } catch {
      setState("failed");
    }
  }

  return (
    <div>
      <label htmlFor={inputId} className="block text-sm font-medium text-gray-700">
        Your self-onboarding link
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <Input id={inputId} readOnly value={link} onFocus={(e) => e.currentTarget.select()} className="mt-0 bg-gray-50 font-mono text-gray-700" />
        <Button variant="secondary" className="shrink-0" onClick={() => void copy()}>
          {state === "copied" ? "Copied!" : "Copy Link"}
        </Button>
      </div>
      <p aria-live="polite" className="mt-1 min-h-5 text-sm text-red-600">
        {state === "failed" ? PROFILE_MESSAGES.copyFailed : ""}
      </p>
    </div>
  );
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
  const [values, setValues] = useState<ProfileFormValues>(saved);
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<"saved" | "failed" | null>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const bookingRef = useRef<HTMLInputElement>(null);
  const id = useId();

  const changed = profileChanged(saved, values);
  // The call-to-action rules apply only to what the user may set (not under Organization Only, nor when the agency keeps agents' settings).
  const errors = validateProfile(values, { forceOrgSenderDetails: forceOrgSenderDetails || !callToActionEditable });
  const valid = Object.keys(errors).length === 0;
  // Rules are shown once the agent has changed something: a stored profile is never greeted with errors.
  const shown = changed ? errors : {};
  const canSave = changed && valid && !saving;
  const showCallToAction = !forceOrgSenderDetails && callToActionEditable;
  const ownCallToAction = agentControlsCallToAction({ forceOrgSenderDetails, useOrgSenderDetails: values.useOrgSenderDetails });

  const update = (patch: Partial<ProfileFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setResult(null);
  };

  const setPhoneOption = (on: boolean) => {
    update({ phoneEnabled: on, phone: on ? (phoneDigits(values.phone) ? values.phone : PHONE_SEED) : "" });
    if (on) requestAnimationFrame(() => phoneRef.current?.focus());
  };
  const setBookingOption = (on: boolean) => {
    update({ calendarEnabled: on, bookingLink: on ? (normalizeBookingLink(values.bookingLink) ? values.bookingLink : BOOKING_LINK_SEED) : "" });
    if (on) requestAnimationFrame(() => bookingRef.current?.focus());
  };

  async function save() {
    if (!canSave) return;
    setSaving(true);
    setResult(null);
    try {
      const res = await fetch("/api/profile", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(profileRequestBody(values)) });
      if (!res.ok) throw new Error(`Bad status: ${res.status}`);
      const body = (await res.json()) as { profile?: Profile };
      if (!body.profile) throw new Error("Bad body");
      setValues(formValues(body.profile));
      onSaved(body.profile);
      setResult("saved");
    } catch {
      setResult("failed");
    } finally {
      setSaving(false);
    }
  }

  const described = (field: keyof typeof errors) => (shown[field] ? { "aria-invalid": true as const, "aria-describedby": `${id}-${field}-error` } : {});

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      className="space-y-6"
    >
      <Section title="Basic Information">
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-firstName`} className="block text-sm font-medium text-gray-700">
              First Name
            </label>
            <Input id={`${id}-firstName`} autoComplete="given-name" value={values.firstName} onChange={(e) => update({ firstName: e.target.value })} {...described("firstName")} />
            <FieldError id={`${id}-firstName-error`} error={shown.firstName} />
          </div>
          <div>
            <label htmlFor={`${id}-lastName`} className="block text-sm font-medium text-gray-700">
              Last Name
            </label>
            <Input id={`${id}-lastName`} autoComplete="family-name" value={values.lastName} onChange={(e) => update({ lastName: e.target.value })} {...described("lastName")} />
            <FieldError id={`${id}-lastName-error`} error={shown.lastName} />
          </div>
          <div>
            <label htmlFor={`${id}-email`} className="block text-sm font-medium text-gray-700">
              Email
            </label>
            <Input id={`${id}-email`} type="email" value={values.email} readOnly aria-describedby={`${id}-email-note`} className="cursor-not-allowed bg-gray-50 text-gray-500" />
            <p id={`${id}-email-note`} className="mt-1 text-xs text-gray-500">
              Your email is your sign-in and cannot be changed here.
            </p>
          </div>
          <div>
            <label htmlFor={`${id}-phone`} className="block text-sm font-medium text-gray-700">
              Phone
            </label>
            <Input
              ref={phoneRef}
              id={`${id}-phone`}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="(555) 555-5555"
              value={values.phone}
              onChange={(e) => update({ phone: formatPhoneInput(e.target.value) })}

              {...described("phone")}
            />
            <FieldError id={`${id}-phone-error`} error={shown.phone} />
          </div>
        </div>
      </Section>

      <Section title="Agent Self-Onboarding Link" description="Share this link so clients can add themselves to your book of business; they are assigned to you.">
        <CopyLink link={link} />
      </Section>

      {showCallToAction ? (
        <Section title="Call to Action Settings" description="Choose how clients can reach you from their quote pages and emails.">
          <div className="space-y-5">
            <Checkbox
              id={`${id}-useOrg`}
              label="Use my organization's contact details"
              hint="Clients see your agency's phone number and booking link instead of yours."
              checked={values.useOrgSenderDetails}
              onChange={(on) => update({ useOrgSenderDetails: on })}
            />
            {ownCallToAction ? (
              <fieldset className="space-y-4 rounded-lg border border-gray-200 p-4" aria-describedby={shown.contactMethods ? `${id}-contactMethods-error` : undefined}>
                <legend className="px-1 text-sm font-semibold text-gray-900">Contact options</legend>
                <Checkbox id={`${id}-phoneOption`} label="Phone" hint="Clients can call you at the phone number above." checked={values.phoneEnabled} onChange={setPhoneOption} />
                <Checkbox id={`${id}-bookingOption`} label="Calendar Booking Link" hint="Clients can book a call on your calendar." checked={values.calendarEnabled} onChange={setBookingOption} />
                {values.calendarEnabled ? (
                  <div className="pl-7">
                    <label htmlFor={`${id}-bookingLink`} className="block text-sm font-medium text-gray-700">
                      Booking link
                    </label>
                    <Input
                      ref={bookingRef}
                      id={`${id}-bookingLink`}
                      type="url"
                      inputMode="url"
                      placeholder="https://calendly.com/your-name"
                      value={values.bookingLink}
                      onChange={(e) => update({ bookingLink: e.target.value })}

                      {...described("bookingLink")}
                    />
                    <FieldError id={`${id}-bookingLink-error`} error={shown.bookingLink} />
                  </div>
                ) : null}
                {shown.contactMethods ? (
                  <p id={`${id}-contactMethods-error`} role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
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

async function fetchProfile(): Promise<LoadState> {
  try {
    const res = await fetch("/api/profile");
    if (!res.ok) throw new Error(`Bad status: ${res.status}`);
    const body = (await res.json()) as { profile?: Profile; organization?: { forceOrgSenderDetails?: boolean; callToActionEditable?: boolean } };
    if (!body.profile) throw new Error("Bad body");
    return {
      kind: "loaded",
      saved: formValues(body.profile),
      forceOrgSenderDetails: body.organization?.forceOrgSenderDetails ?? true,
      callToActionEditable: body.organization?.callToActionEditable ?? false,
    };
  } catch {
    return { kind: "failed" };
  }
}

/** The Profile page's client part (agency-side.md §2 "Profile"): loads the caller's profile and edits it. */
export function ProfileView({ productName, appUrl, organizationSlug, userId, canManageBilling }: ProfileViewProps) {
  const [state, setState] = useState<LoadState>({ kind: "loading" });
  const [walkthroughOpen, setWalkthroughOpen] = useState(false);
  const link = agentSelfOnboardingLink({ appUrl, organizationSlug, agentId: userId });

  useEffect(() => {
    let cancelled = false;
    void fetchProfile().then((next) => {
      if (!cancelled) setState(next);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">Profile</h1>
          <p className="mt-1 text-sm text-gray-500">Your details and how clients reach you.</p>
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
          <div className="flex items-center justify-center gap-3 rounded-xl bg-white p-12 text-sm text-gray-500 shadow-sm ring-1 ring-gray-200">
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
