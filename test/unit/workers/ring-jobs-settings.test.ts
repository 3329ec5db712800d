import { describe, expect, it } from "vitest";
import { parseSettings } from "~/server/edge/settings.server";
import { ringJobsSettings } from "../../../workers/bell-room/ring-job-settings";

const jobs = (raw: Record<string, string>) => ringJobsSettings(parseSettings(raw).settings);

// The figures are written out here, not imported: a changed default must change this test too.
describe("ringJobsSettings", () => {
  it("asks IBM every 10 s, 5 jobs a minute, 3 hours of queue, unless configured", () => {
    expect(jobs({})).toEqual({
      ibmPollMs: 10_000,
      jobsPerMinute: 5,
      maxQueueMs: 3 * 60 * 60_000,
      jobCreateTimeoutMs: 15 * 60_000,
      maxJobsPerRing: 2,
      unknownJobMaxMs: 24 * 3_600_000,
      monthlyBudgetSeconds: null,
    });
  });

  it("reads the operator's numbers, and ignores ones that are not positive", () => {
    expect(
      jobs({
        IBM_POLL_SECONDS: "2.5",
        IBM_JOBS_PER_MINUTE: "3",
        IBM_MAX_QUEUE_MINUTES: "30",
        IBM_JOB_CREATE_TIMEOUT_MS: "5000",
        IBM_MAX_JOBS_PER_RING: "3",
        IBM_UNKNOWN_JOB_MAX_HOURS: "2",
        IBM_MONTHLY_BUDGET_SECONDS: "600",
      }),
    ).toEqual({
      ibmPollMs: 2500,
      jobsPerMinute: 3,
      maxQueueMs: 30 * 60_000,
      jobCreateTimeoutMs: 5000,
      maxJobsPerRing: 3,
      unknownJobMaxMs: 2 * 3_600_000,
      monthlyBudgetSeconds: 600,
    });
    expect(jobs({ IBM_POLL_SECONDS: "0" }).ibmPollMs).toBe(10_000);
    expect(jobs({ IBM_POLL_SECONDS: "soon" }).ibmPollMs).toBe(10_000);
    expect(jobs({ IBM_JOBS_PER_MINUTE: "-1" }).jobsPerMinute).toBe(5);
    expect(jobs({ IBM_MAX_JOBS_PER_RING: "2.5" }).maxJobsPerRing).toBe(2);
    expect(jobs({ IBM_UNKNOWN_JOB_MAX_HOURS: "0.5" }).unknownJobMaxMs).toBe(1_800_000);
  });
});
