import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RING_BATCH_SIZE } from "~/domain/limits";
import { oldestFirst, ringBatch, type BatchCandidate } from "~/domain/ring-batch";
import { WISH_STATUSES, WISH_STATUS, type WishStatus } from "~/domain/statuses";
import { claimRing } from "~/server/rings/claim.server";
import { pendingWishes } from "~/server/wishes/wishes.server";

const RINGER = "ringer-device-hash";
const SOMEONE_ELSE = "another-device-hash";
const BASE = Date.UTC(2026, 10, 27);

interface Row {
  id: string;
  createdAt: number;
  status: WishStatus;
  hidden: boolean;
  ringers: boolean;
}

// Short ids over a few characters and times a few milliseconds apart: ties on created_at, ids of different lengths
// ("10" before "9"), and an own wish whose id and age disagree all come up often.
const row = fc.record({
  id: fc.string({ unit: fc.constantFrom(..."019AZaz"), minLength: 1, maxLength: 3 }),
  createdAt: fc.integer({ min: 0, max: 6 }).map((ms) => BASE + ms),
  status: fc.oneof({ weight: 6, arbitrary: fc.constant<WishStatus>(WISH_STATUS.pending) }, { weight: 1, arbitrary: fc.constantFrom(...WISH_STATUSES) }),
  hidden: fc.oneof({ weight: 6, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  ringers: fc.boolean(),
});

// A set of wishes, and what the ring asks for (at most five, as the API allows): often the ringer's own, also others'
// and ids that are not there.
const scenario = fc.uniqueArray(row, { selector: (wish) => wish.id, maxLength: 14, size: "max" }).chain((rows) => {
  const ids = (list: Row[]) => (list.length ? [fc.constantFrom(...list.map((wish) => wish.id))] : []);
  const asked = fc.oneof(...ids(rows.filter((wish) => wish.ringers)), ...ids(rows), fc.constant("missing"));
  return fc.record({ rows: fc.constant(rows), requestedIds: fc.array(asked, { maxLength: 5 }) });
});

async function seed(rows: Row[]) {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM wishes"),
    env.DB.prepare("DELETE FROM bell_rings"),
    ...rows.map((wish) =>
      env.DB.prepare(
        "INSERT INTO wishes (id, text, theme, status, fingerprint_hash, hidden, created_at) VALUES (?, ?, 'peace', ?, ?, ?, ?)",
      ).bind(wish.id, `Wish ${wish.id}`, wish.status, wish.ringers ? RINGER : SOMEONE_ELSE, wish.hidden ? 1 : 0, wish.createdAt),
    ),
  ]);
}

describe("the batch rule and the SQL that applies it", () => {
  it("the claim chooses the same wishes in the same order for any set of waiting wishes and any request", async () => {
    let ring = 0;
    // What the runs went through, so the property cannot pass by only ever seeing easy cases.
    const seen = { fullRing: 0, ownWishAhead: 0, tieOnTime: 0, emptyRing: 0 };
    await fc.assert(
      fc.asyncProperty(scenario, async ({ rows, requestedIds }) => {
        await seed(rows);
        ring += 1;
        const claim = await claimRing(
          env,
          { id: `ring-${ring}`, createdAt: BASE + 60_000, provider: "simulator", rungByHash: RINGER, rungByNetwork: null, virtual: false },
          { requestedIds },
        );
        const waiting: BatchCandidate[] = rows
          .filter((wish) => wish.status === WISH_STATUS.pending && !wish.hidden)
          .map(({ id, createdAt, ringers }) => ({ id, createdAt, ringers }));
        const expected = ringBatch(waiting, requestedIds);
        expect(claim.claimed.map((wish) => wish.id)).toEqual(expected);

        const oldest = ringBatch(waiting);
        if (waiting.length > RING_BATCH_SIZE) seen.fullRing += 1;
        if (expected.some((id) => !oldest.includes(id))) seen.ownWishAhead += 1;
        if (new Set(waiting.map((wish) => wish.createdAt)).size < waiting.length) seen.tieOnTime += 1;
        if (expected.length === 0) seen.emptyRing += 1;
      }),
      { numRuns: 200 },
    );
    expect(Object.values(seen).every((runs) => runs >= 5), JSON.stringify(seen)).toBe(true);
  });

  it("lists the pending wishes, where your-wish counts its place, in the rule's order", async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ rows }) => {
        await seed(rows);
        const waiting = rows.filter((wish) => wish.status === WISH_STATUS.pending && !wish.hidden);
        expect((await pendingWishes(env)).map((wish) => wish.id)).toEqual([...waiting].sort(oldestFirst).map((wish) => wish.id));
      }),
      { numRuns: 100 },
    );
  });
});
