import { existsSync } from "node:fs";
import { join } from "node:path";
import ContactPage from "@/app/(app)/contact/[id]/page";
import { seedPlans } from "@/lib/demo/seed-demo-agency";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createOrganization, createSession, createUser } from "@/lib/testing/factories";

const db = setupTestDatabase();
// The page checks the session against the wall clock; the records are stamped with it.
const now = new Date();

// The page reads the session cookie through next/headers; each test sets it.
const request = { cookies: new Map<string, { value: string }>() };
jest.mock("next/headers", () => ({ cookies: async () => ({ get: (name: string) => request.cookies.get(name) }) }));

const notFound = { digest: expect.stringContaining("404") };
const open = (id: string) => ContactPage({ params: Promise.resolve({ id }) });

async function readyAgency() {
  const org = await createOrganization(db.prisma, { now });
  await db.prisma.organization.update({
    where: { id: org.id },
    data: { subscriptionTierId: "pro", onboardingCompleted: true },
  });
  return org;
}
async function signInAs(organizationId: string, isAdmin: boolean) {
  const user = await createUser(db.prisma, organizationId, { now, isAdmin });
  const { sessionToken } = await createSession(db.prisma, user.id, { now });
  request.cookies.set("authjs.session-token", { value: sessionToken });
  return user;
}

beforeAll(() => seedPlans());
afterEach(() => request.cookies.clear());

describe("/contact/{id}", () => {
  it("is a 404 (notFound) for another organization's contact, another agent's, a missing or malformed id", async () => {
    const orgA = await readyAgency();
    const orgB = await readyAgency();
    const elsewhere = await createContact(db.prisma, orgA.id, { now });
    const colleague = await createUser(db.prisma, orgB.id, { now, isAdmin: false });
    const theirs = await createContact(db.prisma, orgB.id, { now, agentId: colleague.id });

    await signInAs(orgB.id, true);
    await expect(open(elsewhere.id)).rejects.toMatchObject(notFound);
    await expect(open("0b0f6a1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b")).rejects.toMatchObject(notFound);
    await expect(open("not-an-id")).rejects.toMatchObject(notFound);
    // The admin sees the agency's own contact.
    await expect(open(theirs.id)).resolves.toBeTruthy();

    await signInAs(orgB.id, false);
    await expect(open(theirs.id)).rejects.toMatchObject(notFound);
  });

  it("has no loading boundary above it, so the 404 is the response's status, not a 200 that streams it", () => {
    // A loading.tsx wraps everything below its folder in Suspense: the response starts (200) before the page runs.
    for (const folder of [
      "app",
      "app/(app)",
      "app/(app)/contact",
      "app/(app)/contact/[id]",
      "app/(public)",
      "app/(public)/self-onboarding",
      "app/(public)/self-onboarding/[orgSlug]",
    ]) {
      expect([folder, existsSync(join(process.cwd(), folder, "loading.tsx"))]).toEqual([folder, false]);
    }
  });
});
