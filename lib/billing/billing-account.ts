import "server-only";
import type Stripe from "stripe";
import { AppError } from "@/lib/api/errors";
import { prisma } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { formatDollars, formatPerContact, monthlyPrice, PRICING } from "@/lib/billing/pricing";
import { getStripe, isBillingEnabled, stripeFailure } from "@/lib/billing/stripe-client";
import { idOf } from "@/lib/billing/subscription-sync";
import { bookContactWhere } from "@/lib/contacts/book";
import { isoDate } from "@/lib/calendar/calendar-date";

/**
 * The billing page's calls (agency-side.md §2 Billing page, §7): GET /api/billing/invoices,
 * /payment-method, /plan (each wrapped in `data`), GET /api/billing/invoices/{id}/download → data.url,
 * POST /api/billing/portal → data.url (the Stripe billing portal for the card and invoices).
 * With billing off, or before any checkout, they answer empty data rather than calling Stripe.
 * Only users with the billing flag (User.canManageBilling) get answers: the spec shows billing to them
 * only (§2 "The link to billing appears only for users with a billing flag"); anyone else is refused
 * with 403, before the organization is read.
 */

export const BILLING_MESSAGES = {
  invoicesFailed: "Failed to load invoices",
  paymentMethodFailed: "Failed to load payment method information.",
  planFailed: "Failed to load plan information. Please try again later.",
  portalFailed: "Failed to open the billing portal. Please try again.",
  invoiceNotFound: "Invoice not found.",
  noBillingAccess: "Only users with billing access can see billing.",
} as const;

/** Who is asking: the signed-in user's billing flag, from the database (the wrapper's session user). */
export type BillingViewer = { canManageBilling: boolean };
type BillingCall = { organizationId: string; viewer: BillingViewer };

/** 403 unless the user holds the billing flag. */
export function assertCanManageBilling(viewer: BillingViewer) {
  if (!viewer.canManageBilling) throw new AppError("forbidden", BILLING_MESSAGES.noBillingAccess);
}

export type InvoiceRow = {
  id: string;
  number: string | null;
  date: string;
  status: "pending" | "paid" | "failed";
  amount: number;
  currency: string;
  plan: string;
  pdfUrl: string | null;
};
export type PaymentMethodInfo = {
  id: string;
  type: string;
  last4: string;
  brand: "visa" | "mastercard" | "amex" | "other";
  expiryMonth: number;
  expiryYear: number;
  email: string | null;
};

async function billingOrganization({ organizationId, viewer }: BillingCall) {
  assertCanManageBilling(viewer);
  const org = await prisma.organization.findUnique({
    where: { id: organizationId },
    select: { id: true, billingDisabled: true, stripeCustomerId: true, subscriptionTier: { select: { name: true } } },
  });
  if (!org) throw AppError.notFound("Organization not found.");
  const customerId = isBillingEnabled() && !org.billingDisabled ? org.stripeCustomerId : null;
  return { ...org, customerId };
}

/** Stripe's invoice status → the three the page knows (§3 Invoice: pending, paid, failed). */
export function invoiceStatus(invoice: Pick<Stripe.Invoice, "status" | "attempt_count">): InvoiceRow["status"] {
  if (invoice.status === "paid") return "paid";
  if (
    invoice.status === "uncollectible" ||
    invoice.status === "void" ||
    (invoice.status === "open" && (invoice.attempt_count ?? 0) > 0)
  )
    return "failed";
  return "pending";
}

export function toInvoiceRow(invoice: Stripe.Invoice, planName: string): InvoiceRow {
  return {
    id: invoice.id ?? "",
    number: invoice.number,
    date: isoDate(new Date(invoice.created * 1000)),
    status: invoiceStatus(invoice),
    amount: (invoice.total ?? invoice.amount_due) / 100,
    currency: invoice.currency,
    plan: planName,
    pdfUrl: invoice.invoice_pdf ?? null,
  };
}

export async function listInvoices(call: BillingCall) {
  const org = await billingOrganization(call);
  if (!org.customerId) return { data: [] as InvoiceRow[] };
  try {
    const invoices = await getStripe().invoices.list({ customer: org.customerId, limit: 24 });
    return {
      data: invoices.data.map((invoice) => toInvoiceRow(invoice, org.subscriptionTier?.name ?? "Subscription")),
    };
  } catch (error) {
    throw stripeFailure(BILLING_MESSAGES.invoicesFailed, error);
  }
}

