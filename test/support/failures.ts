import { createExecutionContext, createScheduledController, runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { vi } from "vitest";
import { bellRelay, bellRoom } from "~/server/edge/bell-room-client.server";
import { builtWorker as worker } from "./build";

/**
 * Four places an uncaught error can start (issue 33): a page's loader, the cron, the BellRoom's alarm and a relay's
 * handler. Each failure's message carries personal data (an e-mail address, an IP), which no report may repeat.
 */
export const PERSONAL = { email: "visitor@example.org", ip: "203.0.113.9" };
const failure = (where: string) => new Error(`${where} failed for ${PERSONAL.email} at ${PERSONAL.ip}`);

const brokenDb = (where: string) =>
  new Proxy({} as D1Database, {
    get: () => () => {
      throw failure(where);
    },
  });

export interface LogLine {
  level: string;
  message: string;
  requestId?: string;
  route?: string;
  where?: string;
  error?: string;
  [field: string]: unknown;
}

/** Every line the code under test writes while `run` runs, parsed where it is JSON. */
export async function capturingLogs<T>(run: () => Promise<T>): Promise<{ result: T; lines: LogLine[]; raw: string[] }> {
  const raw: string[] = [];
  const spies = (["log", "warn", "error"] as const).map((level) =>
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void raw.push(args.map(String).join(" "))),
  );
  try {
    const result = await run();
    const lines = raw.flatMap((line) => {
      try {
        return [JSON.parse(line) as LogLine];
      } catch {
        return [];
      }
    });
    return { result, lines, raw };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

export const uncaught = (lines: LogLine[]) => lines.filter((line) => line.message === "uncaught error");

/** A ring page whose loader meets a database that throws. Answers the response and its request id. */
export async function loaderThrows(extra: Partial<Env> = {}) {
  const ctx = createExecutionContext();
  const request = new Request("http://localhost/bell/01ARZ3NDEKTSV4RRFFQ69G5FAV", { headers: { "cf-ray": `8f${Date.now().toString(16)}-LHR` } });
  const response = await worker.fetch(request as Parameters<typeof worker.fetch>[0], { ...env, DB: brokenDb("loader"), ...extra }, ctx);
  await waitOnExecutionContext(ctx);
  return { status: response.status, requestId: response.headers.get("x-request-id") };
}

/** A cron run whose database throws (the mail retry and the heartbeat both need it). */
export async function cronThrows(extra: Partial<Env> = {}) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "* * * * *" }), { ...env, DB: brokenDb("cron"), ...extra }, ctx);
  await waitOnExecutionContext(ctx);
}

/** The BellRoom's alarm, with its job poller throwing. Resolves once the alarm has rejected, as the runtime sees it. */
export async function alarmThrows(): Promise<unknown> {
  return runInDurableObject(bellRoom(env), async (room) => {
    const jobs = (room as unknown as { jobs: { advanceDue: () => Promise<number> } }).jobs;
    const spy = vi.spyOn(jobs, "advanceDue").mockRejectedValue(failure("alarm"));
    try {
      return await room.alarm().then(() => null, (error: unknown) => error);
    } finally {
      spy.mockRestore();
    }
  });
}

/** A relay asked for a socket while accepting sockets throws. */
export async function relayThrows(): Promise<{ error: unknown; ray: string }> {
  const ray = `9a${Date.now().toString(16)}-CDG`;
  const error = await runInDurableObject(bellRelay(env, "relay-0"), async (relay, state) => {
    const spy = vi.spyOn(state, "acceptWebSocket").mockImplementation(() => {
      throw failure("relay");
    });
    try {
      const request = new Request("http://localhost/ws", { headers: { Upgrade: "websocket", Origin: "http://localhost", "cf-ray": ray } });
      return await relay.fetch(request).then(() => null, (error: unknown) => error);
    } finally {
      spy.mockRestore();
    }
  });
  return { error, ray };
}
