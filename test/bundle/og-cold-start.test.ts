import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateThrowaway, queryLocal, startServer, stopServer } from "../../scripts/lib/wrangler.mjs";
import { readOgCard, storedCardKey } from "../../app/server/og/card.server";
import { signOgPath } from "../../app/server/og/signature.server";
import { freePort } from "../support/free-port";

// Issue 32 (ADR 0035): the share-card renderer, its WebAssembly and its fonts load on the first /og request an
// isolate answers, not at start-up. The Worker as deployed (the build's chunks as wrangler uploads them, ADR 0078, with
// its module rules for .wasm and .woff) answers a card in every script as the first cards of a fresh `wrangler dev`.
// Each card drawn is kept in D1 (ADR 0050), and the next cold server's first /og answers with the kept PNG instead of
// drawing it.

const SECRET = { HASH_SECRET: "og-cold-start-test-secret" };
const PNG_SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];
const TITLES = {
  Latin: "May peace reach every shore → ★",
  Arabic: "أتمنى السلام لعائلتي وفي كل مكان",
  Devanagari: "दुनिया में शांति हो, सबका कल्याण",
  Chinese: "愿世界和平，愿每一个家庭都平安",
};

let persistDir: string;
let server: ReturnType<typeof startServer>;
let base: string;

async function start() {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = startServer({ port, persistTo: persistDir, vars: SECRET });
  await server.ready;
}

/** Stops the server and waits until it has let go of its storage. */
async function stop() {
  const child = server.child;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  stopServer(child);
  await exited;
}

beforeAll(async () => {
  persistDir = mkdtempSync(join(tmpdir(), "quantum-bell-og-cold-"));
  migrateThrowaway(persistDir);
  await start();
}, 180_000);

afterAll(() => {
  stopServer(server?.child);
  rmSync(persistDir, { recursive: true, force: true });
});

const cardPath = (title: string, variant = "bell-101") => signOgPath(SECRET as unknown as Env, `/og?${new URLSearchParams({ title, subtitle: title, variant })}`);
const keyOf = (path: string) => storedCardKey(readOgCard(new URL(path, "http://x.invalid").searchParams, "Quantum Bell"));
const sqlString = (value: string) => `'${value.replaceAll("'", "''")}'`;

async function card(title: string, variant = "bell-101"): Promise<Uint8Array> {
  const path = await cardPath(title, variant);
  const response = await fetch(`${base}${path}`);
  expect(response.status, title).toBe(200);
  expect(response.headers.get("Content-Type"), title).toBe("image/png");
  return new Uint8Array(await response.arrayBuffer());
}

describe("/og after a cold start, in the Worker as deployed", () => {
  it("draws its first cards, in every script, from the renderer it loads then", async () => {
    const drawn = new Map<string, Uint8Array>();
    for (const [script, title] of Object.entries(TITLES)) drawn.set(script, await card(title));
    const plain = new Uint8Array(await (await fetch(`${base}/og?variant=bell-101`)).arrayBuffer());
    for (const [script, png] of drawn) {
      expect([...png.slice(0, 8)], script).toEqual(PNG_SIGNATURE);
      // Each card drew its own text: not the plain card, and not another script's.
      expect(png, script).not.toEqual(plain);
      for (const [other, otherPng] of drawn) if (other !== script) expect(png, `${script} vs ${other}`).not.toEqual(otherPng);
    }
    // No card fell back to the default one (render.server.ts logs each fallback).
    expect(server.output()).not.toContain("og: falling back");
  }, 120_000);

  it("keeps each card drawn, and a new server's first /og answers with the kept PNG without drawing it", async () => {
    const paths = await Promise.all(Object.values(TITLES).map((title) => cardPath(title)));
    await stop();
    // One wrangler run for every card's count (each run starts wrangler and a local D1: about a second).
    const keys = paths.map(keyOf);
    const counts = queryLocal<{ key: string; n: number }>(
      `SELECT key, COUNT(*) AS n FROM og_cards WHERE key IN (${keys.map(sqlString).join(", ")}) GROUP BY key`,
      persistDir,
    );
    for (const [i, path] of paths.entries()) expect(counts.find((row) => row.key === keys[i])?.n, path).toBe(1);
    // A marked PNG in place of the Chinese card: only a server that reads the kept card can answer with it.
    const marked = [...PNG_SIGNATURE, ...new TextEncoder().encode("kept")];
    const hex = Buffer.from(marked).toString("hex");
    queryLocal(`UPDATE og_cards SET png = X'${hex}' WHERE key = ${sqlString(keyOf(paths[3]!))}`, persistDir);
    await start();
    const response = await fetch(`${base}${paths[3]}`);
    expect(response.status).toBe(200);
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual(marked);
  }, 180_000);
});