/** GET /api/billing/invoices/{id}/download → {data: {url}}: the PDF of one of this organization's invoices. */
export async function invoiceDownloadUrl({ invoiceId, ...call }: BillingCall & { invoiceId: string }) {
  const org = await billingOrganization(call);
  if (!org.customerId) throw AppError.notFound(BILLING_MESSAGES.invoiceNotFound);
  let invoice: Stripe.Invoice;
  try {
    invoice = await getStripe().invoices.retrieve(invoiceId);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404)
      throw AppError.notFound(BILLING_MESSAGES.invoiceNotFound);
    throw stripeFailure(BILLING_MESSAGES.invoicesFailed, error);
  }
  if (idOf(invoice.customer) !== org.customerId) throw AppError.notFound(BILLING_MESSAGES.invoiceNotFound);
  const url = invoice.invoice_pdf ?? invoice.hosted_invoice_url;
  if (!url) throw AppError.notFound(BILLING_MESSAGES.invoiceNotFound);
  return { data: { url } };
}

const BRANDS = new Set(["visa", "mastercard", "amex"]);

export async function getPaymentMethod(call: BillingCall): Promise<{ data: PaymentMethodInfo | null }> {
  const org = await billingOrganization(call);
  if (!org.customerId) return { data: null };
  try {
    const customer = await getStripe().customers.retrieve(org.customerId, {
      expand: ["invoice_settings.default_payment_method"],
    });
    if (customer.deleted) return { data: null };
    const method = customer.invoice_settings?.default_payment_method;
    if (!method || typeof method === "string" || !method.card) return { data: null };
    return {
      data: {
        id: method.id,
        type: method.type,
        last4: method.card.last4,
        brand: (BRANDS.has(method.card.brand) ? method.card.brand : "other") as PaymentMethodInfo["brand"],
        expiryMonth: method.card.exp_month,
        expiryYear: method.card.exp_year,
        email: method.billing_details?.email ?? customer.email ?? null,
      },
    };
  } catch (error) {
    throw stripeFailure(BILLING_MESSAGES.paymentMethodFailed, error);
  }
}

/** GET /api/billing/plan: the §3 Billing plan, priced by the one pricing model for the current contact count. */
export async function getBillingPlan({ organizationId, viewer }: BillingCall) {
  assertCanManageBilling(viewer);
  const org = await prisma.organization.findUnique({
    where: { id: organizationId },
    select: { subscriptionTier: { select: { name: true } }, extraAgents: true, billingDisabled: true },
  });
  if (!org) throw AppError.notFound("Organization not found.");
  const contactCount = await prisma.contact.count({ where: bookContactWhere(organizationId) });
  const price = monthlyPrice({ contacts: contactCount, extraAgents: org.extraAgents });
  return {
    data: {
      name: org.subscriptionTier?.name ?? "No plan",
      contactCount,
      totalClients: contactCount,
      priceDescription: `${formatDollars(PRICING.basePriceCents)}/month including ${PRICING.includedContacts.toLocaleString("en-US")} contacts, then ${formatPerContact(PRICING.perContactCentiCents)} per contact per month`,
      basePrice: PRICING.basePriceCents / 100,
      contactsIncluded: PRICING.includedContacts,
      pricePerAdditionalContact: PRICING.perContactCentiCents / 10_000,
      platformFee: PRICING.basePriceCents / 100,
      contactTierThreshold: PRICING.includedContacts,
      estimatedMonthlyTotal: price.monthlyTotalCents / 100,
      billingDisabled: org.billingDisabled || !isBillingEnabled(),
    },
  };
}

/** POST /api/billing/portal → {data: {url}}: Stripe's hosted page to change the card and see invoices. */
export async function createBillingPortalSession(call: BillingCall) {
  const org = await billingOrganization(call);
  if (!org.customerId) throw new AppError("bad_request", BILLING_MESSAGES.portalFailed);
  try {
    const session = await getStripe().billingPortal.sessions.create({
      customer: org.customerId,
      return_url: `${getEnv().appUrl}/stripe`,
    });
    return { data: { url: session.url } };
  } catch (error) {
    throw stripeFailure(BILLING_MESSAGES.portalFailed, error);
  }
}

/** The billing page's answers (GET /api/billing/plan, /payment-method, /invoices, /invoices/{id}/download; POST /api/billing/portal). */
export type BillingPlanResponse = Awaited<ReturnType<typeof getBillingPlan>>;
export type PaymentMethodResponse = Awaited<ReturnType<typeof getPaymentMethod>>;
export type InvoicesResponse = Awaited<ReturnType<typeof listInvoices>>;
export type InvoiceDownloadResponse = Awaited<ReturnType<typeof invoiceDownloadUrl>>;
export type BillingPortalResponse = Awaited<ReturnType<typeof createBillingPortalSession>>;
