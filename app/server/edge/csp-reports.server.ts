import { desc, sql } from "drizzle-orm";
import { monotonicFactory } from "ulidx";
import type { CspReport } from "~/domain/csp-report";
import { HOUR_MS } from "~/domain/limits";
import { CSP_REPORTS_KEPT } from "~/domain/retention";
import { database } from "../db/client.server";
import { cspReports } from "../db/schema";
import { networkHashes } from "./hashing.server";
import { hitNetworkLimit } from "./rate-limit.server";
import { settingsOf } from "~/server/edge/settings.server";

const newId = monotonicFactory();
/** Reports one network may file in an hour; past it they are dropped quietly (a browser cannot be told to stop). */
export const CSP_REPORTS_PER_NETWORK_PER_HOUR = 60;
const DASHBOARD_GROUPS = 50;

/** Stores a request's reports unless its network has filed its hour's worth. Returns how many were stored. */
export async function recordCspReports(env: Env, request: Request, reports: readonly CspReport[], now = Date.now()): Promise<number> {
  if (reports.length === 0) return 0;
  const network = await networkHashes(settingsOf(env).HASH_SECRET, request);
  const limit = await hitNetworkLimit(env, network, "csp-report", CSP_REPORTS_PER_NETWORK_PER_HOUR, HOUR_MS, now);
  if (!limit.allowed) return 0;
  const db = database(env);
  await db.batch([
    db.insert(cspReports).values(reports.map((report) => ({ id: newId(now), createdAt: now, ...report, networkHash: network.network }))),
    db.delete(cspReports).where(sql`${cspReports.id} NOT IN (SELECT id FROM csp_reports ORDER BY created_at DESC, id DESC LIMIT ${CSP_REPORTS_KEPT})`),
  ]);
  return reports.length;
}

export interface CspReportGroup {
  directive: string;
  blocked: string;
  documentPath: string;
  count: number;
  /** How many networks reported it: a real violation comes from many visitors, a forgery from the few who send it. */
  networks: number;
  lastSeen: number;
}

/**
 * The dashboard's view: the same violation on the same page counted once, those seen by the most networks first,
 * then the most recent. Reports are free to forge, but one network's flood of made-up violations ranks below
 * anything real visitors met (docs/product.md#one-person-one-share).
 */
export async function recentCspReports(env: Env): Promise<CspReportGroup[]> {
  const networks = sql<number>`COUNT(DISTINCT ${cspReports.networkHash})`;
  return database(env)
    .select({
      directive: cspReports.directive,
      blocked: cspReports.blocked,
      documentPath: cspReports.documentPath,
      count: sql<number>`COUNT(*)`,
      networks,
      lastSeen: sql<number>`MAX(${cspReports.createdAt})`,
    })
    .from(cspReports)
    .groupBy(cspReports.directive, cspReports.blocked, cspReports.documentPath)
    .orderBy(desc(networks), desc(sql`MAX(${cspReports.createdAt})`))
    .limit(DASHBOARD_GROUPS);
}
