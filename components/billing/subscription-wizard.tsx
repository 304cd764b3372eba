"use client";

import { useEffect, useId, useState } from "react";
import { Spinner } from "@/components/ui/spinner";
import { apiCall } from "@/lib/api/browser-client";
import type { ChoosePlanInput, ChoosePlanResponse } from "@/lib/billing/choose-plan";
import type {
  CalculateTierResponse,
  OrganizationSubscriptionResponse,
  SubscriptionChangeInput,
  SubscriptionChangeResponse,
  SubscriptionTiersResponse,
} from "@/lib/billing/subscription";
import { formatDollars, formatPerContact, monthlyPrice, PRICING } from "@/lib/billing/pricing";
import { PLAN_PRICE_UNITS, planAllowsAddOns, planAudience, samePriceNote } from "@/lib/billing/plans";
import { calculateTierParamsSchema, SUBSCRIPTION_MESSAGES } from "@/lib/billing/subscription-rules";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

export type TierOption = {
  id: string;
  name: string;
  priceCents: number;
  agentLimit: number;
  contactLimit: number;
  features: string[];
  isContactUs: boolean;
};
type CurrentSubscription = {
  tierId: string | null;
  extraAgents: number;
};
type CustomPricing = {
  contacts: number;
  additionalContacts: number;
  monthlyTotalCents: number;
};

/** Wizard steps (agency-side.md §4 "Subscription wizard"): 0 pick plan, 1 saving, 2 done. */
export type WizardStep = 0 | 1 | 2;

export type SubscriptionWizardProps = {
  mode: "choose" | "change";
  orgSlug: string;
  supportEmail: string;
  billingEnabled: boolean;
  /** ?plan= of /choose-plan: the plan to preselect. */
  initialPlan?: string | null;
  /** Navigation after step 2 (a prop so tests can watch it). */
  onDone?: (redirectUrl: string) => void;
};

/** The body (lib/api/browser-client.ts), or an Error with the wizard's own text for that load. */
async function getJson<T>(url: string, failure: string): Promise<T> {
  const result = await apiCall<T>(url);
  if (!result.ok) throw new Error(failure);
  return result.body;
}

