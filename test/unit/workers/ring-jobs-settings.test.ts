import { describe, expect, it } from "vitest";
import { parseSettings } from "~/server/settings.server";
import { DEFAULT_IBM_POLL_SECONDS, DEFAULT_JOBS_PER_MINUTE, DEFAULT_MAX_QUEUE_MINUTES, ringJobsSettings } from "../../../workers/ring-jobs";

const jobs = (raw: Record<string, string>) => ringJobsSettings(parseSettings(raw).settings);

describe("ringJobsSettings", () => {
  it("asks IBM every 10 s, 5 jobs a minute, 3 hours of queue, unless configured", () => {
    const settings = jobs({});
    expect(settings.ibmPollMs).toBe(DEFAULT_IBM_POLL_SECONDS * 1000);
    expect(settings.jobsPerMinute).toBe(DEFAULT_JOBS_PER_MINUTE);
    expect(settings.maxQueueMs).toBe(DEFAULT_MAX_QUEUE_MINUTES * 60_000);
  });

  it("reads the operator's numbers, and ignores ones that are not positive", () => {
    expect(jobs({ IBM_POLL_SECONDS: "2.5", IBM_JOBS_PER_MINUTE: "3" })).toMatchObject({ ibmPollMs: 2500, jobsPerMinute: 3 });
    expect(jobs({ IBM_POLL_SECONDS: "0" }).ibmPollMs).toBe(10_000);
    expect(jobs({ IBM_POLL_SECONDS: "soon" }).ibmPollMs).toBe(10_000);
  });

  it("keeps the ring's job ceiling, the unknown-job hours and the budget the operator set", () => {
    expect(jobs({ IBM_MAX_JOBS_PER_RING: "3", IBM_UNKNOWN_JOB_MAX_HOURS: "0.5", IBM_MONTHLY_BUDGET_SECONDS: "600" })).toMatchObject({
      maxJobsPerRing: 3,
      unknownJobMaxMs: 1_800_000,
      monthlyBudgetSeconds: 600,
    });
    expect(jobs({ IBM_MAX_JOBS_PER_RING: "2.5" }).maxJobsPerRing).toBe(2);
  });
});
