import { describe, expect, it } from "vitest";
import { DEFAULT_IBM_POLL_SECONDS, DEFAULT_JOBS_PER_MINUTE, DEFAULT_MAX_QUEUE_MINUTES, ringJobsSettings } from "../../../workers/ring-jobs";

describe("ringJobsSettings", () => {
  it("asks IBM every 10 s, 5 jobs a minute, 3 hours of queue, unless configured", () => {
    const settings = ringJobsSettings({});
    expect(settings.ibmPollMs).toBe(DEFAULT_IBM_POLL_SECONDS * 1000);
    expect(settings.jobsPerMinute).toBe(DEFAULT_JOBS_PER_MINUTE);
    expect(settings.maxQueueMs).toBe(DEFAULT_MAX_QUEUE_MINUTES * 60_000);
  });

  it("reads the operator's numbers, and ignores ones that are not positive", () => {
    expect(ringJobsSettings({ IBM_POLL_SECONDS: "2.5", IBM_JOBS_PER_MINUTE: "3" })).toMatchObject({ ibmPollMs: 2500, jobsPerMinute: 3 });
    expect(ringJobsSettings({ IBM_POLL_SECONDS: "0" }).ibmPollMs).toBe(10_000);
    expect(ringJobsSettings({ IBM_POLL_SECONDS: "soon" }).ibmPollMs).toBe(10_000);
  });
});
