import { recordAudit } from "@/lib/audit/record-audit";
import { tenantTransaction } from "@/lib/db";
import { setupTestDatabase } from "@/lib/testing/db";
import { createOrganization } from "@/lib/testing/factories";

const db = setupTestDatabase();
const NOW = new Date("2026-11-24T15:00:00Z");

describe("recordAudit", () => {
  it("stores metadata whatever its strings hold: a lone surrogate or a NUL (which jsonb refuses) is replaced, not a failed change", async () => {
    const org = await createOrganization(db.prisma, { now: NOW });
    await tenantTransaction(org.id, (tx) =>
      recordAudit(tx, {
        organizationId: org.id,
        actorUserId: null,
        action: "onboarding.company_saved",
        entityType: "organization",
        entityId: org.id,
        metadata: {
          companyName: "Lone \uD800 Star",
          nested: [{ ["key\uDC00"]: "nul\u0000here" }],
          count: 3,
          flag: true,
          none: null,
        },
      }),
    );
    const row = await db.prisma.auditLog.findFirstOrThrow({ where: { organizationId: org.id } });
    expect(row.metadata).toEqual({
      companyName: "Lone \uFFFD Star",
      nested: [{ ["key\uFFFD"]: "nul\uFFFDhere" }],
      count: 3,
      flag: true,
      none: null,
    });
  });
});
