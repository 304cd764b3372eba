import "../scripts/embedded-tool-env.mjs"; // first: without DATABASE_URL, the embedded database of a running npm start
import { prisma } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { SAMPLE_AGENCY_NAME, seedDemoAgency, seedReferenceData } from "@/lib/demo/seed-demo-agency";
import { seedSampleRateBook } from "@/lib/demo/seed-sample-rate-book";
import { backfillContactCarrierNaics } from "@/lib/carriers/backfill-carrier-naic";

// `npm run seed`: reference data (and the carrier NAIC of contacts that lack one), the sample rate book (only into a database without one), then the demo
// agency. All idempotent, so running it again is harmless. With --deployment (npm run build:deploy) a
// production deployment gets the reference data only: no sample prices, no sample agency.
async function main() {
  await seedReferenceData();
  // Contacts written before every path mapped the carrier to its NAIC group (#16 point 2), with the carriers just seeded.
  const backfilled = await backfillContactCarrierNaics();
  if (backfilled > 0) console.log(`seed: ${backfilled} contacts given their carrier's NAIC group`);
  if (process.argv.includes("--deployment") && getEnv().isProduction) {
    console.log("seed: reference data ready (production: no sample rate book, no sample agency)");
    return;
  }
  if ((await seedSampleRateBook()).loaded)
    console.log("seed: SAMPLE rate book loaded (sample prices, labeled as such)");
  const result = await seedDemoAgency({ now: new Date() });
  console.log(
    result.created
      ? `seed: ${SAMPLE_AGENCY_NAME} ready (${result.contacts} contacts, ${result.users} users)`
      : `seed: ${SAMPLE_AGENCY_NAME} already present`,
  );
}

async function disconnect() {
  // Touching `prisma` creates the client, which throws when DATABASE_URL is unset: that must not mask the real error.
  try {
    await prisma.$disconnect();
  } catch {
    // nothing to close
  }
}

main().then(
  async () => {
    await disconnect();
    process.exit(0);
  },
  async (error: unknown) => {
    console.error(`seed failed: ${error instanceof Error ? error.message : String(error)}`);
    await disconnect();
    process.exit(1);
  },
);
