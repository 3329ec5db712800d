import { sql } from "drizzle-orm";
import { blob, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { onFirstUse } from "../../domain/on-first-use";
import { OUTBOX_STATUS, OUTBOX_STATUSES, RING_STATUS, RING_STATUSES, WISH_STATUS, WISH_STATUSES } from "../../domain/statuses";

export { RING_STATUSES };

/** The three wall orders' indexes behind a filter prefix: by time, by resonance, by resonance then newest first. */
function wallIndexes(
  name: string,
  t: { hidden: AnySQLiteColumn; createdAt: AnySQLiteColumn; id: AnySQLiteColumn; resonanceCount: AnySQLiteColumn },
  prefix: AnySQLiteColumn[],
) {
  return [
    index(`${name}_created_idx`).on(t.hidden, ...prefix, t.createdAt, t.id),
    index(`${name}_resonance_idx`).on(t.hidden, ...prefix, t.resonanceCount, t.createdAt, t.id),
    index(`${name}_resonance_newest_idx`).on(t.hidden, ...prefix, t.resonanceCount, sql`${t.createdAt} desc`, sql`${t.id} desc`),
  ];
}

export const wishes = onFirstUse(() =>
  sqliteTable(
    "wishes",
    {
      id: text("id").primaryKey(),
      text: text("text").notNull(),
      name: text("name"),
      /** Private: never part of a public response. */
      email: text("email"),
      country: text("country"),
      countryCode: text("country_code"),
      location: text("location"),
      lat: real("lat"),
      lon: real("lon"),
      theme: text("theme").notNull(),
      status: text("status", { enum: WISH_STATUSES }).notNull().default(WISH_STATUS.pending),
      bellRingId: text("bell_ring_id"),
      fingerprintHash: text("fingerprint_hash").notNull(),
      ipHash: text("ip_hash"),
      resonanceCount: integer("resonance_count").notNull().default(0),
      hidden: integer("hidden", { mode: "boolean" }).notNull().default(false),
      reportCount: integer("report_count").notNull().default(0),
      /** When an admin last unhid it: only counted reports after this can hide it again. */
      reviewedAt: integer("reviewed_at"),
      /** When reports last hid it automatically (the admin's hide velocity). */
      autoHiddenAt: integer("auto_hidden_at"),
      createdAt: integer("created_at").notNull(),
      /** Set when a rung wish was withdrawn: the row keeps its ring's place, nothing of the visitor (ADR 0042). */
      withdrawnAt: integer("withdrawn_at"),
      /** The withdrawn wish's qubit rotation, so its ring's circuit diagram stays the one that ran. */
      withdrawnAngle: real("withdrawn_angle"),
      /** The language the wish was written in (its page's): its mails and notifications speak it. Null before 0022: English. */
      locale: text("locale"),
      /** When the "your wish rang" notices (mail, push) were claimed for it: at most once per wish. */
      rangNotifiedAt: integer("rang_notified_at"),
      /** "Ring a bell for someone": the name the writer gave the person it is for, shown on their page only. */
      forName: text("for_name"),
      /** The unguessable token of that person's page, /for/{token} (128 random bits, base64url). */
      forToken: text("for_token"),
    },
    (t) => [
      index("wishes_auto_hidden_idx").on(t.autoHiddenAt).where(sql`${t.autoHiddenAt} IS NOT NULL`),
      // The wall: for each filter (none, theme, country, country + theme) one index per order, each ending in the
      // sort's full key (id breaks ties), so a page is read in index order, backwards for the far half, never sorted.
      // leastResonated pairs resonance_count ascending with created_at descending, which needs its own column order.
      ...wallIndexes("wishes_wall", t, []),
      ...wallIndexes("wishes_wall_theme", t, [t.theme]),
      ...wallIndexes("wishes_wall_country", t, [t.countryCode]),
      ...wallIndexes("wishes_wall_country_theme", t, [t.countryCode, t.theme]),
      // A typed place that matched no country is stored as text with no code: partial indexes over those few rows, by
      // time and by the two resonance orders (without them a deep page walked every code-less wish: migration 0003).
      index("wishes_wall_place_idx").on(t.hidden, t.country, t.createdAt, t.id).where(sql`${t.countryCode} IS NULL`),
      index("wishes_wall_place_resonance_idx").on(t.hidden, t.country, t.resonanceCount, t.createdAt, t.id).where(sql`${t.countryCode} IS NULL`),
      index("wishes_wall_place_resonance_newest_idx")
        .on(t.hidden, t.country, t.resonanceCount, sql`${t.createdAt} desc`, sql`${t.id} desc`)
        .where(sql`${t.countryCode} IS NULL`),
      // Every status query asks for visible wishes (the ring's claim, the pending count, the pending list), oldest first:
      // with `hidden` and the full order in the key they read the index alone, in order, without visiting a row.
      index("wishes_status_visible_created_idx").on(t.status, t.hidden, t.createdAt, t.id),
      index("wishes_fingerprint_created_idx").on(t.fingerprintHash, t.createdAt),
      index("wishes_ip_created_idx").on(t.ipHash, t.createdAt),
      index("wishes_ring_idx").on(t.bellRingId),
      uniqueIndex("wishes_for_token_idx").on(t.forToken).where(sql`${t.forToken} IS NOT NULL`),
      // What the retention sweep still has to forget (app/server/privacy/retention.server.ts).
      index("wishes_email_kept_idx").on(t.createdAt).where(sql`${t.email} IS NOT NULL`),
      index("wishes_network_kept_idx").on(t.createdAt).where(sql`${t.ipHash} IS NOT NULL`),
    ],
  ),
);

export const resonances = onFirstUse(() =>
  sqliteTable(
    "resonances",
    {
      wishId: text("wish_id").notNull(),
      fingerprintHash: text("fingerprint_hash").notNull(),
      /** The hashed network (IPv4 address or IPv6 /48) it came from; null for resonances older than the column. */
      networkHash: text("network_hash"),
      /** 1 when it counts toward the wish's visible number: the first from its network, within the network's daily cap. */
      counted: integer("counted").notNull().default(1),
      createdAt: integer("created_at").notNull(),
    },
    (t) => [
      primaryKey({ columns: [t.wishId, t.fingerprintHash] }),
      index("resonances_network_wish_idx").on(t.networkHash, t.wishId),
      index("resonances_network_created_idx").on(t.networkHash, t.createdAt),
      index("resonances_created_idx").on(t.createdAt),
      index("resonances_network_kept_idx").on(t.createdAt).where(sql`${t.networkHash} IS NOT NULL`),
    ],
  ),
);

export const bellRings = onFirstUse(() =>
  sqliteTable(
    "bell_rings",
    {
      id: text("id").primaryKey(),
      createdAt: integer("created_at").notNull(),
      virtual: integer("virtual", { mode: "boolean" }).notNull().default(false),
      rungByHash: text("rung_by_hash"),
      /** The hashed network (IPv4 address or IPv6 /48) that rang: its own cooldown and hourly rings count these. */
      rungByNetwork: text("rung_by_network"),
      provider: text("provider").notNull(),
      backend: text("backend"),
      jobId: text("job_id"),
      status: text("status", { enum: RING_STATUSES }).notNull().default(RING_STATUS.queued),
      attempts: integer("attempts").notNull().default(0),
      nextAttemptAt: integer("next_attempt_at"),
      bitstring: text("bitstring"),
      counts: text("counts"),
      /** The ring's verse in English as written at completion (ADR 0091); what is shown is written again from the ring. */
      poem: text("poem"),
      usageSeconds: real("usage_seconds"),
      /** False while the provider has not settled the usage of a finished job; the poller reads it again until it has. */
      usageFinal: integer("usage_final", { mode: "boolean" }).notNull().default(true),
      /** The provider's own words about the last failure: for /admin only, never shown to visitors. */
      error: text("error"),
      completedAt: integer("completed_at"),
      /** When the latest job-creation request was sent: the provider's per-minute limit counts these. */
      submitStartedAt: integer("submit_started_at"),
      /** When the provider accepted the job: a job queued too long after this is cancelled. */
      submittedAt: integer("submitted_at"),
      /** The program that was submitted (native gates on physical qubits) and the physical qubit of each wish (JSON). */
      qasm: text("qasm"),
      physicalQubits: text("physical_qubits"),
      queueSeconds: real("queue_seconds"),
      runSeconds: real("run_seconds"),
      /** Status reads that failed in a row; a good read sets it back to 0 (a budget apart from `attempts`). */
      readFailures: integer("read_failures").notNull().default(0),
      /** Since when the job's state could not be read; past IBM_UNKNOWN_JOB_MAX_HOURS the ring is held. */
      unknownSince: integer("unknown_since"),
      /** Job-creation requests that may have made a job (sent and not refused): at most IBM_MAX_JOBS_PER_RING. */
      jobRequests: integer("job_requests").notNull().default(0),
      /** A ring given up while its job might still run: its wishes wait for the operator instead of ringing again. */
      wishesHeld: integer("wishes_held", { mode: "boolean" }).notNull().default(false),
    },
    (t) => [
      index("bell_rings_created_idx").on(t.createdAt),
      index("bell_rings_network_created_idx").on(t.rungByNetwork, t.createdAt),
      index("bell_rings_status_idx").on(t.status, t.createdAt),
      index("bell_rings_ringer_kept_idx").on(t.createdAt).where(sql`${t.rungByHash} IS NOT NULL OR ${t.rungByNetwork} IS NOT NULL`),
      index("bell_rings_submit_started_idx").on(t.submitStartedAt).where(sql`${t.submitStartedAt} IS NOT NULL`),
      index("bell_rings_usage_pending_idx").on(t.nextAttemptAt).where(sql`${t.usageFinal} = 0`),
    ],
  ),
);

/** Every job a ring's provider ever accepted for it, with its state and charge: the ring's history in /admin. */
export const ringJobs = onFirstUse(() =>
  sqliteTable(
    "ring_jobs",
    {
      jobId: text("job_id").notNull(),
      ringId: text("ring_id").notNull(),
      provider: text("provider").notNull(),
      backend: text("backend"),
      /** When we learned of the job (accepted, or found by the ring's tag). */
      createdAt: integer("created_at").notNull(),
      /** queued | running | completed | failed | cancelled | unusable (completed with a result that cannot be the ring's). */
      state: text("state").notNull(),
      /** Seen running or finished: IBM charges it. */
      ran: integer("ran", { mode: "boolean" }).notNull().default(false),
      endedAt: integer("ended_at"),
      /** QPU seconds IBM settled for it; null until then. */
      chargedSeconds: real("charged_seconds"),
      error: text("error"),
    },
    (t) => [primaryKey({ columns: [t.provider, t.jobId] }), index("ring_jobs_ring_idx").on(t.ringId), index("ring_jobs_created_idx").on(t.createdAt)],
  ),
);

/** Visible wishes per country by status, and its newest one, kept by triggers (migrations/0006_counters_by_triggers.sql). */
export const countryStats = onFirstUse(() =>
  sqliteTable(
    "country_stats",
    {
      countryCode: text("country_code").primaryKey(),
      country: text("country").notNull(),
      wishCount: integer("wish_count").notNull().default(0),
      pendingCount: integer("pending_count").notNull().default(0),
      entangledCount: integer("entangled_count").notNull().default(0),
      lastWish: text("last_wish"),
      lastAt: integer("last_at"),
    },
    (t) => [index("country_stats_count_idx").on(t.wishCount)],
  ),
);

/**
 * Visible wishes counted per wall "cell", kept in step with `wishes` by triggers (migrations/0002_wall_counts.sql), so
 * a deep wall page seeks to the cell that holds it instead of skipping rows with OFFSET (ADR 0012). A wish counts in
 * six rows: for its theme and for every theme ('*'), by (its resonance count, its UTC day), by (any count, -1, its
 * day) and by (its count, any day, -1). Triggers cannot be declared here; the migration makes the table WITHOUT ROWID.
 */
export const wallCounts = onFirstUse(() =>
  sqliteTable(
    "wall_counts",
    {
      theme: text("theme").notNull(),
      resonanceCount: integer("resonance_count").notNull(),
      day: integer("day").notNull(),
      wishes: integer("wishes").notNull().default(0),
    },
    (t) => [primaryKey({ columns: [t.theme, t.resonanceCount, t.day] }), index("wall_counts_day_idx").on(t.theme, t.day, t.resonanceCount, t.wishes)],
  ),
);

/** Visible wishes in all and per theme ('total_wishes', 'theme:<theme>'), kept by triggers (migrations/0006), so the ribbon never counts rows. */
export const siteCounters = onFirstUse(() =>
  sqliteTable("site_counters", {
    key: text("key").primaryKey(),
    value: integer("value").notNull().default(0),
  }),
);

/**
 * The credit ledger's sum in one row (id 1), kept exact by triggers on every write to `credit_ledger`
 * (migrations/0004_credit_balance.sql), so a ring's credit check and the credits API read one row instead of summing
 * a ledger that grows by a row per ring. Triggers cannot be declared here.
 */
export const creditBalance = onFirstUse(() =>
  sqliteTable("credit_balance", {
    id: integer("id").primaryKey(),
    seconds: real("seconds").notNull().default(0),
  }),
);

export const creditLedger = onFirstUse(() =>
  sqliteTable(
    "credit_ledger",
    {
      id: integer("id").primaryKey({ autoIncrement: true }),
      deltaSeconds: real("delta_seconds").notNull(),
      reason: text("reason").notNull(),
      ringId: text("ring_id"),
      createdAt: integer("created_at").notNull(),
    },
    (t) => [index("credit_ledger_ring_idx").on(t.ringId)],
  ),
);

export const reports = onFirstUse(() =>
  sqliteTable(
    "reports",
    {
      wishId: text("wish_id").notNull(),
      fingerprintHash: text("fingerprint_hash").notNull(),
      reason: text("reason"),
      /** The hashed network (IPv4 address or IPv6 /48) it came from; null for reports older than the column. */
      networkHash: text("network_hash"),
      /** 1 when it counts toward auto-hiding: the first from its network for the wish, from a network known to the site. */
      counted: integer("counted").notNull().default(1),
      createdAt: integer("created_at").notNull(),
    },
    (t) => [
      primaryKey({ columns: [t.wishId, t.fingerprintHash] }),
      index("reports_created_idx").on(t.createdAt),
      index("reports_network_wish_idx").on(t.networkHash, t.wishId),
      // A forgotten report's device hash is '~' and its row id, above every hex hash (app/server/privacy/retention.server.ts).
      index("reports_kept_idx").on(t.createdAt).where(sql`${t.fingerprintHash} < '~'`),
    ],
  ),
);

export const outbox = onFirstUse(() =>
  sqliteTable(
    "outbox",
    {
      id: text("id").primaryKey(),
      kind: text("kind").notNull(),
      toAddress: text("to_address").notNull(),
      subject: text("subject").notNull(),
      body: text("body").notNull(),
      status: text("status", { enum: OUTBOX_STATUSES }).notNull().default(OUTBOX_STATUS.queued),
      attempts: integer("attempts").notNull().default(0),
      error: text("error"),
      createdAt: integer("created_at").notNull(),
      sentAt: integer("sent_at"),
      /**
       * The recipient's inbox as its keyed hash (app/server/email/mail-stop.server.ts#mailboxHash), for the recipient
       * caps of visitor mail, so aliases of one inbox share them (null for operator mail; the lower-cased address on
       * rows from before migration 0031).
       */
      recipient: text("recipient"),
      /** The hashed network whose request caused a visitor mail: the (sender network, recipient) cap counts these. */
      senderNetwork: text("sender_network"),
      /** The bare stop token of a mail queued before migration 0031: such a link names its address only through this row. */
      stopToken: text("stop_token"),
      /** The wish a mail is about (its copy, its "your wish rang"): withdrawing the wish deletes its mail. */
      wishId: text("wish_id"),
    },
    (t) => [
      index("outbox_status_created_idx").on(t.status, t.createdAt),
      index("outbox_recipient_created_idx").on(t.recipient, t.createdAt).where(sql`${t.recipient} IS NOT NULL`),
      index("outbox_stop_token_idx").on(t.stopToken).where(sql`${t.stopToken} IS NOT NULL`),
      index("outbox_created_idx").on(t.createdAt),
      index("outbox_wish_idx").on(t.wishId).where(sql`${t.wishId} IS NOT NULL`),
    ],
  ),
);

export const contactMessages = onFirstUse(() =>
  sqliteTable(
    "contact_messages",
    {
      id: text("id").primaryKey(),
      name: text("name"),
      email: text("email").notNull(),
      subject: text("subject"),
      message: text("message").notNull(),
      ipHash: text("ip_hash"),
      createdAt: integer("created_at").notNull(),
      readAt: integer("read_at"),
      /** Set when the operator keeps the message past the retention bound (app/domain/retention.ts). */
      keptAt: integer("kept_at"),
    },
    (t) => [
      index("contact_messages_created_idx").on(t.createdAt),
      index("contact_messages_ip_idx").on(t.ipHash, t.createdAt),
      index("contact_messages_network_kept_idx").on(t.createdAt).where(sql`${t.ipHash} IS NOT NULL`),
    ],
  ),
);

export const newsletterSubscribers = onFirstUse(() =>
  sqliteTable(
    "newsletter_subscribers",
    {
      email: text("email").primaryKey(),
      token: text("token").notNull(),
      confirmedAt: integer("confirmed_at"),
      createdAt: integer("created_at").notNull(),
      unsubscribedAt: integer("unsubscribed_at"),
      /** The inbox's keyed hash (mailboxHash; the spelled address's before migration 0031), so a stop finds the row. */
      addressHash: text("address_hash"),
      /** The language of the page the address subscribed on: its letters speak it. */
      locale: text("locale"),
    },
    (t) => [index("newsletter_token_idx").on(t.token), index("newsletter_address_hash_idx").on(t.addressHash)],
  ),
);

/** Fixed-window counters for rate limits that are not tied to a wish row (IP wish limit, contact, reports, login). */
export const rateLimits = onFirstUse(() =>
  sqliteTable(
    "rate_limits",
    {
      key: text("key").primaryKey(),
      windowStart: integer("window_start").notNull(),
      count: integer("count").notNull().default(0),
      /** When the window ends: the cron deletes rows past it (docs/product.md#one-person-one-share). */
      expiresAt: integer("expires_at"),
    },
    (t) => [index("rate_limits_expires_idx").on(t.expiresAt)],
  ),
);

/**
 * Admin sign-in attempts, site-wide: a row is written before the password is checked and deleted when it was right,
 * so what stays are the failures that the global backoff counts (docs/product.md#one-person-one-share). The cron keeps a day of them.
 */
export const adminLoginFailures = onFirstUse(() =>
  sqliteTable(
    "admin_login_failures",
    {
      id: integer("id").primaryKey({ autoIncrement: true }),
      at: integer("at").notNull(),
      /** The hashed network (IPv4 address or IPv6 /48) that failed: its own backoff (ADR 0100). */
      networkHash: text("network_hash"),
    },
    (t) => [index("admin_login_failures_at_idx").on(t.at), index("admin_login_failures_network_idx").on(t.networkHash, t.at)],
  ),
);

/** Admin sessions that are signed in: a signed cookie names one, and signing out deletes it (docs/product.md#one-person-one-share). */
export const adminSessions = onFirstUse(() =>
  sqliteTable("admin_sessions", {
    id: text("id").primaryKey(),
    expiresAt: integer("expires_at").notNull(),
    createdAt: integer("created_at").notNull(),
  }),
);

/**
 * Inboxes that asked for no more mail ("this wasn't me" and the one-click header on every visitor mail), kept only as
 * their private hash (HMAC with HASH_SECRET of the mailbox key, app/domain/mailbox.ts), so the site holds no list of
 * the addresses themselves. Kept for as long as the site runs: a stop must outlast every mail that could follow.
 */
export const mailStops = onFirstUse(() =>
  sqliteTable("mail_stops", {
    addressHash: text("address_hash").primaryKey(),
    createdAt: integer("created_at").notNull(),
    /** 1 for a stop stored before migration 0031, keyed by the address as spelled, until the cron extends it to its inbox. */
    pendingBackfill: integer("pending_backfill").notNull().default(1),
  }),
);

/** Content-Security-Policy violations browsers reported (/api/csp-report), reduced as app/domain/csp-report says. */
export const cspReports = onFirstUse(() =>
  sqliteTable(
    "csp_reports",
    {
      id: text("id").primaryKey(),
      createdAt: integer("created_at").notNull(),
      directive: text("directive").notNull(),
      blocked: text("blocked").notNull(),
      documentPath: text("document_path").notNull(),
      source: text("source"),
      disposition: text("disposition").notNull(),
      /** The reporting network's keyed hash: /admin ranks a violation by how many networks saw it (docs/product.md#one-person-one-share). */
      networkHash: text("network_hash"),
    },
    (table) => [
      index("csp_reports_created_at").on(table.createdAt),
      index("csp_reports_network_kept_idx").on(table.createdAt).where(sql`${table.networkHash} IS NOT NULL`),
    ],
  ),
);

/** When something last happened that an operator watches for ("cron": the scheduled handler ran), and how it went. */
export const operationsHeartbeats = onFirstUse(() =>
  sqliteTable("operations_heartbeats", {
    name: text("name").primaryKey(),
    at: integer("at").notNull(),
    /** A short sentence of ours (never a provider's raw text) about the last run, or null when it went well. */
    problem: text("problem"),
  }),
);

/**
 * Each cron task's last outcome (ADR 0110): when it last ran, when it last failed and why (a sentence of ours), and how
 * many of its attempts failed in a row (mail delivery counts each mail it could not hand over). /healthz reads these.
 */
export const cronTasks = onFirstUse(() =>
  sqliteTable("cron_tasks", {
    name: text("name").primaryKey(),
    lastRunAt: integer("last_run_at").notNull(),
    lastFailedAt: integer("last_failed_at"),
    failure: text("failure"),
    failuresInARow: integer("failures_in_a_row").notNull().default(0),
  }),
);

/**
 * The operator alert's state (ADR 0111): one row, "operator". An incident opens when /healthz's rules find a problem
 * and closes when none is left; the alert is sent once per incident and the recovery once, at most one per interval.
 */
export const operatorAlerts = onFirstUse(() =>
  sqliteTable("operator_alerts", {
    name: text("name").primaryKey(),
    incidentSince: integer("incident_since"),
    alertedAt: integer("alerted_at"),
    lastSentAt: integer("last_sent_at"),
    problems: text("problems"),
  }),
);

/**
 * Every admin action, as it happened (ADR 0112): who (the Access identity or the password session), what, on what,
 * when and the request's id. Only ever inserted by the site, and deleted by the retention sweep.
 */
export const adminAudit = onFirstUse(() =>
  sqliteTable(
    "admin_audit",
    {
      id: integer("id").primaryKey({ autoIncrement: true }),
      at: integer("at").notNull(),
      actor: text("actor").notNull(),
      action: text("action").notNull(),
      target: text("target"),
      outcome: text("outcome").notNull(),
      requestId: text("request_id"),
    },
    (t) => [index("admin_audit_at_idx").on(t.at)],
  ),
);

/** Errors the site answered or met, counted per UTC hour and machine code: /admin/operations' last 24 hours (ADR 0047). */
export const errorCounts = onFirstUse(() =>
  sqliteTable(
    "error_counts",
    {
      hour: integer("hour").notNull(),
      code: text("code").notNull(),
      count: integer("count").notNull().default(0),
    },
    (t) => [primaryKey({ columns: [t.hour, t.code] })],
  ),
);

/**
 * Share cards drawn once and kept for every isolate in every data centre to serve (ADR 0050); the key is the card's
 * normalised path (`storedCardKey`).
 */
export const ogCards = onFirstUse(() =>
  sqliteTable(
    "og_cards",
    {
      key: text("key").primaryKey(),
      png: blob("png", { mode: "buffer" }).notNull(),
      createdAt: integer("created_at").notNull(),
    },
    (t) => [index("og_cards_created_idx").on(t.createdAt)],
  ),
);

/** The completed rings whose cards the cron has drawn (or found kept), so it never visits them again. */
export const ogRingCards = onFirstUse(() =>
  sqliteTable(
    "og_ring_cards",
    {
      ringId: text("ring_id").primaryKey(),
      drawnAt: integer("drawn_at").notNull(),
    },
    (t) => [index("og_ring_cards_drawn_idx").on(t.drawnAt)],
  ),
);

/**
 * Browsers that asked to be told when a wish rings (Web Push, ADR 0059): kept while the wish waits and until its ring
 * has been announced, then deleted; a push service's 404 or 410 deletes one at once. The endpoint and keys are the
 * browser's, not the visitor's identity, and are never shown.
 */
export const pushSubscriptions = onFirstUse(() =>
  sqliteTable(
    "push_subscriptions",
    {
      id: text("id").primaryKey(),
      wishId: text("wish_id").notNull(),
      endpoint: text("endpoint").notNull(),
      p256dh: text("p256dh").notNull(),
      auth: text("auth").notNull(),
      createdAt: integer("created_at").notNull(),
      /** Sends of the ring's notice that failed for a reason other than the subscription being gone. */
      attempts: integer("attempts").notNull().default(0),
    },
    (t) => [uniqueIndex("push_subscriptions_wish_endpoint_idx").on(t.wishId, t.endpoint), index("push_subscriptions_created_idx").on(t.createdAt)],
  ),
);

/**
 * The erasures this database has applied, by their number in the erasure ledger kept outside D1 (ADR 0108): a restore
 * to before an erasure takes its row away with it, which is how the ledger finds what to apply again.
 */
export const erasuresApplied = onFirstUse(() =>
  sqliteTable(
    "erasures_applied",
    {
      seq: integer("seq").primaryKey(),
      erasedAt: integer("erased_at").notNull(),
    },
    (t) => [index("erasures_applied_erased_idx").on(t.erasedAt)],
  ),
);
