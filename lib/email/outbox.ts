import "server-only";
import { prisma } from "@/lib/db";

/** Read side of the outbox transport, for the /dev/outbox page (never in production). */

export async function listOutboxEmails({ limit = 100 }: { limit?: number } = {}) {
  return prisma.outboxEmail.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    select: {
      id: true,
      to: true,
      originalTo: true,
      from: true,
      subject: true,
      testMode: true,
      transport: true,
      status: true,
      createdAt: true,
    },
  });
}

export async function getOutboxEmail(id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  return prisma.outboxEmail.findUnique({ where: { id } });
}

/**
 * Makes links in a stored email open in the whole window, neither inside the preview frame nor in a
 * new tab (React Email's buttons carry target="_blank"): following a sign-in link from the outbox
 * then signs you in right there.
 */
export function htmlForPreview(html: string): string {
  const base = '<base target="_top">';
  const retargeted = html.replace(/\starget=(["'])_blank\1/gi, ' target="_top"');
  const head = retargeted.toLowerCase().indexOf("<head>");
  return head === -1 ? base + retargeted : retargeted.slice(0, head + 6) + base + retargeted.slice(head + 6);
}
