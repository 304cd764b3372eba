import { tenantDb } from "@/lib/db";
import { contactListWhere, listContacts, searchCandidates, type ContactViewer } from "@/lib/contacts/list-contacts";
import { rebuildContactSearchChunks, refreshContactSearchChunks } from "@/lib/contacts/search-chunks";
import { createOrganization, createUser } from "@/lib/testing/factories";
import { setupTestDatabase } from "@/lib/testing/db";

const NOW = new Date("2026-11-20T15:00:00Z");
const RUN = 3; // contacts per run here (1,000 in the app), so that a few dozen contacts make more runs than a stretch walks at once (16)

describe("the contact list's search chunks (contact_search_page)", () => {
  const db = setupTestDatabase();

  /** A deterministic sequence (a test must give the same book every time it runs). */
  function lcg(seed: number) {
    let state = seed;
    return () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  }

  const LAST = ["Abbot", "Baker", "Cole", "Diaz", "Garcia", "Garner", "Hill", "Smith", "Young", "Zeller"];
  const FIRST = ["Ann", "Bob", "Cy", "Di", "Ed", "Marc", "Edgar", "Flo"];

  /** `n` contacts of `organizationId` in an order the list's does not follow, some of them `agentId`'s. */
  async function book(organizationId: string, n: number, seed: number, agentId: string | null = null) {
    const next = lcg(seed);
    const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
    await db.prisma.contact.createMany({
      data: Array.from({ length: n }, (_, i) => {
        const firstName = pick(FIRST);
        const lastName = pick(LAST);
        return {
          organizationId,
          firstName,
          lastName,
          email:
            `${next() < 0.3 ? "garc" : ""}${firstName}.${lastName}${i}@${next() < 0.5 ? "gmail.com" : "son.test"}`.toLowerCase(),
          agentId: agentId !== null && next() < 0.4 ? agentId : null,
        };
      }),
    });
  }

  /** The plain list's ids for `search` (no candidates, no chunks), read by the owner in the list's order. */
  async function plainIds(organizationId: string, viewer: ContactViewer, search: string): Promise<string[]> {
    const rows = await db.prisma.contact.findMany({
      where: contactListWhere({ organizationId, viewer, search, now: NOW }),
      orderBy: [{ lastName: "asc" }, { firstName: "asc" }, { id: "asc" }],
      select: { id: true },
    });
    return rows.map((c) => c.id);
  }

  /** Every page of the list for `search` as the app reads it past the candidate limit (5 here), and whether the chunks served them. */
  async function listedIds(organizationId: string, viewer: ContactViewer, search: string) {
    const ids: string[] = [];
    let fromChunks = true;
    for (let page = 1; page <= 20; page++) {
      const probe = await searchCandidates(tenantDb(organizationId), organizationId, viewer, search, 5, {
        skip: (page - 1) * 25,
        take: 25,
      });
      fromChunks &&= probe !== undefined && ("ids" in probe || probe.pageIds !== undefined);
      const listed = await listContacts({
        db: tenantDb(organizationId),
        organizationId,
        viewer,
        search,
        page,
        limit: 25,
        now: NOW,
        searchCandidateLimit: 5,
      });
      ids.push(...listed.contacts.map((c) => c.id));
      if (listed.contacts.length < 25) break;
    }
    return { ids, fromChunks };
  }

  const TERMS = ["garc", "son", "ed", "marc", "smith", "zell", "son.test", "@gmail", "nobody"];

  async function expectSameAsPlain(organizationId: string, viewer: ContactViewer) {
    for (const term of TERMS) {
      const listed = await listedIds(organizationId, viewer, term);
      expect({ term, ids: listed.ids }).toEqual({ term, ids: await plainIds(organizationId, viewer, term) });
      expect({ term, fromChunks: listed.fromChunks }).toEqual({ term, fromChunks: true });
    }
  }

  async function changesOf(organizationId: string): Promise<number> {
    const [row] = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM contact_search_changes WHERE organization_id = $1",
      [organizationId],
    );
    return row!.n;
  }

  it("gives every page of a broad search exactly as the plain list does, through writes since the build, then absorbs them", async () => {
    const org = await createOrganization(db.prisma, { now: NOW });
    const boss = await createUser(db.prisma, org.id, { now: NOW, isAdmin: true });
    const agent = await createUser(db.prisma, org.id, { now: NOW });
    await book(org.id, 90, 20261130, agent.id);
    // Placeholders and unconfirmed signups are in the runs' texts but never listed.
    const placeholder = await db.prisma.contact.create({
      data: { organizationId: org.id, firstName: "Ed", lastName: "Garcia", email: "temp-1@garc.test", status: "temp" },
    });
    await db.prisma.contact.create({
      data: { organizationId: org.id, firstName: "Ed", lastName: "Baker", email: "ed@garc.test", unverifiedSince: NOW },
    });
    expect(await rebuildContactSearchChunks(org.id, { runSize: RUN })).toBe(Math.ceil(92 / RUN));
    expect(await changesOf(org.id)).toBe(0);

    const bossView = { id: boss.id, isAdmin: true };
    const agentView = { id: agent.id, isAdmin: false };
    await expectSameAsPlain(org.id, bossView);
    await expectSameAsPlain(org.id, agentView);

    // Writes since the build: a contact whose key sorts before every run's first, and one after every run's last;
    // a rename that moves a contact to another run; a new address that puts a term in a run that lacked it;
    // a deletion; a placeholder that joins the book.
    const [first, renamed, readdressed, deleted] = await db.prisma.contact.findMany({
      where: { organizationId: org.id, status: { not: "temp" }, unverifiedSince: null },
      orderBy: [{ lastName: "asc" }, { firstName: "asc" }, { id: "asc" }],
      take: 4,
    });
    await db.prisma.contact.create({
      data: { organizationId: org.id, firstName: "Aaron", lastName: "Aardvark", email: "marc.garc@zeller.test" },
    });
    await db.prisma.contact.create({
      data: { organizationId: org.id, firstName: "Zed", lastName: "Zzyzx", email: "zzyzx@son.test", agentId: agent.id },
    });
    await db.prisma.contact.update({ where: { id: renamed!.id }, data: { lastName: "Youngsmith" } });
    await db.prisma.contact.update({ where: { id: readdressed!.id }, data: { email: "nobody.zell@garc.test" } });
    await db.prisma.contact.delete({ where: { id: deleted!.id } });
    await db.prisma.contact.update({ where: { id: placeholder.id }, data: { status: "New" } });
    // An update that changes neither a name nor the search text records nothing.
    const before = await changesOf(org.id);
    await db.prisma.contact.update({ where: { id: first!.id }, data: { state: "FL" } });
    expect(before).toBe(4);
    expect(await changesOf(org.id)).toBe(4);

    await expectSameAsPlain(org.id, bossView);
    await expectSameAsPlain(org.id, agentView);

    // The rebuild absorbs the changes; the pages stay the plain list's.
    await rebuildContactSearchChunks(org.id, { runSize: RUN });
    expect(await changesOf(org.id)).toBe(0);
    await expectSameAsPlain(org.id, bossView);
  });

  // Two connections are needed, so this runs on the real server (CI's TEST_DATABASE_URL run), not PGlite.
  (process.env.TEST_DATABASE_URL ? it : it.skip)(
    "an organization's first build waits for a contact written in flight, which found no chunks and recorded no change",
    async () => {
      const org = await createOrganization(db.prisma, { now: NOW });
      await book(org.id, 12, 5);
      let commit!: () => void;
      const held = new Promise<void>((resolve) => (commit = resolve));
      let written!: () => void;
      const inserted = new Promise<void>((resolve) => (written = resolve));
      const writer = db.prisma.$transaction(async (tx) => {
        await tx.contact.create({
          data: { organizationId: org.id, firstName: "Ida", lastName: "Inflight", email: "ida@inflight.test" },
        });
        written();
        await held;
      });
      await inserted;
      let builtAt = 0;
      const build = rebuildContactSearchChunks(org.id, { runSize: RUN }).then(() => (builtAt = Date.now()));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(builtAt).toBe(0); // still waiting for the write in flight
      const committedAt = Date.now();
      commit();
      await writer;
      await build;
      expect(builtAt).toBeGreaterThanOrEqual(committedAt);
      expect(await changesOf(org.id)).toBe(0); // the writer found no chunks and recorded nothing…
      const [row] = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM contact_search_chunks WHERE organization_id = $1 AND strpos(texts, 'inflight') > 0",
        [org.id],
      );
      expect(row!.n).toBe(1); // …and the build's snapshot holds it
      expect(await pageAsApp(org.id, "inflight")).toHaveLength(1);
    },
  );

  /** contact_search_page as `app` with app.org_id set to `tenant` (or unset). */
  async function pageAsApp(tenant: string | null, term: string, maxChanges = 100): Promise<string[] | null> {
    await db.query("BEGIN");
    try {
      await db.query("SELECT set_config('app.org_id', $1, true), set_config('role', 'app', true)", [tenant ?? ""]);
      const [row] = await db.query<{ ids: string[] | null }>(
        "SELECT contact_search_page($1, NULL, 0, 100, $2) AS ids",
        [term, maxChanges],
      );
      return row!.ids;
    } finally {
      await db.query("ROLLBACK");
    }
  }

  it("answers only the current organization's ids; nothing to walk without chunks, a tenant, or with too many changes", async () => {
    const a = await createOrganization(db.prisma, { now: NOW });
    const b = await createOrganization(db.prisma, { now: NOW });
    await book(a.id, 30, 1);
    await book(b.id, 30, 2);
    const aSmiths = await plainIds(a.id, { id: "x", isAdmin: true }, "smith");
    expect(aSmiths.length).toBeGreaterThan(0);

    // No chunks yet: NULL (the list walks the name order), and the trigger records nothing.
    expect(await pageAsApp(a.id, "smith")).toBeNull();
    await db.prisma.contact.create({
      data: { organizationId: a.id, firstName: "Al", lastName: "Smith", email: "al@x.test" },
    });
    expect(await changesOf(a.id)).toBe(0);

    await rebuildContactSearchChunks(a.id, { runSize: RUN });
    await rebuildContactSearchChunks(b.id, { runSize: RUN });
    const smiths = await plainIds(a.id, { id: "x", isAdmin: true }, "smith");
    expect(await pageAsApp(a.id, "smith")).toEqual(smiths);
    // B's Smiths are never A's answer; no tenant, no answer; wildcards are literal.
    expect(await pageAsApp(b.id, "smith")).toEqual(await plainIds(b.id, { id: "x", isAdmin: true }, "smith"));
    expect(await pageAsApp(null, "smith")).toBeNull();
    expect(await pageAsApp(a.id, "%")).toEqual([]);
    expect(await pageAsApp(a.id, "_")).toEqual([]);

    // More changes waiting than the caller reads beside the runs: NULL, the list walks the name order.
    await db.prisma.contact.create({
      data: { organizationId: a.id, firstName: "Bo", lastName: "Smith", email: "bo@x.test" },
    });
    expect(await changesOf(a.id)).toBe(1);
    expect(await pageAsApp(a.id, "smith", 0)).toBeNull();
    expect(await pageAsApp(a.id, "smith", 1)).toEqual(await plainIds(a.id, { id: "x", isAdmin: true }, "smith"));
  });

  it("runs as its owner with a pinned search_path; `app` may search the chunks but not rebuild them", async () => {
    const rows = await db.query<{ proname: string; prosecdef: boolean; proconfig: string[] | null; app: boolean }>(
      `SELECT p.proname, p.prosecdef, p.proconfig, has_function_privilege('app', p.oid, 'EXECUTE') AS app
         FROM pg_proc p WHERE p.proname IN ('contact_search_page', 'contact_search_chunks_rebuild') ORDER BY p.proname`,
    );
    expect(rows).toEqual([
      {
        proname: "contact_search_chunks_rebuild",
        prosecdef: true,
        proconfig: ["search_path=pg_catalog, pg_temp", "lock_timeout=10s"],
        app: false,
      },
      { proname: "contact_search_page", prosecdef: true, proconfig: ["search_path=pg_catalog, pg_temp"], app: true },
    ]);
  });

  it("the refresh builds an organization that reached the minimum, and rebuilds one with enough changes waiting", async () => {
    const small = await createOrganization(db.prisma, { now: NOW });
    const large = await createOrganization(db.prisma, { now: NOW });
    await book(small.id, 5, 3);
    await book(large.id, 20, 4);
    const refresh = () => refreshContactSearchChunks({ minContacts: 10, changesToRebuild: 2, runSize: RUN });

    expect((await refresh()).built.filter((id) => id === small.id || id === large.id)).toEqual([large.id]);
    expect((await refresh()).built).not.toContain(large.id); // built, and nothing waiting
    await db.prisma.contact.create({
      data: { organizationId: large.id, firstName: "A", lastName: "B", email: "a@b.test" },
    });
    expect((await refresh()).built).not.toContain(large.id); // one change: read beside the runs
    await db.prisma.contact.create({
      data: { organizationId: large.id, firstName: "C", lastName: "D", email: "c@d.test" },
    });
    expect(await changesOf(large.id)).toBe(2);
    expect((await refresh()).built).toContain(large.id);
    expect(await changesOf(large.id)).toBe(0);
    expect((await refresh()).built).not.toContain(small.id);
  });
});
