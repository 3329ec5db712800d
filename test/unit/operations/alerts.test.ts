import { describe, expect, it } from "vitest";
import { ALERT_MIN_INTERVAL_MS, alertMessage, decideAlert, NO_INCIDENT, webhookBody, type AlertState } from "~/domain/alerts";
import { cronTaskProblems, MAIL_DELIVERY_TASK, mailFailuresInARow } from "~/domain/operations";

const MINUTE = 60_000;

/** Runs the alert rule over a series of cron runs, one a minute, and answers what each run sent. */
function runs(series: boolean[], start: AlertState = NO_INCIDENT, t0 = 0): (string | null)[] {
  let state = start;
  return series.map((unhealthy, i) => {
    const { send, next } = decideAlert(state, unhealthy ? ["The database (D1) does not answer."] : [], t0 + i * MINUTE);
    state = next;
    return send;
  });
}

describe("the operator alert's rule (ADR 0111)", () => {
  it("sends an incident once and its recovery once", () => {
    expect(runs([false, true, true, true, false, false])).toEqual([null, "incident", null, null, "recovery", null]);
  });

  it("holds a new incident within the interval after the last message, then sends it if it lasts", () => {
    const flapping = [true, false, true, ...Array<boolean>(ALERT_MIN_INTERVAL_MS / MINUTE).fill(true)];
    const sent = runs(flapping);
    expect(sent.filter(Boolean)).toEqual(["incident", "recovery", "incident"]);
    expect(sent.lastIndexOf("incident") * MINUTE - MINUTE).toBeGreaterThanOrEqual(ALERT_MIN_INTERVAL_MS);
  });

  it("closes an incident nobody was told of without a recovery", () => {
    const recent: AlertState = { incidentSince: null, alertedAt: null, lastSentAt: 0 };
    expect(runs([true, true, false, false], recent, MINUTE)).toEqual([null, null, null, null]);
  });

  it("words one body Slack (text) and Discord (content) both read", () => {
    const message = alertMessage("incident", { name: "Bell", url: "https://bell.example.org" }, ["The Cache API fails."], 0, MINUTE);
    const body = webhookBody("incident", message, ["The Cache API fails."]);
    expect(body.text).toContain("The Cache API fails.");
    expect(body.content).toBe(body.text);
    expect(message.text).toContain("https://bell.example.org/admin/operations");
  });
});

describe("the cron tasks' health rules (ADR 0110)", () => {
  const task = { name: "retention sweep", lastRunAt: 0, lastFailedAt: 0, failure: "see the error log.", failuresInARow: 1 };

  it("names a task that failed in the last ten minutes, and forgets it after", () => {
    expect(cronTaskProblems([task], 10 * MINUTE)).toEqual(['The cron task "retention sweep" failed in the last 10 minutes: see the error log.']);
    expect(cronTaskProblems([task], 10 * MINUTE + 1)).toEqual([]);
  });

  it("counts mails failed in a row until one is sent, and speaks at three", () => {
    expect(mailFailuresInARow(0, { sent: 0, retrying: 2, failed: 0 })).toBe(2);
    expect(mailFailuresInARow(2, { sent: 0, retrying: 0, failed: 1 })).toBe(3);
    expect(mailFailuresInARow(3, { sent: 1, retrying: 1, failed: 0 })).toBe(0);
    const mail = { name: MAIL_DELIVERY_TASK, lastRunAt: 0, lastFailedAt: null, failure: null };
    expect(cronTaskProblems([{ ...mail, failuresInARow: 2 }], 0)).toEqual([]);
    expect(cronTaskProblems([{ ...mail, failuresInARow: 3 }], 0)).toHaveLength(1);
  });
});
