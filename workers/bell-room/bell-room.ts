import { DurableObject } from "cloudflare:workers";
import { monotonicFactory } from "ulidx";
import { appError, type AppError } from "~/domain/app-error";
import { ERROR_CODE } from "~/domain/error-codes";
import { bellMoment, cooldownRetrySeconds, drawOrder } from "~/domain/fair-bell";
import { networkRingRules } from "~/domain/limits";
import { QUANTUM_NOT_CONFIGURED, QUANTUM_UNREACHABLE, RING_NETWORK_LIMITED, RING_NONE_PENDING, RING_OUT_OF_CREDITS, RING_COOLDOWN } from "~/domain/messages";
import { relayNames } from "~/domain/relays";
import { roomFrame, type RoomMessage } from "~/domain/room-messages";
import type { QuantumCredits } from "~/server/rings/credits.server";
import { claimRing, lastRingsOf, type BatchWish, type RingClaim } from "~/server/rings/claim.server";
import { QuantumConfigurationError } from "../quantum";
import { RingJobs } from "./ring-jobs";
import { ErasureLedger } from "./erasure-ledger";
import type { ErasureEntry, LedgerEntry } from "~/domain/erasure-ledger";
import { coalesced } from "../coalesce";
import { roomProviders, type RoomProvider, type RoomProviders } from "./room-provider";
import { bellRelay } from "~/server/edge/bell-room-client.server";
import { withStatementLog } from "~/server/db/statement-log.server";
import { reportingFailures } from "~/server/edge/report-error.server";
import { recordMetric } from "~/server/edge/metrics.server";
import { ringOutcome } from "~/server/edge/operations.server";
import { settingsOf, type Settings } from "~/server/edge/settings.server";
import { errorFields, log } from "~/server/edge/log.server";
import { callerRequestId, currentRequestContext, withRequestContext } from "~/server/edge/request-context.server";

const LAST_RING_KEY = "lastRingAt";
/** Each relay's last reported socket count, under this prefix and its name: presence survives the room's eviction. */
const PRESENCE_PREFIX = "presence:";
const PRESENCE_COALESCE_MS = 1_000;
/**
 * A ring sets the room's alarm this soon before it is claimed in D1. A ring whose job submission is under way holds
 * the room (rings and polls run one at a time), so this alarm only acts when that instance died mid-ring.
 */
const RECOVERY_ALARM_MS = 5_000;
/**
 * A ring answers once its job is created or after this long, whichever comes first: the simulator is done at once,
 * while IBM's job creation may take minutes and goes on without holding the visitor or the room's queue.
 */
const RING_ANSWER_WAIT_MS = 3_000;

export interface RingRequest {
  wishIds?: string[];
  rungByHash: string;
  /** The ringer's hashed network: its own cooldown and hourly rings (docs/product.md#one-person-one-share). */
  rungByNetwork?: string;
  /** The request that rang: the room's log lines about this ring carry its id. */
  requestId?: string;
}

export type RingOutcome =
  | { ok: true; ringId: string; wishIds: string[]; pendingLeft: number; cooldownSeconds: number }
  /** A refusal as data (a code, a message id, its values), rendered by the Worker in the ringer's language. */
  | { ok: false; error: AppError };

/** A press waiting for the draw at the end of the cooldown's window (ADR 0101), and how to answer it. */
interface PooledPress {
  request: RingRequest;
  resolve: (outcome: RingOutcome) => void;
  reject: (error: unknown) => void;
}

/**
 * What one attempt to ring came to: a ring claimed (its answer still to be given), a refusal of this network only
 * (its own cooldown or hourly rings), or a refusal that holds for every press (no wishes, no credits, no provider).
 */
type Attempt =
  | { kind: "claimed"; ringId: string; provider: RoomProvider; claimed: BatchWish[]; pendingLeft: number; now: number }
  | { kind: "network"; outcome: RingOutcome }
  | { kind: "refused"; outcome: RingOutcome };

