import { randomBytes } from "node:crypto";
import type { PrismaClient } from "@/lib/generated/prisma/client";

/**
 * Minimal records for tests, written with the owner client (bypassing row-level security).
 * Every factory takes the test's `now` and stamps createdAt/updatedAt (and a session's expiry) from it,
 * never from the clock the test happens to run on: code under test reads these times (contacts added
 * before going live get a welcome email, a session is valid until it expires).
 */

const unique = () => randomBytes(4).toString("hex");
const DAY_MS = 86_400_000;

/** The moment a record is written, in the test's time. */
type Now = { now: Date };
const stamped = ({ now }: Now) => ({ createdAt: now, updatedAt: now });

export async function createOrganization(
  prisma: PrismaClient,
  options: Now & { name?: string; postalAddress?: string },
) {
  const name = options.name ?? `Test Agency ${unique()}`;
  return prisma.organization.create({
    data: {
      name,
      slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${unique()}`,
      postalAddress: options.postalAddress ?? null,
      ...stamped(options),
    },
  });
}

export async function createUser(
  prisma: PrismaClient,
  organizationId: string,
  options: Now & {
    isAdmin?: boolean;
    isAgent?: boolean;
    isActive?: boolean;
    canManageBilling?: boolean;
    email?: string;
  },
) {
  const id = unique();
  return prisma.user.create({
    data: {
      organizationId,
      email: options.email ?? `agent-${id}@example.test`,
      firstName: "Test",
      lastName: `Agent ${id}`,
      isAdmin: options.isAdmin ?? false,
      isAgent: options.isAgent ?? true,
      isActive: options.isActive ?? true,
      // As signup and the seed do: an agency's admin holds the billing flag, agents do not.
      canManageBilling: options.canManageBilling ?? options.isAdmin ?? false,
      ...stamped(options),
    },
  });
}

/**
 * A signed-in user: returns the cookie header value that authenticates as them. The session is created
 * at `now` and expires a day later unless `expires` says otherwise.
 */
export async function createSession(prisma: PrismaClient, userId: string, options: Now & { expires?: Date }) {
  const sessionToken = randomBytes(32).toString("hex");
  const expires = options.expires ?? new Date(options.now.getTime() + DAY_MS);
  await prisma.session.create({ data: { sessionToken, userId, expires, ...stamped(options) } });
  return { sessionToken, cookie: `authjs.session-token=${sessionToken}` };
}

export async function createContact(
  prisma: PrismaClient,
  organizationId: string,
  options: Now & Partial<{ firstName: string; lastName: string; email: string; state: string; agentId: string | null }>,
) {
  const id = unique();
  return prisma.contact.create({
    data: {
      organizationId,
      firstName: options.firstName ?? "Pat",
      lastName: options.lastName ?? `Contact ${id}`,
      email: options.email ?? `contact-${id}@example.test`,
      state: options.state ?? "TX",
      agentId: options.agentId ?? null,
      ...stamped(options),
    },
  });
}
