import { randomBytes } from "node:crypto";
import type { PrismaClient } from "@/lib/generated/prisma/client";

/** Minimal records for tests, written with the owner client (bypassing row-level security). */

const unique = () => randomBytes(4).toString("hex");

export async function createOrganization(prisma: PrismaClient, overrides: { name?: string } = {}) {
  const name = overrides.name ?? `Test Agency ${unique()}`;
  return prisma.organization.create({ data: { name, slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${unique()}` } });
}

export async function createUser(prisma: PrismaClient, organizationId: string, overrides: { isAdmin?: boolean; isAgent?: boolean; isActive?: boolean; email?: string } = {}) {
  const id = unique();
  return prisma.user.create({
    data: {
      organizationId,
      email: overrides.email ?? `agent-${id}@example.test`,
      firstName: "Test",
      lastName: `Agent ${id}`,
      isAdmin: overrides.isAdmin ?? false,
      isAgent: overrides.isAgent ?? true,
      isActive: overrides.isActive ?? true,
    },
  });
}

/** A signed-in user: returns the cookie header value that authenticates as them. */
export async function createSession(prisma: PrismaClient, userId: string, expires = new Date(Date.now() + 86_400_000)) {
  const sessionToken = randomBytes(32).toString("hex");
  await prisma.session.create({ data: { sessionToken, userId, expires } });
  return { sessionToken, cookie: `authjs.session-token=${sessionToken}` };
}

export async function createContact(
  prisma: PrismaClient,
  organizationId: string,
  overrides: Partial<{ firstName: string; lastName: string; email: string; state: string; agentId: string | null }> = {},
) {
  const id = unique();
  return prisma.contact.create({
    data: {
      organizationId,
      firstName: overrides.firstName ?? "Pat",
      lastName: overrides.lastName ?? `Contact ${id}`,
      email: overrides.email ?? `contact-${id}@example.test`,
      state: overrides.state ?? "TX",
      agentId: overrides.agentId ?? null,
    },
  });
}
