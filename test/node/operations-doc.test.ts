import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ALERT_MIN_INTERVAL_MS } from "~/domain/alerts";
import { CRON_TASK_FAILURE_WINDOW_MS, MAIL_FAILURES_IN_A_ROW_BOUND } from "~/domain/operations";
import { RETENTION_DAYS } from "~/domain/retention";
import { RECIPIENT_DAILY_MAIL_CAP, SENDER_RECIPIENT_DAILY_MAIL_CAP } from "~/server/email/outbox.server";
import { HEALTH_POLL_MS, HEALTH_WAIT_MS } from "../../scripts/lib/deploy-health.mjs";

// docs/operations.md states the operator's numbers; each is held here against the constant the code uses (issue 47).
const doc = readFileSync(join(import.meta.dirname, "..", "..", "docs", "operations.md"), "utf8");
const minutes = (ms: number) => ms / 60_000;

describe("docs/operations.md agrees with the code's numbers", () => {
  it("names the mail caps per address", () => {
    expect(doc).toContain(`| mail to one inbox (all its spellings) | ${RECIPIENT_DAILY_MAIL_CAP} visitor mails`);
    expect(doc).toContain(`of which ${SENDER_RECIPIENT_DAILY_MAIL_CAP} from any one network`);
  });

  it("names /healthz's bounds, the alert's interval and the audit trail's period", () => {
    expect(doc).toContain(`failed in the last ${minutes(CRON_TASK_FAILURE_WINDOW_MS)} minutes`);
    expect(doc).toContain(`the last ${MAIL_FAILURES_IN_A_ROW_BOUND} mails (or more) in a row`);
    expect(doc).toContain(`never two within ${minutes(ALERT_MIN_INTERVAL_MS)} minutes`);
    expect(doc).toContain(`deleted ${RETENTION_DAYS.adminAudit} days after they were written`);
  });

  it("names the deploy's health check as scripts/deploy.mjs runs it", () => {
    expect(doc).toContain(`read every ${HEALTH_POLL_MS / 1000} seconds until it answers 200, for\n${minutes(HEALTH_WAIT_MS)} minutes at most`);
  });
});