const limitText = (n: number, one: string, many: string) =>
  n < 0 ? `Unlimited ${many}` : `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/**
 * Choose Plan / Change Plan: plan cards (basic, pro, enterprise "contact us"), a custom tier priced by
 * contact count, and the pro-only extra agent seats. No plan caps contacts (docs/billing.md), so there
 * is no contact add-on: the custom tier only prices a book. Choosing saves through POST /api/choose-plan (a new
 * agency) or PUT /api/organizations/{slug}/subscription (a change), then follows the redirect.
 */
export function SubscriptionWizard({
  mode,
  orgSlug,
  supportEmail,
  billingEnabled,
  initialPlan = null,
  onDone = (url) => window.location.assign(url),
}: SubscriptionWizardProps) {
  const [step, setStep] = useState<WizardStep>(0);
  const [tiers, setTiers] = useState<TierOption[] | null>(null);
  const [current, setCurrent] = useState<CurrentSubscription | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(initialPlan);
  const [extraAgents, setExtraAgents] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [customContacts, setCustomContacts] = useState("");
  const [custom, setCustom] = useState<CustomPricing | null>(null);
  const [customError, setCustomError] = useState<string | null>(null);
  const ids = { agents: useId(), custom: useId() };

  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        const { tiers: loaded } = await getJson<SubscriptionTiersResponse>(
          "/api/organizations/subscription-tiers",
          SUBSCRIPTION_MESSAGES.loadTiersFailed,
        );
        if (mode === "change") {
          const subscription = await getJson<OrganizationSubscriptionResponse>(
            "/api/organizations/my-subscription",
            SUBSCRIPTION_MESSAGES.loadCurrentFailed,
          );
          if (cancelled) return;
          setCurrent(subscription);
          setSelected((plan) => plan ?? subscription.tierId);
          setExtraAgents(subscription.extraAgents);
        }
        if (!cancelled) setTiers(loaded);
      } catch (e) {
        if (!cancelled) setLoadError(e instanceof Error ? e.message : SUBSCRIPTION_MESSAGES.loadTiersFailed);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [mode]);

  async function calculateCustomTier() {
    setCustomError(null);
    // The route's own rule (a whole number of contacts); a fraction typed here is rounded down first.
    const parsed = calculateTierParamsSchema.safeParse({
      n: customContacts.trim() === "" ? undefined : Math.floor(Number(customContacts)),
    });
    if (!parsed.success) return setCustomError(SUBSCRIPTION_MESSAGES.customTierFailed);
    const { n } = parsed.data;
    try {
      const { pricing } = await getJson<CalculateTierResponse>(
        `/api/subscription/calculate-tier/${n}`,
        SUBSCRIPTION_MESSAGES.customTierFailed,
      );
      setCustom(pricing);
    } catch (e) {
      setCustomError(e instanceof Error ? e.message : SUBSCRIPTION_MESSAGES.customTierFailed);
    }
  }

  async function save(plan: string | null) {
    setError(null);
    if (!plan) return setError(SUBSCRIPTION_MESSAGES.selectPlan);
    const selected = plan;
    setSelected(plan);
    const addOns = {
      extraAgents: planAllowsAddOns(selected) ? extraAgents : 0,
    };
    if (mode === "change" && current && current.tierId === selected && current.extraAgents === addOns.extraAgents) {
      return setError(SUBSCRIPTION_MESSAGES.noChanges);
    }
    // Choose Plan's catalogue text is 'Failed to save subscription'; Change Plan's is 'Failed to update plan…'.
    const saveFailure = mode === "choose" ? SUBSCRIPTION_MESSAGES.saveFailed : SUBSCRIPTION_MESSAGES.updatePlanFailed;
    setStep(1);
    try {
      const result =
        mode === "choose"
          ? await apiCall<ChoosePlanResponse>("/api/choose-plan", {
              method: "POST",
              body: { plan: selected, orgSlug, ...addOns } satisfies ChoosePlanInput,
            })
          : await apiCall<SubscriptionChangeResponse>(
              `/api/organizations/${encodeURIComponent(orgSlug)}/subscription`,
              { method: "PUT", body: { tierId: selected, ...addOns } satisfies SubscriptionChangeInput },
            );
      if (!result.ok || !result.body.redirectUrl) throw new Error((!result.ok && result.message) || saveFailure);
      setStep(2);
      onDone(result.body.redirectUrl);
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : saveFailure);
      setStep(0);
    }
  }

  if (loadError) {
    return (
      <p role="alert" className="rounded-md bg-red-50 p-4 text-center text-sm text-red-700">
        {loadError}
      </p>
    );
  }
  if (!tiers) {
    return (
      <div className="flex items-center justify-center gap-2 py-16 text-gray-600" role="status">
        <Spinner className="h-5 w-5" label="Loading" /> Loading plans...
      </div>
    );
  }
  if (step === 2) {
    return (
      <div className="flex items-center justify-center gap-2 py-16 text-gray-700" role="status">
        <Spinner className="h-5 w-5" label="Loading" /> Plan saved. Taking you to the next step...
      </div>
    );
  }

  const selectedTier = tiers.find((t) => t.id === selected) ?? null;
  const addOnsAvailable = planAllowsAddOns(selected);
  const estimate =
    selectedTier && !selectedTier.isContactUs
      ? monthlyPrice({
          contacts: custom?.contacts ?? 0,
          extraAgents: addOnsAvailable ? extraAgents : 0,
        })
      : null;

  const sameNote = samePriceNote(tiers);

  return (
    <div className="space-y-8">
      {!billingEnabled ? (
        <p className="rounded-md bg-brand-50 p-3 text-center text-sm text-brand-800 ring-1 ring-brand-100">
          Billing is disabled in this mode: choosing a plan does not charge anything.
        </p>
      ) : null}

      <fieldset>
        <legend className="sr-only">Plan</legend>
        {sameNote ? <p className="mb-4 text-center text-sm text-gray-700">{sameNote}</p> : null}
        <ul className="grid gap-6 md:grid-cols-3">
          {tiers.map((tier) => {
            const isSelected = tier.id === selected;
            const isCurrent = current?.tierId === tier.id;
            return (
              <li
                key={tier.id}
                className={`flex flex-col rounded-xl bg-white p-6 shadow-sm ring-2 ${isSelected ? "ring-brand-600" : "ring-gray-200"}`}
              >
                <div className="flex items-center justify-between">
                  <h2 className="text-lg font-semibold">{tier.name}</h2>
                  {isCurrent ? (
                    <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-700">
                      Current plan
                    </span>
                  ) : null}
                </div>
                <p className="mt-2 text-3xl font-bold">
                  {tier.isContactUs ? (
                    "Contact us"
                  ) : (
                    <>
                      {formatDollars(tier.priceCents)}
                      <span className="text-base font-medium text-gray-500">/month</span>
                    </>
                  )}
                </p>
                {tier.isContactUs ? null : <p className="mt-1 text-xs text-gray-600">{PLAN_PRICE_UNITS}</p>}
                <p className="mt-2 text-sm font-medium text-brand-800">{planAudience(tier)}</p>
                <p className="mt-1 text-sm text-gray-600">
                  {limitText(tier.agentLimit, "agent", "agents")} ·{" "}
                  {tier.contactLimit < 0
                    ? "No contact limit"
                    : `Up to ${tier.contactLimit.toLocaleString("en-US")} contacts`}
                </p>
                <ul className="mt-4 flex-1 space-y-1 text-sm text-gray-600">
                  {tier.features.map((feature) => (
                    <li key={feature}>✓ {feature}</li>
                  ))}
                </ul>
                {tier.isContactUs ? (
                  <a
                    href={`mailto:${supportEmail}?subject=${encodeURIComponent(`${tier.name} plan`)}`}
                    className="mt-6 rounded-md border border-gray-300 px-4 py-2 text-center font-semibold text-gray-700 hover:bg-gray-50"
                  >
                    Contact us
                  </a>
                ) : (
                  <Button
                    variant={isSelected ? "primary" : "secondary"}
                    className="mt-6"
                    onClick={() => void save(tier.id)}
                    disabled={step === 1}
                    loading={step === 1 && isSelected}
                    loadingLabel="Saving..."
                  >
                    {`Choose ${tier.name}`}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>

      <div className="grid gap-6 lg:grid-cols-2">
        <section className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200" aria-labelledby={ids.custom}>
          <h2 id={ids.custom} className="text-lg font-semibold">
            Custom tier
          </h2>
          <p className="mt-1 text-sm text-gray-600">
            How many contacts do you have? We price your book: every plan holds any number of contacts.
          </p>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row">
            <label className="sr-only" htmlFor={`${ids.custom}-input`}>
              Number of contacts
            </label>
            <Input
              id={`${ids.custom}-input`}
              type="number"
              min={0}
              inputMode="numeric"
              value={customContacts}
              onChange={(e) => setCustomContacts(e.target.value)}
              placeholder="e.g. 2500"
              className="sm:max-w-xs"
            />
            <Button variant="secondary" onClick={() => void calculateCustomTier()}>
              Calculate
            </Button>
          </div>
          {customError ? (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {customError}
            </p>
          ) : null}
          {custom ? (
            <p className="mt-3 text-sm text-gray-700" data-testid="custom-tier">
              {custom.contacts.toLocaleString("en-US")} contacts: about{" "}
              <strong>
                {formatDollars(custom.monthlyTotalCents, { alwaysCents: true })}
                /month
              </strong>
              {custom.additionalContacts > 0
                ? ` (${custom.additionalContacts.toLocaleString("en-US")} contacts above the ${PRICING.includedContacts.toLocaleString("en-US")} included, billed per contact)`
                : ` (within the ${PRICING.includedContacts.toLocaleString("en-US")} contacts included)`}
              .
            </p>
          ) : null}
        </section>

        <section className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200" aria-labelledby="add-ons">
          <h2 id="add-ons" className="text-lg font-semibold">
            Pro add-on
          </h2>
          <p className="mt-1 text-sm text-gray-600">Optional, Pro plan only: set it before choosing Pro.</p>
          <div className="mt-3">
            <label htmlFor={ids.agents} className="block text-sm font-medium text-gray-700">
              Extra agents ({formatDollars(PRICING.extraAgentPriceCents)}
              /month each)
            </label>
            <input
              id={ids.agents}
              type="number"
              min={0}
              step={1}
              value={extraAgents}
              onChange={(e) => setExtraAgents(Math.max(0, Math.floor(Number(e.target.value) || 0)))}
              className="mt-1 w-full rounded-md border border-gray-300 px-3 py-2 sm:max-w-xs"
            />
          </div>
          <p className="mt-2 text-xs text-gray-500" data-testid="contacts-billing-note">
            No plan limits contacts: the first {PRICING.includedContacts.toLocaleString("en-US")} are included and each
            contact above that is billed at {formatPerContact(PRICING.perContactCentiCents)} a month, for the contacts
            you actually have.
          </p>
        </section>
      </div>

      {error ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700">
          {error}
        </p>
      ) : null}

      {estimate ? (
        <p className="text-center text-sm text-gray-600">
          {selectedTier?.name}: about {formatDollars(estimate.monthlyTotalCents, { alwaysCents: true })}
          /month{billingEnabled ? "" : " (not charged: billing is disabled)"}
        </p>
      ) : null}
    </div>
  );
}
