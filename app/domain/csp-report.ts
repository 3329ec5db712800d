import "./zod-config";
import { z } from "zod";
import { onFirstUse } from "./on-first-use";
import { CSP_REPORT_PATH } from "./contract/paths";

export { CSP_REPORT_PATH };
export const CSP_REPORT_GROUP = "csp";
/** Reports one request may carry (the Reporting API batches them); the rest are dropped. */
export const CSP_REPORTS_PER_REQUEST = 20;
const FIELD_MAX = 200;

/** One violation, reduced to what an operator needs and stripped of anything a visitor might have typed. */
export interface CspReport {
  directive: string;
  /** An origin, or a keyword such as "inline" or "eval": never a path or a query string. */
  blocked: string;
  /** The page's path, without its query string or fragment. */
  documentPath: string;
  /** The script that caused it (origin and path), when the browser says. */
  source: string | null;
  disposition: "enforce" | "report";
}

const text = onFirstUse(() => z.string().max(4096));
/** The Reporting API (`application/reports+json`): an array of reports, ours of type "csp-violation". */
const reportingApiReport = onFirstUse(() =>
  z.object({
    type: z.literal("csp-violation"),
    url: text.optional(),
    body: z.object({
      documentURL: text.optional(),
      effectiveDirective: text.optional(),
      blockedURL: text.optional(),
      sourceFile: text.optional(),
      disposition: text.optional(),
    }),
  }),
);
/** The older `report-uri` form (`application/csp-report`). */
const legacyReport = onFirstUse(() =>
  z.object({
    "csp-report": z.object({
      "document-uri": text.optional(),
      "effective-directive": text.optional(),
      "violated-directive": text.optional(),
      "blocked-uri": text.optional(),
      "source-file": text.optional(),
      disposition: text.optional(),
    }),
  }),
);

const cut = (value: string) => value.slice(0, FIELD_MAX);

/** An origin for URLs, the keyword itself for "inline", "eval", "data" and the like. */
function blockedValue(value: string | undefined): string {
  if (!value) return "unknown";
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" || url.protocol === "ws:" || url.protocol === "wss:" ? url.origin : url.protocol.replace(/:$/, "");
  } catch {
    return cut(value.replace(/[^a-z0-9-]/gi, "")) || "unknown";
  }
}

function pathOf(value: string | undefined): string {
  if (!value) return "/";
  try {
    return cut(new URL(value).pathname);
  } catch {
    return "/";
  }
}

function sourceOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return cut(`${url.origin}${url.pathname}`);
  } catch {
    return null;
  }
}

const directiveOf = (value: string | undefined) => cut((value ?? "unknown").split(" ")[0].replace(/[^a-z-]/gi, "") || "unknown");
const dispositionOf = (value: string | undefined): CspReport["disposition"] => (value === "report" ? "report" : "enforce");

/**
 * Reads what a browser posted to CSP_REPORT_PATH, in either format, into at most CSP_REPORTS_PER_REQUEST reports.
 * Anything that is not a CSP report is skipped; nothing here throws.
 */
export function parseCspReports(body: unknown): CspReport[] {
  const items = Array.isArray(body) ? body : [body];
  const reports: CspReport[] = [];
  for (const item of items.slice(0, CSP_REPORTS_PER_REQUEST)) {
    const modern = reportingApiReport.safeParse(item);
    if (modern.success) {
      const { body: report, url } = modern.data;
      reports.push({
        directive: directiveOf(report.effectiveDirective),
        blocked: blockedValue(report.blockedURL),
        documentPath: pathOf(report.documentURL ?? url),
        source: sourceOf(report.sourceFile),
        disposition: dispositionOf(report.disposition),
      });
      continue;
    }
    const legacy = legacyReport.safeParse(item);
    if (legacy.success) {
      const report = legacy.data["csp-report"];
      reports.push({
        directive: directiveOf(report["effective-directive"] ?? report["violated-directive"]),
        blocked: blockedValue(report["blocked-uri"]),
        documentPath: pathOf(report["document-uri"]),
        source: sourceOf(report["source-file"]),
        disposition: dispositionOf(report.disposition),
      });
    }
  }
  return reports;
}