const refused = (error: AppError): RingOutcome => ({ ok: false, error });
const cooldown = (seconds: number) => refused(appError(429, RING_COOLDOWN, { values: { seconds }, code: ERROR_CODE.cooldown, retryAfter: seconds }));
const NOT_CONFIGURED = appError(503, QUANTUM_NOT_CONFIGURED, { code: ERROR_CODE.unavailable });
const UNREACHABLE = appError(503, QUANTUM_UNREACHABLE, { code: ERROR_CODE.unavailable });
const OUT_OF_CREDITS = appError(409, RING_OUT_OF_CREDITS, { code: ERROR_CODE.outOfCredits });
const NONE_PENDING = appError(409, RING_NONE_PENDING, { code: ERROR_CODE.noPendingWishes });

const newRingId = monotonicFactory();

/**
 * The shared bell. One instance (named `global`) serialises every ring, holds the 20-second cooldown in its
 * storage (so an eviction cannot reset it), advances quantum jobs from its alarm and the cron, and publishes each
 * message once per relay (workers/bell-relay.ts), which hold the visitors' sockets (docs/realtime.md#pages-follow-the-socket).
 */
export class BellRoom extends DurableObject<Env> {
  private serial: Promise<unknown> = Promise.resolve();
  /** One presence message per second at most: a thousand sockets joining must not cost a million sends. */
  private schedulePresence = coalesced(PRESENCE_COALESCE_MS, () => this.announcePresence());
  private providers: RoomProviders;
  private relays = new Map<string, ReturnType<typeof bellRelay>>();
  private jobs: RingJobs;
  /** The presses of the window after the cooldown, until their draw starts; null outside a window (ADR 0101). */
  private pool: PooledPress[] | null = null;
  /** Parsed once, here: the room's settings for its life (a new deploy is a new instance). */
  private readonly settings: Settings;
  /** Kept here because a D1 restore does not reach this storage (ADR 0108); it shares nothing else with the ring. */
  private readonly erasures: ErasureLedger;

  constructor(ctx: DurableObjectState, roomEnv: Env) {
    const env = withStatementLog(roomEnv);
    super(ctx, env);
    this.settings = settingsOf(env);
    // Nothing here may throw: a misconfigured provider answers each ring with a sentence, and health names it.
    this.providers = roomProviders(env);
    this.jobs = new RingJobs(env, this.providers, (message) => this.send(message), (at) => this.wakeAt(at));
    this.erasures = new ErasureLedger(ctx.storage);
  }

  /** Writes an erasure to the ledger before D1 applies it; answers the entry's number (app/server/privacy/erasure-ledger.server.ts). */
  async recordErasure(entry: ErasureEntry, at: number): Promise<number> {
    return this.erasures.record(entry, at);
  }

  /** The ledger's entries made at or after `since`. */
  async erasuresSince(since: number): Promise<LedgerEntry[]> {
    return this.erasures.since(since);
  }

  /** Health probe used by /api/infrastructure/health. */
  async ping(): Promise<"ok"> {
    return "ok";
  }

  /**
   * A press. Inside the cooldown it is refused at once; in the window just after the cooldown ends it waits for the
   * draw with every other press of that window (ADR 0101); on a bell that has been free longer, it rings.
   */
  async ring(request: RingRequest): Promise<RingOutcome> {
    const arrivedAt = Date.now();
    return this.inCallerContext("BellRoom.ring", request.requestId, async () => {
      const step = await this.serially(() => this.press(request, arrivedAt));
      return "pooled" in step ? step.pooled : step;
    });
  }

  /** Advances every unfinished quantum job that is due; called by the cron trigger and the room's alarm. */
  async poll(requestId?: string): Promise<number> {
    return this.inCallerContext("BellRoom.poll", requestId, () => this.serially(() => this.jobs.advanceDue(Date.now())));
  }

  /**
   * An RPC call carries no headers, so its caller passes its request id as an argument: the call runs under it, and
   * the room's log lines (a failed publish, a job submission that failed after the answer) carry it. The alarm opens
   * its own context first.
   */
  private inCallerContext<T>(route: string, requestId: string | undefined, run: () => Promise<T>): Promise<T> {
    if (!requestId && currentRequestContext()) return run();
    return withRequestContext({ requestId: callerRequestId(requestId), route }, run);
  }

