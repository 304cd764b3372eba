import { apiCall as call } from "@/lib/api/browser-client";
import type {
  ContactEmailCheckResponse,
  ContactInput,
  DeleteContactResponse,
  SaveContactResponse,
} from "@/lib/contacts/contact-schema";
import type { ZipLookup } from "@/lib/zip/zip-schema";

/** The contact calls of the form and the detail page (client-side.md §7), answered as results and never thrown (lib/api/browser-client.ts). */

export type { ApiResult } from "@/lib/api/browser-client";

export const createContactRequest = (payload: ContactInput) =>
  call<SaveContactResponse>("/api/contacts/create", { method: "POST", body: payload });

export const updateContactRequest = (
  id: string,
  payload: ContactInput,
  { zipUpdate = false }: { zipUpdate?: boolean } = {},
) =>
  call<SaveContactResponse>(`/api/contacts/${encodeURIComponent(id)}${zipUpdate ? "?zip_update=true" : ""}`, {
    method: "PUT",
    body: payload,
  });

export const deleteContactRequest = (id: string) =>
  call<DeleteContactResponse>(`/api/contacts/${encodeURIComponent(id)}`, { method: "DELETE" });

export const zipLookupRequest = (zip: string, signal?: AbortSignal) =>
  call<ZipLookup>(`/api/zip-lookup/${encodeURIComponent(zip)}`, { signal });

export const sendQuoteEmailRequest = (id: string) =>
  call<{ success: boolean; message?: string }>(`/api/contacts/${encodeURIComponent(id)}/send-quote-email`, {
    method: "POST",
    body: {},
  });

/** POST /api/quotes/generate/{contactId}: a new quote link for the contact (lib/quotes/quote-links.ts). */
export const generateQuoteLinkRequest = (contactId: string) =>
  call<{ quoteId: string; redirectUrl: string }>(`/api/quotes/generate/${encodeURIComponent(contactId)}`, {
    method: "POST",
    body: {},
  });

export function contactEmailCheckUrl(email: string, excludeId?: string | null): string {
  return `/api/contacts/check-email/${encodeURIComponent(email)}${excludeId ? `?excludeId=${encodeURIComponent(excludeId)}` : ""}`;
}

export const contactEmailCheckRequest = (email: string, excludeId: string | null, signal?: AbortSignal) =>
  call<ContactEmailCheckResponse>(contactEmailCheckUrl(email, excludeId), { signal });
