"use client";

import Link from "next/link";
import { useCallback, useEffect, useState } from "react";
import { Spinner } from "@/components/ui/spinner";
import { apiCall } from "@/lib/api/browser-client";
import type {
  BillingPlanResponse,
  BillingPortalResponse,
  InvoiceDownloadResponse,
  InvoiceRow,
  PaymentMethodInfo,
} from "@/lib/billing/billing-account";
import { DecodeError, decodeInvoiceStatus, decodeIsoDate } from "@/lib/billing/billing-decode";
import { Button } from "@/components/ui/button";
import { ScrollArea } from "@/components/ui/table";

export const BILLING_TEXT = {
  invoicesFailed: "Failed to load invoices",
  paymentMethodFailed: "Failed to load payment method information.",
  planFailed: "Failed to load plan information. Please try again later.",
  portalFailed: "Failed to open the billing portal. Please try again.",
  downloadFailed: "Failed to download the invoice. Please try again.",
  billingDisabled: "Billing is disabled in this mode",
  noInvoices: "No invoices yet.",
  noPaymentMethod: "No payment method on file.",
} as const;

/** The header's payment status texts (agency-side.md §2 Billing page). */
export const PAYMENT_STATUS_TEXT = {
  paid: "Payments active",
  needs_update: "Payment needs to be updated. Click to update payment information.",
  unknown: "Payment status unknown",
} as const;

export type BillingPaymentStatus = "paid" | "needs_update" | "unknown" | "billing_disabled";

type Invoice = InvoiceRow;
type PaymentMethod = PaymentMethodInfo;
type Plan = BillingPlanResponse["data"];

type Loadable<T> =
  { state: "loading" } | { state: "loaded"; value: T } | { state: "failed"; message: string; detail?: string };

/** The `data` of a billing route's answer (lib/api/browser-client.ts), or an Error with the page's text for it. */
async function getData<T>(url: string, failure: string, method?: string): Promise<T> {
  const result = await apiCall<{ data?: T }>(url, { method });
  if (!result.ok || !("data" in result.body)) throw new Error(failure);
  return result.body.data as T;
}

/** The invoices as the page shows them; a status or date the page does not know is a data error (§5), shown as text. */
function decodeInvoices(data: unknown): Invoice[] {
  if (!Array.isArray(data)) throw new DecodeError("Expected a list of invoices");
  return data.map((invoice: Invoice) => ({
    ...invoice,
    status: decodeInvoiceStatus(invoice.status),
    date: decodeIsoDate(invoice.date),
  }));
}

// Module-level so the effect below does not rerun on each render.
const asIs = <T,>(data: unknown) => data as T;

function useLoad<T>(
  url: string,
  failure: string,
  enabled: boolean,
  decode: (data: unknown) => T = asIs<T>,
): Loadable<T> {
  const [value, setValue] = useState<Loadable<T>>({ state: "loading" });
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    getData<unknown>(url, failure).then(
      (data) => {
        if (cancelled) return;
        try {
          setValue({ state: "loaded", value: decode(data) });
        } catch (error) {
          setValue({
            state: "failed",
            message: failure,
            detail: error instanceof DecodeError ? error.message : undefined,
          });
        }
      },
      () => !cancelled && setValue({ state: "failed", message: failure }),
    );
    return () => {
      cancelled = true;
    };
  }, [url, failure, enabled, decode]);
  return value;
}

const money = (amount: number, currency = "usd") =>
  amount.toLocaleString("en-US", { style: "currency", currency: currency.toUpperCase() });
const BRAND_NAMES: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  other: "Card",
};
const STATUS_STYLE: Record<Invoice["status"], string> = {
  paid: "bg-green-100 text-green-800",
  pending: "bg-amber-100 text-amber-800",
  failed: "bg-red-100 text-red-800",
};

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200" aria-label={title}>
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Failed({ message, detail }: { message: string; detail?: string }) {
  return (
    <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700">
      <p>{message}</p>
      {detail ? <p className="mt-1 text-xs text-red-600">{detail}</p> : null}
    </div>
  );
}

function Loading({ what }: { what: string }) {
  return (
    <p className="flex items-center gap-2 text-sm text-gray-500">
      <Spinner className="h-4 w-4" label={`Loading ${what}`} /> Loading {what}...
    </p>
  );
}