  async alarm(): Promise<void> {
    await reportingFailures(this.env, "BellRoom.alarm", () => this.poll());
  }

  async credits(): Promise<QuantumCredits> {
    const provider = this.providers.current();
    const remaining = await provider.remaining();
    return "unlimited" in remaining
      ? { seconds: null, unlimited: true, instanceId: provider.instanceId }
      : { seconds: remaining.seconds, unlimited: false, instanceId: provider.instanceId };
  }

  async broadcast(message: RoomMessage): Promise<number> {
    return this.send(message);
  }

  /** A relay's socket count: kept, and the sum announced as `presence` (at most once a second). */
  async relayPresence(relay: string, count: number): Promise<void> {
    if (!relayNames(this.settings.RELAY_COUNT).includes(relay) || !Number.isInteger(count) || count < 0) return;
    await this.ctx.storage.put(`${PRESENCE_PREFIX}${relay}`, count);
    this.schedulePresence();
  }

  /**
   * Awaiting D1 or a provider lets other calls into the object, so rings and job polls run one at a time through
   * this chain: that is what makes "a wish is never in two rings" and the cooldown hold under any concurrency.
   */
  private serially<T>(task: () => Promise<T>): Promise<T> {
    const run = this.serial.then(task);
    this.serial = run.catch(() => undefined);
    return run;
  }

  /**
   * Runs in the room's queue. The press is placed by when it reached the room, not when its turn came: presses that
   * arrived in the window still join the draw when a poll held the queue past the window's end.
   */
  private async press(request: RingRequest, arrivedAt: number): Promise<RingOutcome | { pooled: Promise<RingOutcome> }> {
    if (this.pool) return { pooled: this.joinPool(request, arrivedAt) };
    const lastRingAt = (await this.ctx.storage.get<number>(LAST_RING_KEY)) ?? 0;
    const moment = bellMoment(lastRingAt, this.settings.RING_COOLDOWN_SECONDS, arrivedAt);
    if (moment.kind === "cooling") return cooldown(cooldownRetrySeconds(lastRingAt, this.settings.RING_COOLDOWN_SECONDS, Date.now()));
    if (moment.kind === "drawing") return { pooled: this.joinPool(request, moment.closesAt) };
    const attempt = await this.attempt(request, lastRingAt);
    return attempt.kind === "claimed" ? this.answer(attempt) : attempt.outcome;
  }

  private joinPool(request: RingRequest, closesAt: number): Promise<RingOutcome> {
    return new Promise<RingOutcome>((resolve, reject) => {
      if (!this.pool) {
        const pool: PooledPress[] = [];
        this.pool = pool;
        // Not awaited by anyone but the presses: each press's own promise carries the draw's answer or error.
        setTimeout(() => void this.serially(() => this.draw(pool)).catch(() => undefined), Math.max(0, closesAt - Date.now()));
      }
      this.pool.push({ request, resolve, reject });
    });
  }

  /**
   * The draw (ADR 0101): the window's presses in the order of `drawOrder` (the network that waited longest since its
   * last ring first), each tried until one rings. That press gets the ring; every other press gets the cooldown
   * answer of a bell someone else rang, or the refusal that held for all. One claim at most succeeds, so a draw
   * never rings twice, and the credit is charged once, by that ring's job.
   */
  private async draw(pool: PooledPress[]): Promise<void> {
    if (this.pool === pool) this.pool = null;
    let order: PooledPress[];
    let lastRingAt: number;
    try {
      const now = Date.now();
      lastRingAt = (await this.ctx.storage.get<number>(LAST_RING_KEY)) ?? 0;
      const networks = pool.flatMap((press) => (press.request.rungByNetwork ? [press.request.rungByNetwork] : []));
      order = drawOrder(pool, (press) => press.request.rungByNetwork, await lastRingsOf(this.env, networks, now), now);
    } catch (error) {
      for (const press of pool) press.reject(error);
      return;
    }
    let everyoneElse: RingOutcome | null = null;
    const networkRefusals = new Map<string, RingOutcome>();
    for (const [index, press] of order.entries()) {
      const network = press.request.rungByNetwork;
      const answered = everyoneElse ?? (network ? networkRefusals.get(network) : undefined);
      if (answered) {
        press.resolve(answered);
        continue;
      }
      try {
        const attempt = await this.attempt(press.request, lastRingAt);
        if (attempt.kind === "claimed") {
          everyoneElse = cooldown(this.settings.RING_COOLDOWN_SECONDS);
          for (const other of order.slice(index + 1)) other.resolve(everyoneElse);
          press.resolve(await this.answer(attempt));
          return;
        }
        if (attempt.kind === "network" && network) networkRefusals.set(network, attempt.outcome);
        if (attempt.kind === "refused") everyoneElse = attempt.outcome;
        press.resolve(attempt.outcome);
      } catch (error) {
        press.reject(error);
      }
    }
  }

