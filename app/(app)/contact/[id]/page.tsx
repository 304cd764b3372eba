import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ContactDetailView } from "@/components/contacts/detail/contact-detail-view";
import { listAgents } from "@/lib/agents/list-agents";
import { listSettingsCarriers } from "@/lib/settings/reference-data";
import { AppError } from "@/lib/api/errors";
import { requirePageAccount } from "@/lib/auth/page-guard";
import { loadContactPage } from "@/lib/contacts/contact-activity";
import type { ContactPageData } from "@/lib/contacts/contact-schema";

export const metadata: Metadata = { title: "Contact Details" };

/**
 * Contact Details: one contact the viewer may see (agents: their own; anything else is a 404 that reads
 * "Contact not found" with a Back button, ./not-found.tsx), loaded on the server with its activity; edits
 * and deletes go through the API. The status is real because no Suspense boundary (loading.tsx) sits
 * above this page: notFound() is thrown before the first byte is sent.
 */
export default async function ContactPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const account = await requirePageAccount(`/contact/${encodeURIComponent(id)}`);
  const organizationId = account.organization.id;
  const viewer = { id: account.user.id, isAdmin: account.user.isAdmin };

  let data: ContactPageData | null = null;
  let error: string | null = null;
  try {
    data = await loadContactPage({ organizationId, viewer, id, now: new Date() });
  } catch (cause) {
    if (cause instanceof AppError && cause.code === "not_found") notFound();
    if (cause instanceof AppError && cause.code !== "internal") {
      error = cause.message;
    } else {
      // The class only: the message may carry SQL or personal data.
      console.error(
        JSON.stringify({ level: "error", page: "/contact/[id]", error: cause instanceof Error ? cause.name : "Error" }),
      );
      error = "An error occurred";
    }
  }
  // Only what the form needs (names and carriers) goes to the browser.
  const agents = data
    ? (await listAgents({ organizationId, viewer })).agents.map(
        ({ id, firstName, lastName, email, carriers, isDefault }) => ({
          id,
          firstName,
          lastName,
          email,
          carriers,
          isDefault,
        }),
      )
    : [];

  const carriers = data ? await listSettingsCarriers({ organizationId }) : null;
  const knownCarriers = carriers?.carriers.map((carrier) => carrier.name) ?? [];

  return (
    <ContactDetailView
      data={data}
      error={error}
      agents={agents}
      knownCarriers={knownCarriers}
      agencyCarriers={carriers?.contracted ?? []}
      currentUser={viewer}
      isTrial={account.organization.demoMode}
    />
  );
}
