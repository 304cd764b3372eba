import { announceRescheduleQueued } from "@/lib/jobs/announce-reschedule";

const send = jest.fn();
let jobs: "ticker" | "inngest" | "cron" = "inngest";
jest.mock("@/lib/env", () => ({ getEnv: () => ({ parts: { jobs } }) }));
jest.mock("@/inngest/client", () => ({ inngest: { send: (event: unknown) => send(event) } }));

describe("announcing a queued reschedule", () => {
  beforeEach(() => send.mockReset());

  it("sends outreach/organization.changed with the organization's id only, when Inngest runs the jobs", async () => {
    jobs = "inngest";
    await announceRescheduleQueued("org-1");
    expect(send).toHaveBeenCalledWith({ name: "outreach/organization.changed", data: { organizationId: "org-1" } });
  });

  it("sends nothing when the ticker or the cron route takes queued runs", async () => {
    for (const mode of ["ticker", "cron"] as const) {
      jobs = mode;
      await announceRescheduleQueued("org-1");
    }
    expect(send).not.toHaveBeenCalled();
  });

  it("a failed send loses nothing and fails nothing: the run stays queued for the sweep", async () => {
    jobs = "inngest";
    send.mockRejectedValueOnce(new Error("Inngest is down"));
    const warn = jest.spyOn(console, "error").mockImplementation(() => {});
    await expect(announceRescheduleQueued("org-1")).resolves.toBeUndefined();
    expect(String(warn.mock.calls[0]?.[0])).toContain("reschedule_announce_failed");
    warn.mockRestore();
  });
});