  /**
   * One try at a ring for this press, the cooldown already checked: the provider, the claim in D1, and the cooldown
   * spent (given back when nothing was claimed).
   */
  private async attempt({ wishIds, rungByHash, rungByNetwork }: RingRequest, lastRingAt: number): Promise<Attempt> {
    const now = Date.now();
    let provider: RoomProvider;
    try {
      provider = this.providers.current();
    } catch (error) {
      if (error instanceof QuantumConfigurationError) return { kind: "refused", outcome: refused(NOT_CONFIGURED) };
      throw error;
    }
    // The simulator's ledger is checked inside the claim itself (one D1 round trip for the whole ring); a remote
    // provider's balance is asked first (cached for a minute), before anything is spent.
    const ledgerCredits = provider.name === "simulator";
    if (!ledgerCredits) {
      const remaining = await provider.remaining().catch(() => null);
      if (remaining === null) return { kind: "refused", outcome: refused(UNREACHABLE) };
      if ("seconds" in remaining && remaining.seconds <= 0) return { kind: "refused", outcome: refused(OUT_OF_CREDITS) };
    }

    const ringId = newRingId(now);
    const ring = { id: ringId, createdAt: now, provider: provider.name, rungByHash, rungByNetwork, virtual: false };
    const network = networkRingRules(this.settings);
    // Before the claim, not after: should this instance die once D1 has the ring, the cooldown is already spent
    // and the alarm is already set, so the ring is finished by the alarm (it submits queued rings that lack a job)
    // and nobody rings again inside the 20 seconds.
    await this.ctx.storage.put(LAST_RING_KEY, now);
    await this.wakeAt(now + RECOVERY_ALARM_MS);
    let claim: RingClaim;
    try {
      claim = await claimRing(this.env, ring, { requestedIds: wishIds, ledgerCredits, network });
    } catch (error) {
      await this.restoreCooldown(lastRingAt);
      throw error;
    }
    const { claimed, pendingLeft, creditsSeconds, networkWait } = claim;
    if (claimed.length === 0) {
      // Nothing was written: the cooldown goes back as it was.
      await this.restoreCooldown(lastRingAt);
      // The ringer's network has had its share: its own cooldown reads as one, its hourly rings as a limit.
      if (networkWait?.reason === "cooldown") return { kind: "network", outcome: cooldown(networkWait.seconds) };
      if (networkWait) {
        return { kind: "network", outcome: refused(appError(429, RING_NETWORK_LIMITED, { code: ERROR_CODE.rateLimited, retryAfter: networkWait.seconds })) };
      }
      if (creditsSeconds !== null && creditsSeconds <= 0) return { kind: "refused", outcome: refused(OUT_OF_CREDITS) };
      return { kind: "refused", outcome: refused(NONE_PENDING) };
    }
    return { kind: "claimed", ringId, provider, claimed, pendingLeft, now };
  }

