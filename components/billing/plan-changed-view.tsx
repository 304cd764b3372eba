import Link from "next/link";
import { PRICING } from "@/lib/billing/pricing";
import { effectiveLimit } from "@/lib/billing/subscription-rules";

/** What the plan-change landing shows: the organization's plan as stored, and the people and contacts in it now. */
export type PlanChangedSummary = {
  tierName: string | null;
  agentLimit: number;
  contactLimit: number;
  extraAgents: number;
  extraContacts: number;
  agentCount: number;
  contactCount: number;
  billingDisabled: boolean;
};

export const PLAN_CHANGED_TEXT = {
  title: "Your Plan Has Been Updated",
  billingOff: "Billing is disabled in this mode: the change does not charge anything.",
  billingOn: "Your next invoice reflects the new plan.",
  nextSteps: "Next Steps",
} as const;

const count = (n: number) => n.toLocaleString("en-US");

/** "3 of 5", or "3 (unlimited)" for a plan without a limit (-1). */
/**
 * The contacts line: no plan caps contacts (docs/billing.md), so it says how many are included and how
 * many are billed per contact; a finite limit (set by an operator) reads like the agents line.
 */
export function contactUsageText(used: number, limit: number): string {
  if (limit !== -1) return usageText(used, limit, 0);
  const billed = Math.max(0, used - PRICING.includedContacts);
  return `${count(used)} (${count(PRICING.includedContacts)} included${billed ? `, ${count(billed)} billed per contact` : ""})`;
}

export function usageText(used: number, limit: number, extra: number): string {
  const allowed = effectiveLimit(limit, extra);
  return allowed === null ? `${count(used)} (unlimited)` : `${count(used)} of ${count(allowed)}`;
}

/** /templanding (agency-side.md §2 Choose Plan: an existing organization lands here after changing its plan). */
export function PlanChangedView({
  summary,
  canManageBilling,
}: {
  summary: PlanChangedSummary;
  canManageBilling: boolean;
}) {
  const steps = [
    { href: "/dashboard", label: "Go to Dashboard", text: "See quotes sent, views and upcoming emails." },
    {
      href: "/settings",
      label: "Review Organization Settings",
      text: "Carriers, states and outreach for your agency.",
    },
    { href: "/add-agents", label: "Manage Agents", text: "Add agents up to your plan's limit." },
    ...(canManageBilling
      ? [{ href: "/stripe", label: "Billing & Payments", text: "Invoices and your payment method." }]
      : []),
  ];
  return (
    <main className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:p-8">
        <span
          className="flex h-12 w-12 items-center justify-center rounded-full bg-emerald-100 text-emerald-700"
          aria-hidden="true"
        >
          <svg viewBox="0 0 20 20" fill="currentColor" className="h-6 w-6">
            <path
              fillRule="evenodd"
              d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
              clipRule="evenodd"
            />
          </svg>
        </span>
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-gray-900">{PLAN_CHANGED_TEXT.title}</h1>
        <p className="mt-2 text-gray-700">
          Your agency is now on the <strong>{summary.tierName ?? "—"}</strong> plan.
        </p>
        <dl className="mt-6 grid gap-4 sm:grid-cols-3" aria-label="Your plan">
          <div className="rounded-lg bg-gray-50 p-4">
            <dt className="text-sm text-gray-500">Plan</dt>
            <dd className="mt-1 text-lg font-semibold text-gray-900">{summary.tierName ?? "—"}</dd>
          </div>
          <div className="rounded-lg bg-gray-50 p-4">
            <dt className="text-sm text-gray-500">Agents</dt>
            <dd className="mt-1 text-lg font-semibold text-gray-900">
              {usageText(summary.agentCount, summary.agentLimit, summary.extraAgents)}
            </dd>
          </div>
          <div className="rounded-lg bg-gray-50 p-4">
            <dt className="text-sm text-gray-500">Contacts</dt>
            <dd className="mt-1 text-lg font-semibold text-gray-900">
              {contactUsageText(summary.contactCount, summary.contactLimit)}
            </dd>
          </div>
        </dl>
        <p className="mt-4 text-sm text-gray-600">
          {summary.billingDisabled ? PLAN_CHANGED_TEXT.billingOff : PLAN_CHANGED_TEXT.billingOn}
        </p>

        <h2 className="mt-8 text-lg font-semibold text-gray-900">{PLAN_CHANGED_TEXT.nextSteps}</h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          {steps.map((step) => (
            <li key={step.href}>
              <Link
                href={step.href}
                className="block min-h-11 rounded-lg border border-gray-200 p-4 hover:border-brand-300 hover:bg-brand-50/40 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
              >
                <span className="font-semibold text-brand-700">{step.label}</span>
                <span className="mt-1 block text-sm text-gray-600">{step.text}</span>
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-sm text-gray-600">
          Not what you wanted?{" "}
          <Link href="/change-plan" className="font-medium text-brand-700 hover:underline">
            Change your plan again
          </Link>
          .
        </p>
      </div>
    </main>
  );
}
