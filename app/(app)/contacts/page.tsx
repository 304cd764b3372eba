import type { Metadata } from "next";
import { Suspense } from "react";
import { ContactList, type ContactListAgent } from "@/components/contacts/list/contact-list";
import { StatCards } from "@/components/contacts/list/stat-cards";
import { ContactsTutorialSlot } from "@/components/contacts/list/add-contacts-slots";
import { listAgents } from "@/lib/agents/list-agents";
import { requirePageAccount } from "@/lib/auth/page-guard";
import { csvUploadContextFor } from "@/components/contacts/csv-upload/csv-upload-context";
import { EMPTY_CONTACT_STATS, getContactStats } from "@/lib/contacts/contact-stats";
import { listContactsQuerySchema } from "@/lib/contacts/list-contacts-query";
import { listContactsForViewer } from "@/lib/contacts/list-contacts-for-viewer";
import { hasSeenContactsTutorial, showContactsTutorial } from "@/lib/profile/contacts-tutorial";

export const metadata: Metadata = { title: "Contacts" };

type SearchParams = Record<string, string | string[] | undefined>;
type Viewer = { id: string; isAdmin: boolean };

/** The four cards stream in after the list; a failure shows zeros (client-side.md §2, §8). */
async function ContactStatsSection({ organizationId, viewer }: { organizationId: string; viewer: Viewer }) {
  const stats = await getContactStats({ organizationId, viewer }).catch(() => EMPTY_CONTACT_STATS);
  return <StatCards stats={stats} />;
}

/** The book of business: stat cards, filters in the URL, one page of the viewer's contacts. */
export default async function ContactsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const account = await requirePageAccount("/contacts");
  const { user, organization } = account;
  const viewer: Viewer = { id: user.id, isAdmin: user.isAdmin };

  const raw = Object.fromEntries(
    Object.entries(await searchParams).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]),
  );
  // A hand-edited URL that does not parse shows the unfiltered first page rather than an error.
  const parsed = listContactsQuerySchema.safeParse(raw);
  const query = parsed.success ? parsed.data : listContactsQuerySchema.parse({});

  const [list, agentList, tutorialSeen, csvUpload] = await Promise.all([
    listContactsForViewer({ organizationId: organization.id, viewer, query, now: new Date() }),
    listAgents({ organizationId: organization.id, viewer }),
    hasSeenContactsTutorial({ organizationId: organization.id, userId: user.id }),
    csvUploadContextFor(account),
  ]);
  const tutorial = showContactsTutorial({
    seen: tutorialSeen,
    total: list.total,
    filtered: Object.values(raw).some((value) => value !== undefined && value !== ""),
  });
  const agents: ContactListAgent[] = agentList.agents.map((a) => ({
    id: a.id,
    name: `${a.firstName} ${a.lastName}`.trim() || a.email,
    isActive: a.is_active,
    isAgent: a.isAgent,
  }));
  const defaultAgent = agentList.agents.find((a) => a.id === agentList.defaultAgentId);
  const defaultAgentName = defaultAgent
    ? `${defaultAgent.firstName} ${defaultAgent.lastName}`.trim() || defaultAgent.email
    : null;

  return (
    <main className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
      <Suspense fallback={<StatCards stats={null} />}>
        <ContactStatsSection organizationId={organization.id} viewer={viewer} />
      </Suspense>
      <ContactList
        contacts={list.contacts}
        total={list.total}
        totalCapped={list.totalCapped}
        page={list.page}
        limit={list.limit}
        filters={{
          // The box shows what was typed; the query holds its normalized form.
          search: parsed.success && typeof raw.search === "string" ? raw.search : undefined,
          states: query.states,
          carriers: query.carriers,
          agentIds: user.isAdmin ? query.agentIds : [],
          ageMin: query.ageMin,
          ageMax: query.ageMax,
          hasViewedQuoteRecently: query.hasViewedQuoteRecently,
          hasCompletedHealthRecently: query.hasCompletedHealthRecently,
        }}
        filterOptions={list.filterOptions}
        agents={agents}
        isAdmin={user.isAdmin}
        defaultAgentName={defaultAgentName}
        csvUpload={csvUpload}
      />
      {tutorial ? <ContactsTutorialSlot csvUpload={csvUpload} /> : null}
    </main>
  );
}
