import { prisma } from "@/lib/db";
import { SAMPLE_AGENCY_NAME, seedDemoAgency, seedReferenceData } from "@/lib/demo/seed-demo-agency";

// `npm run seed`: reference data, then the demo agency. Both are idempotent, so running it again is harmless.
async function main() {
  await seedReferenceData();
  const result = await seedDemoAgency({ now: new Date() });
  console.log(
    result.created
      ? `seed: ${SAMPLE_AGENCY_NAME} ready (${result.contacts} contacts, ${result.users} users)`
      : `seed: ${SAMPLE_AGENCY_NAME} already present`,
  );
}

main()
  .then(async () => {
    await prisma.$disconnect();
    process.exit(0);
  })
  .catch(async (error: unknown) => {
    console.error(`seed failed: ${error instanceof Error ? error.message : String(error)}`);
    // The client may never have connected (e.g. DATABASE_URL unset); do not let that mask the real error.
    await prisma.$disconnect().catch(() => undefined);
    process.exit(1);
  });
