import "server-only";
import { prisma } from "@/lib/db";

/** Read side of the outbox transport, for the /dev/outbox page (never in production). */

export async function listOutboxEmails({ limit = 100 }: { limit?: number } = {}) {
  return prisma.outboxEmail.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    select: { id: true, to: true, originalTo: true, from: true, subject: true, testMode: true, transport: true, status: true, createdAt: true },
  });
}

export async function getOutboxEmail(id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  return prisma.outboxEmail.findUnique({ where: { id } });
}

/** Makes links in a stored email open in the whole window (not inside the preview frame). */
export function htmlForPreview(html: string): string {
  const base = '<base target="_top">';
  const head = html.toLowerCase().indexOf("<head>");
  return head === -1 ? base + html : html.slice(0, head + 6) + base + html.slice(head + 6);
}