/** The billing page (/stripe): plan, payment method, invoices, payment status and the billing portal. */
export function BillingView({
  paymentStatus,
  isAdmin,
  billingEnabled,
  openUrl = (url) => window.open(url, "_blank", "noopener"),
}: {
  paymentStatus: BillingPaymentStatus;
  isAdmin: boolean;
  billingEnabled: boolean;
  openUrl?: (url: string) => void;
}) {
  const plan = useLoad<Plan>("/api/billing/plan", BILLING_TEXT.planFailed, true);
  const method = useLoad<PaymentMethod | null>(
    "/api/billing/payment-method",
    BILLING_TEXT.paymentMethodFailed,
    billingEnabled,
  );
  const invoices = useLoad<Invoice[]>(
    "/api/billing/invoices",
    BILLING_TEXT.invoicesFailed,
    billingEnabled,
    decodeInvoices,
  );
  const [downloading, setDownloading] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [openingPortal, setOpeningPortal] = useState(false);

  const download = useCallback(
    async (id: string) => {
      setDownloading(id);
      setActionError(null);
      try {
        const { url } = await getData<InvoiceDownloadResponse["data"]>(
          `/api/billing/invoices/${encodeURIComponent(id)}/download`,
          BILLING_TEXT.downloadFailed,
        );
        openUrl(url);
      } catch {
        setActionError(BILLING_TEXT.downloadFailed);
      } finally {
        setDownloading(null);
      }
    },
    [openUrl],
  );

  async function openPortal() {
    setOpeningPortal(true);
    setActionError(null);
    try {
      const { url } = await getData<BillingPortalResponse["data"]>(
        "/api/billing/portal",
        BILLING_TEXT.portalFailed,
        "POST",
      );
      if (!url) throw new Error(BILLING_TEXT.portalFailed);
      openUrl(url);
    } catch {
      setActionError(BILLING_TEXT.portalFailed);
    } finally {
      setOpeningPortal(false);
    }
  }

  const statusText =
    paymentStatus === "billing_disabled" ? BILLING_TEXT.billingDisabled : PAYMENT_STATUS_TEXT[paymentStatus];

  return (
    <div className="space-y-6">
      <div
        className={`flex flex-col gap-3 rounded-lg p-4 ring-1 sm:flex-row sm:items-center sm:justify-between ${paymentStatus === "needs_update" ? "bg-red-50 ring-red-200" : paymentStatus === "paid" ? "bg-green-50 ring-green-200" : "bg-gray-50 ring-gray-200"}`}
      >
        <p className="text-sm font-medium text-gray-800" data-testid="payment-status">
          {statusText}
        </p>
        {paymentStatus === "needs_update" && isAdmin && billingEnabled ? (
          <Button variant="danger" onClick={() => void openPortal()} disabled={openingPortal}>
            Update Payment
          </Button>
        ) : null}
      </div>

      {actionError ? <Failed message={actionError} /> : null}

      <div className="grid gap-6 md:grid-cols-2">
        <Card title="Your plan">
          {plan.state === "loading" ? <Loading what="plan" /> : null}
          {plan.state === "failed" ? <Failed message={plan.message} /> : null}
          {plan.state === "loaded" ? (
            <div className="space-y-1 text-sm text-gray-700">
              <p className="text-2xl font-bold text-gray-900">{plan.value.name}</p>
              <p>{plan.value.priceDescription}</p>
              <p>
                {plan.value.contactCount.toLocaleString("en-US")} contacts · estimated{" "}
                {money(plan.value.estimatedMonthlyTotal)}/month
              </p>
              {isAdmin ? (
                <Link href="/change-plan" className="mt-3 inline-block font-semibold text-brand-600 hover:underline">
                  Change Plan
                </Link>
              ) : null}
            </div>
          ) : null}
        </Card>

        <Card title="Payment method">
          {!billingEnabled ? (
            <p className="text-sm text-gray-600">{BILLING_TEXT.billingDisabled}: no card is needed.</p>
          ) : null}
          {billingEnabled && method.state === "loading" ? <Loading what="payment method" /> : null}
          {billingEnabled && method.state === "failed" ? <Failed message={method.message} /> : null}
          {billingEnabled && method.state === "loaded" ? (
            <div className="space-y-2 text-sm text-gray-700">
              {method.value ? (
                <>
                  <p className="text-base font-semibold text-gray-900">
                    {BRAND_NAMES[method.value.brand] ?? "Card"} •••• {method.value.last4}
                  </p>
                  <p>
                    Expires {String(method.value.expiryMonth).padStart(2, "0")}/{method.value.expiryYear}
                  </p>
                  {method.value.email ? <p>Billing email: {method.value.email}</p> : null}
                </>
              ) : (
                <p>{BILLING_TEXT.noPaymentMethod}</p>
              )}
              {isAdmin && method.value ? (
                <Button variant="secondary" className="mt-2" onClick={() => void openPortal()} disabled={openingPortal}>
                  {openingPortal ? "Opening..." : "Manage Payment Method"}
                </Button>
              ) : null}
            </div>
          ) : null}
        </Card>
      </div>

      <Card title="Invoices">
        {!billingEnabled ? (
          <p className="text-sm text-gray-600">{BILLING_TEXT.billingDisabled}: there are no invoices.</p>
        ) : null}
        {billingEnabled && invoices.state === "loading" ? <Loading what="invoices" /> : null}
        {billingEnabled && invoices.state === "failed" ? (
          <Failed message={invoices.message} detail={invoices.detail} />
        ) : null}
        {billingEnabled && invoices.state === "loaded" && invoices.value.length === 0 ? (
          <p className="text-sm text-gray-600">{BILLING_TEXT.noInvoices}</p>
        ) : null}
        {billingEnabled && invoices.state === "loaded" && invoices.value.length > 0 ? (
          <ScrollArea label="Invoices table" className="-mx-6">
            <table className="min-w-full text-left text-sm">
              <thead className="border-b border-gray-200 text-gray-500">
                <tr>
                  {["Invoice", "Date", "Status", "Amount", "Plan", "Download"].map((h) => (
                    <th key={h} scope="col" className="px-6 py-2 font-medium">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {invoices.value.map((invoice) => (
                  <tr key={invoice.id}>
                    <td className="px-6 py-3 font-medium text-gray-900">{invoice.number ?? invoice.id}</td>
                    <td className="px-6 py-3">{invoice.date.slice(0, 10)}</td>
                    <td className="px-6 py-3">
                      <span
                        className={`rounded-full px-2 py-0.5 text-xs font-semibold capitalize ${STATUS_STYLE[invoice.status]}`}
                      >
                        {invoice.status}
                      </span>
                    </td>
                    <td className="px-6 py-3">{money(invoice.amount, invoice.currency)}</td>
                    <td className="px-6 py-3">{invoice.plan}</td>
                    <td className="px-6 py-3">
                      <Button
                        variant="link"
                        onClick={() => void download(invoice.id)}
                        disabled={downloading === invoice.id}
                        aria-label={`Download invoice ${invoice.number ?? invoice.id}`}
                      >
                        {downloading === invoice.id ? "Downloading..." : "Download"}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollArea>
        ) : null}
      </Card>
    </div>
  );
}
