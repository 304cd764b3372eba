import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { seedReferenceData } from "@/lib/demo/seed-demo-agency";
import { seedSampleRateBook } from "@/lib/demo/seed-sample-rate-book";

/** The quote the HTTP benchmarks ask for: Austin, TX (78701), all five plans, every supported carrier. */
export const BENCH_QUOTE_BODY = JSON.stringify({
  zip_code: "78701",
  state: "TX",
  age: 70,
  gender: "F",
  tobacco: false,
  carriers: "supported",
  plans: ["F", "G", "N", "HDF", "HDG"],
});

/**
 * Reference data, the SAMPLE rate book, and an agency contracted with every carrier group, with one admin
 * (who is also an agent) signed in: answers the organization, the admin and the session cookie.
 */
export async function createBenchAgency(
  prisma: PrismaClient,
  scratchName: string,
  organization: Partial<Prisma.OrganizationUncheckedCreateInput> = {},
) {
  await seedReferenceData();
  await seedSampleRateBook();
  const groups = [
    ...new Set((await prisma.carrier.findMany({ select: { groupName: true } })).map((c) => c.groupName ?? "")),
  ];
  const org = await prisma.organization.create({
    data: { name: "Bench Agency", slug: `bench-${scratchName}`, carrierContracts: groups, ...organization },
  });
  const admin = await prisma.user.create({
    data: {
      organizationId: org.id,
      email: `admin@${scratchName}.test`,
      firstName: "Bench",
      lastName: "Admin",
      isAdmin: true,
      isAgent: true,
    },
  });
  const sessionToken = `bench-${scratchName}`;
  await prisma.session.create({
    data: { sessionToken, userId: admin.id, expires: new Date(Date.now() + 86_400_000) },
  });
  return { org, admin, cookie: `authjs.session-token=${sessionToken}` };
}
