import type { ContactDetail } from "@/lib/contacts/contact-schema";
import type { ZipLookup } from "@/lib/zip/zip-schema";

/** The contact calls of the form and the detail page (client-side.md §7), answered as results and never thrown. */

type ErrorBody = { error?: { code?: string; message?: string; fields?: Record<string, string[] | undefined> } };
export type ApiResult<T> =
  | { ok: true; status: number; body: T }
  | { ok: false; status: number; message: string | null; fields: Record<string, string[] | undefined> };

async function call<T>(url: string, init: RequestInit = {}): Promise<ApiResult<T>> {
  try {
    const response = await fetch(url, {
      ...init,
      headers: { Accept: "application/json", ...(init.body ? { "Content-Type": "application/json" } : {}), ...init.headers },
    });
    const body = (await response.json().catch(() => null)) as (T & ErrorBody) | null;
    if (response.ok && body) return { ok: true, status: response.status, body };
    return { ok: false, status: response.status, message: body?.error?.message ?? null, fields: body?.error?.fields ?? {} };
  } catch {
    return { ok: false, status: 0, message: null, fields: {} };
  }
}

/** The body of POST /api/contacts/create and PUT /api/contacts/{id}. */
export type ContactPayload = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  zipCode: string | null;
  countyFips: string | null;
  gender: "M" | "F" | null;
  tobaccoUser: boolean;
  birthDate: string | null;
  effectiveDate: string | null;
  currentCarrier: string | null;
  planType: string | null;
  contactOwnerId: string | null;
  agentId?: string | null;
};

export const createContactRequest = (payload: ContactPayload) =>
  call<{ success: true; contact: ContactDetail }>("/api/contacts/create", { method: "POST", body: JSON.stringify(payload) });

export const updateContactRequest = (id: string, payload: ContactPayload, { zipUpdate = false }: { zipUpdate?: boolean } = {}) =>
  call<{ success: true; contact: ContactDetail }>(`/api/contacts/${encodeURIComponent(id)}${zipUpdate ? "?zip_update=true" : ""}`, { method: "PUT", body: JSON.stringify(payload) });

export const deleteContactRequest = (id: string) =>
  call<{ success: true; deleted_ids: string[]; message: string }>(`/api/contacts/${encodeURIComponent(id)}`, { method: "DELETE" });

export const zipLookupRequest = (zip: string, signal?: AbortSignal) => call<ZipLookup>(`/api/zip-lookup/${encodeURIComponent(zip)}`, { signal });

export const sendQuoteEmailRequest = (id: string) =>
  call<{ success: boolean; message?: string }>(`/api/contacts/${encodeURIComponent(id)}/send-quote-email`, { method: "POST", body: JSON.stringify({}) });

/** POST /api/quotes/generate/{contactId}: a new quote link for the contact (lib/quotes/quote-links.ts). */
export const generateQuoteLinkRequest = (contactId: string) =>
  call<{ quoteId: string; redirectUrl: string }>(`/api/quotes/generate/${encodeURIComponent(contactId)}`, { method: "POST", body: JSON.stringify({}) });

export function contactEmailCheckUrl(email: string, excludeId?: string | null): string {
  return `/api/contacts/check-email/${encodeURIComponent(email)}${excludeId ? `?excludeId=${encodeURIComponent(excludeId)}` : ""}`;
}
