import type { Metadata } from "next";
import Link from "next/link";
import { cookies, headers } from "next/headers";
import { notFound } from "next/navigation";
import { hasDevToolsAccess } from "@/lib/dev-tools/dev-access";
import { getOutboxEmail, htmlForPreview, listOutboxEmails } from "@/lib/email/outbox";
import { getEnv } from "@/lib/env";

export const metadata: Metadata = { title: "Outbox", robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

const timeFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "medium" });

function outboxDescription(env: ReturnType<typeof getEnv>): string {
  if (env.isPreview) return "Emails this preview sent, newest first, all marked [PREVIEW]. None reached a client.";
  if (env.parts.email === "outbox")
    return "Emails the app sent in this embedded mode, newest first. Nothing here left this machine.";
  return "Emails the app sent through the email provider, newest first.";
}

export default async function OutboxPage({ searchParams }: { searchParams: Promise<{ id?: string }> }) {
  // Every sign-in link is listed here: only this machine, the access key's holder or the sample agency's admin.
  if (!(await hasDevToolsAccess({ headers: await headers(), cookies: await cookies() }))) notFound();
  const { id } = await searchParams;
  const emails = await listOutboxEmails();
  const selected = id ? await getOutboxEmail(id) : emails[0] ? await getOutboxEmail(emails[0].id) : null;

  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-gray-200 bg-white px-6 py-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h1 className="text-xl font-bold">Outbox</h1>
          <p className="text-sm text-gray-500">{outboxDescription(getEnv())}</p>
        </div>
      </header>
      {emails.length === 0 ? (
        <main className="flex flex-1 items-center justify-center p-6 text-center text-gray-500">
          <p>No emails yet. Sign-in links, quote emails and other messages will appear here as the app sends them.</p>
        </main>
      ) : (
        <main className="grid flex-1 md:grid-cols-[22rem_1fr]">
          <nav
            aria-label="Emails"
            className="max-h-[40vh] overflow-y-auto border-b border-gray-200 md:max-h-none md:border-r md:border-b-0"
          >
            <ul>
              {emails.map((email) => {
                const active = selected?.id === email.id;
                return (
                  <li key={email.id}>
                    <Link
                      href={`/dev/outbox?id=${email.id}`}
                      aria-current={active ? "true" : undefined}
                      className={`block border-b border-gray-100 px-4 py-3 hover:bg-gray-50 ${active ? "bg-brand-50" : ""}`}
                    >
                      <span className="block truncate text-sm font-semibold">{email.subject}</span>
                      <span className="block truncate text-xs text-gray-500">To {email.to}</span>
                      <span className="block text-xs text-gray-600">{timeFormat.format(email.createdAt)}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <section aria-label="Selected email" className="flex min-h-[60vh] flex-col">
            {selected ? (
              <>
                <dl className="grid grid-cols-[5rem_1fr] gap-x-3 gap-y-1 border-b border-gray-200 px-6 py-4 text-sm">
                  <dt className="text-gray-500">Subject</dt>
                  <dd className="font-semibold" data-testid="outbox-subject">
                    {selected.subject}
                  </dd>
                  <dt className="text-gray-500">From</dt>
                  <dd>{selected.from}</dd>
                  <dt className="text-gray-500">To</dt>
                  <dd>
                    {selected.to}
                    {selected.testMode ? (
                      <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-800">
                        test mode, for {selected.originalTo}
                      </span>
                    ) : null}
                  </dd>
                  <dt className="text-gray-500">Sent</dt>
                  <dd>{timeFormat.format(selected.createdAt)}</dd>
                </dl>
                <iframe
                  title={`Email: ${selected.subject}`}
                  srcDoc={htmlForPreview(selected.html)}
                  className="min-h-[36rem] w-full flex-1 bg-gray-100"
                />
              </>
            ) : (
              <p className="p-6 text-gray-500">That email is not in the outbox.</p>
            )}
          </section>
        </main>
      )}
    </div>
  );
}
