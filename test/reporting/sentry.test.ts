import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import type { ReceivedEnvelope } from "../fakes/sentry-server";
import { alarmThrows, capturingLogs, cronThrows, loaderThrows, PERSONAL, relayThrows, uncaught } from "../support/failures";

// SENTRY_DSN points at the stand-in Sentry (vitest.reporting.config.ts): each uncaught error is one envelope there,
// sent by toucan-js over real HTTP, scrubbed of personal data.
const standIn = env.SENTRY_FAKE_URL!;

async function envelopes(): Promise<ReceivedEnvelope[]> {
  return (await (await fetch(`${standIn}/__envelopes`)).json()) as ReceivedEnvelope[];
}

function event(envelope: ReceivedEnvelope) {
  const item = envelope.items.find((candidate) => candidate.header.type === "event");
  expect(item, "an event item").toBeDefined();
  return item!.payload as {
    event_id: string;
    tags: Record<string, string>;
    exception: { values: { type: string; value: string }[] };
    environment: string;
    user?: unknown;
    request?: unknown;
  };
}

function expectOneScrubbedEvent(received: ReceivedEnvelope[], where: string, requestId: string) {
  expect(received).toHaveLength(1);
  const sent = event(received[0]);
  expect(received[0].header.event_id).toBe(sent.event_id);
  expect(sent.tags).toMatchObject({ where, request_id: requestId });
  expect(sent.exception.values[0].value).toContain("[email] at [ip]");
  expect(sent.environment).toBe("local");
  expect(sent.user).toBeUndefined();
  expect(sent.request).toBeUndefined();
  const text = JSON.stringify(received);
  expect(text).not.toContain(PERSONAL.email);
  expect(text).not.toContain(PERSONAL.ip);
}

beforeEach(async () => {
  await fetch(`${standIn}/__envelopes`, { method: "DELETE" });
});

describe("an uncaught error, with SENTRY_DSN set", () => {
  it("in a loader: one envelope, tagged with the request id the answer carries", async () => {
    const { result } = await capturingLogs(() => loaderThrows());
    expectOneScrubbedEvent(await envelopes(), "remix", result.requestId!);
  });

  it("in the cron: one envelope for the run", async () => {
    const { lines } = await capturingLogs(() => cronThrows());
    expectOneScrubbedEvent(await envelopes(), "cron", uncaught(lines)[0].requestId!);
  });

  it("in the BellRoom's alarm: one envelope", async () => {
    const { lines } = await capturingLogs(() => alarmThrows());
    expectOneScrubbedEvent(await envelopes(), "BellRoom.alarm", uncaught(lines)[0].requestId!);
  });

  it("in a relay's handler: one envelope", async () => {
    const { result } = await capturingLogs(() => relayThrows());
    expectOneScrubbedEvent(await envelopes(), "BellRelay.fetch", result.ray);
  });

  it("none when SENTRY_DSN is empty", async () => {
    await capturingLogs(() => loaderThrows({ SENTRY_DSN: "" }));
    await capturingLogs(() => cronThrows({ SENTRY_DSN: "" }));
    expect(await envelopes()).toEqual([]);
  });
});