  /** A claimed ring told to every socket and its job submitted; the ringer is answered once the job exists or after RING_ANSWER_WAIT_MS. */
  private async answer({ ringId, provider, claimed, pendingLeft, now }: Extract<Attempt, { kind: "claimed" }>): Promise<RingOutcome> {
    const cooldownSeconds = this.settings.RING_COOLDOWN_SECONDS;
    const claimedIds = claimed.map((w) => w.id);
    this.send({ type: "bell-rung", ringId, virtual: false, wishIds: claimedIds, pendingLeft, cooldownSeconds });
    const submission = this.jobs.submit({ id: ringId, provider: provider.name, submitStartedAt: null }, claimed, 0, now);
    // Past the wait the submission goes on by itself; the poller leaves a ring alone while its job is being created.
    // A failure after the answer is the poller's to pick up (the ring stays queued), so it is only logged here.
    submission.catch((error: unknown) => log("error", "job submission failed after the ring answered", { ringId, ...errorFields(error) }));
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([submission, new Promise<void>((resolve) => (timer = setTimeout(resolve, RING_ANSWER_WAIT_MS)))]);
    clearTimeout(timer);
    return { ok: true, ringId, wishIds: claimedIds, pendingLeft, cooldownSeconds };
  }

  /** Product metrics (docs/operations.md#watching-it-run): every ring, and each ring's end with its provider and QPU seconds. */
  private measure(message: RoomMessage): void {
    if (message.type === "bell-rung" && !message.virtual) recordMetric(this.env, "ring", { provider: this.settings.QUANTUM_PROVIDER });
    if (message.type !== "batch-update" || (message.subType === "failed" && message.data.retrying)) return;
    const event = message.subType === "completed" ? "ring_completed" : "ring_failed";
    void ringOutcome(this.env, message.bellRingId)
      .then((ring) => recordMetric(this.env, event, { provider: ring?.provider, seconds: ring?.usageSeconds }))
      .catch(() => undefined);
  }

  /** Gives back a cooldown spent on a ring that did not happen. */
  private async restoreCooldown(previous: number): Promise<void> {
    if (previous > 0) await this.ctx.storage.put(LAST_RING_KEY, previous);
    else await this.ctx.storage.delete(LAST_RING_KEY);
  }

  private async wakeAt(at: number): Promise<void> {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > at) await this.ctx.storage.setAlarm(at);
  }

  private async announcePresence(): Promise<void> {
    const names = new Set(relayNames(this.settings.RELAY_COUNT).map((name) => `${PRESENCE_PREFIX}${name}`));
    const counts = await this.ctx.storage.list<number>({ prefix: PRESENCE_PREFIX });
    let count = 0;
    for (const [key, value] of counts) if (names.has(key)) count += value;
    this.send({ type: "presence", count });
  }

  /**
   * Serialises the message once and hands the frame to every relay. Not awaited: a slow or restarting relay never
   * holds a ring's answer or the room's queue. A frame a relay fails to take is lost to its pages until they next
   * read (a navigation, a reconnect); a relay that restarts drops its sockets, whose pages resync (docs/realtime.md#pages-follow-the-socket).
   */
  /** One stub per relay for the room's life: calls through one stub arrive in the order they were made. */
  private relay(name: string) {
    let stub = this.relays.get(name);
    if (!stub) this.relays.set(name, (stub = bellRelay(this.env, name)));
    return stub;
  }

  private send(message: RoomMessage): number {
    const frame = roomFrame(message);
    if (frame === null) {
      log("error", "a message that is not in the socket protocol was not sent", { type: String((message as { type?: unknown }).type) });
      return 0;
    }
    this.measure(message);
    const names = relayNames(this.settings.RELAY_COUNT);
    for (const name of names) void this.publishTo(name, frame);
    return names.length;
  }

  /**
   * A stub whose relay was reset (a deploy, an eviction after an error) is broken for good: it is dropped, and a
   * frame it refused as reset or retryable goes once more through a fresh one.
   */
  private async publishTo(name: string, frame: string, retried = false): Promise<void> {
    try {
      await this.relay(name).publish(frame);
    } catch (error) {
      this.relays.delete(name);
      const { durableObjectReset, retryable } = (error ?? {}) as { durableObjectReset?: boolean; retryable?: boolean };
      if (!retried && (durableObjectReset || retryable)) return this.publishTo(name, frame, true);
      log("error", "could not publish to a relay", { relay: name, ...errorFields(error) });
    }
  }
}
