// The read model: a ring as its page, the history and the home page's cooldown read it.
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { BELL_HISTORY_PAGE_SIZE, SHOTS } from "~/domain/limits";
import { BATCH_FAILED, BATCH_GAVE_UP, WISH_WITHDRAWN } from "~/domain/messages";
import type { PublicWish } from "~/domain/public-wish";
import { RING_STATUS } from "~/domain/statuses";
import type { DiagramGate, RingHistoryItem, RingStatus, RingView } from "~/domain/ring-view";
import { buildCircuit } from "~/domain/circuit";
import { DEFAULT_LOCALE, type Locale } from "~/domain/locale";
import { ringVerse, type VerseSource } from "~/domain/verse/verse";
import { database } from "../db/client.server";
import { bellRings, wishes } from "../db/schema";
import { toPublicWish, type WishRow } from "../wishes/wishes.server";
import type { BatchWish } from "./claim.server";
import { verseSources } from "./verse.server";

/** A ring's verse as the API, mails and push texts carry it: its lines, one a line; null until it completed. */
export const versePoem = (source: VerseSource | undefined, locale: Locale): string | null => (source ? ringVerse(source, locale)?.join("\n") ?? null : null);

type RingRow = typeof bellRings.$inferSelect;

/** When the bell last really rang (a virtual ring starts no cooldown), or null before the first ring. */
export async function lastRingAt(env: Env): Promise<number | null> {
  const [row] = await database(env)
    .select({ at: sql<number | null>`MAX(${bellRings.createdAt})` })
    .from(bellRings)
    .where(eq(bellRings.virtual, false));
  return row?.at ?? null;
}
/** A page of rings, newest first, each completed ring's `poem` its whole verse in `locale` (ADR 0091). */
export async function ringHistory(env: Env, page: number, pageSize = BELL_HISTORY_PAGE_SIZE, locale: Locale = DEFAULT_LOCALE): Promise<{ history: RingHistoryItem[]; total: number }> {
  const db = database(env);
  const [rings, total] = await Promise.all([
    db
      .select()
      .from(bellRings)
      .orderBy(desc(bellRings.createdAt), desc(bellRings.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.$count(bellRings),
  ]);
  const ids = rings.map((r) => r.id);
  const [members, sources] = await Promise.all([
    ids.length
      ? db
          .select({ id: wishes.id, ringId: wishes.bellRingId })
          .from(wishes)
          .where(and(inArray(wishes.bellRingId, ids), eq(wishes.hidden, false)))
          .orderBy(asc(wishes.createdAt))
      : [],
    verseSources(env, rings.filter((ring) => ring.status === RING_STATUS.completed).map((ring) => ring.id)),
  ]);
  return {
    total,
    history: rings.map((ring) => ({
      id: ring.id,
      wishIds: members.filter((m) => m.ringId === ring.id).map((m) => m.id),
      createdAt: new Date(ring.createdAt).toISOString(),
      status: ring.status as RingStatus,
      poem: versePoem(sources.get(ring.id), locale),
    })),
  };
}

/** The logical circuit of a ring, for the diagram: the same construction the providers run (docs/architecture.md#the-quantum-provider). */
export async function diagramFor(ringId: string, batch: BatchWish[]): Promise<{ qubits: number; gates: DiagramGate[] }> {
  if (batch.length === 0) return { qubits: 0, gates: [] };
  const circuit = await buildCircuit({ ringId, wishes: batch });
  const gates = circuit.gates.filter((g): g is DiagramGate => g.op === "ry" || g.op === "cx" || g.op === "measure");
  return { qubits: circuit.qubits, gates };
}

const SIMULATOR_LABEL = "Built-in simulator (exact state-vector)";

function storedQubits(json: string | null): number[] {
  try {
    const parsed: unknown = json ? JSON.parse(json) : [];
    return Array.isArray(parsed) && parsed.every((q) => Number.isInteger(q)) ? (parsed as number[]) : [];
  } catch {
    return [];
  }
}

/** Visitors get a sentence; the provider's own words (`bell_rings.error`) stay in /admin. */
function publicError(ring: RingRow): string | null {
  if (ring.status === RING_STATUS.failed) return BATCH_GAVE_UP;
  // A running job whose state could not be read is the operator's concern; a job being made again is the visitor's.
  if (ring.status === RING_STATUS.queued && ring.error) return BATCH_FAILED;
  return null;
}

/** A withdrawn wish's place in its ring: no text, name or place of the visitor (ADR 0042). */
function withdrawnWish(row: WishRow): PublicWish {
  return { ...toPublicWish({ ...row, text: WISH_WITHDRAWN, name: null, location: null, country: null, countryCode: null }), withdrawn: true };
}

/** The rotation a withdrawn wish gave its qubit, kept when its text went, so the diagram is still the circuit that ran. */
function keepWithdrawnAngles<T extends { gates: DiagramGate[] }>(diagram: T, rows: WishRow[]): T {
  const gates = diagram.gates.map((gate) => {
    const angle = gate.op === "ry" ? rows[gate.q]?.withdrawnAngle : null;
    return angle === null || angle === undefined ? gate : { ...gate, theta: angle };
  });
  return { ...diagram, gates };
}

export async function getRingView(env: Env, id: string): Promise<RingView | null> {
  const db = database(env);
  const ring = await db.query.bellRings.findFirst({ where: eq(bellRings.id, id) });
  if (!ring) return null;
  // The circuit uses every wish of the ring; the page shows only those not hidden by moderation.
  const rows = await db.select().from(wishes).where(eq(wishes.bellRingId, id)).orderBy(asc(wishes.createdAt), asc(wishes.id));
  const isSimulator = ring.provider === "simulator";
  return {
    id: ring.id,
    status: ring.status as RingStatus,
    createdAt: new Date(ring.createdAt).toISOString(),
    completedAt: ring.completedAt ? new Date(ring.completedAt).toISOString() : null,
    secondsTaken: ring.completedAt && ring.status === RING_STATUS.completed ? Math.max(0, (ring.completedAt - ring.createdAt) / 1000) : null,
    provider: isSimulator ? "simulator" : "ibm",
    providerLabel: isSimulator ? SIMULATOR_LABEL : `IBM Quantum${ring.backend ? ` ${ring.backend}` : ""}`,
    isSimulator,
    backend: ring.backend,
    wishes: rows.filter((row) => !row.hidden || row.withdrawnAt !== null).map((row) => (row.withdrawnAt === null ? toPublicWish(row) : withdrawnWish(row))),
    circuit: keepWithdrawnAngles(await diagramFor(ring.id, rows.map((r) => ({ id: r.id, text: r.text }))), rows),
    bitstring: ring.bitstring,
    counts: ring.counts ? (JSON.parse(ring.counts) as Record<string, number>) : null,
    shots: SHOTS,
    error: publicError(ring),
    attempts: ring.attempts,
    hardware: isSimulator
      ? null
      : {
          backend: ring.backend,
          qpuSeconds: ring.usageFinal ? ring.usageSeconds : null,
          queueSeconds: ring.queueSeconds,
          runSeconds: ring.runSeconds,
          physicalQubits: storedQubits(ring.physicalQubits),
          qasm: ring.qasm,
        },
  };
}
