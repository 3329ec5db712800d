import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { RING_STATUSES, sqlList, sqlText, WISH_STATUS, WISH_STATUSES } from "../../../app/domain/statuses";
import { statusLiterals } from "../../support/status-literals";

const root = join(import.meta.dirname, "../../..");
const config = ts.getParsedCommandLineOfConfigFile(join(root, "tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
const NAMED_HERE = join(root, "app/domain/statuses.ts");
const sources = config.fileNames.filter((file) => /\/(app|workers)\//.test(file) && file !== NAMED_HERE);


describe("statuses named once", () => {
  it("are safe to write into SQL as literals: letters and underscores only", () => {
    for (const status of [...WISH_STATUSES, ...RING_STATUSES]) expect(status).toMatch(/^[a-z_]+$/);
  });

  it("keep the four wish states of docs/product.md#wish-lifecycle in their order", () => {
    expect(WISH_STATUSES).toEqual(["pending", "submitted_for_batching", "entangled", "processed"]);
  });

  it("write SQL literals and lists", () => {
    expect(sqlText(WISH_STATUS.pending)).toBe("'pending'");
    expect(sqlList(WISH_STATUS.entangled, WISH_STATUS.processed)).toBe("('entangled', 'processed')");
  });

  it("no module in app/ or workers/ spells a stored status itself: in code or in SQL", { timeout: 120_000 }, () => {
    const found = statusLiterals(sources, config.options).map(({ file, line, text }) => `${relative(root, file)}:${line} ${text}`);
    expect(found).toEqual([]);
  });

  it("the search sees each way a status gets spelled, and leaves other vocabularies alone", { timeout: 120_000 }, () => {
    const planted = join(root, "app/server/planted-status.server.ts");
    const code = `
      import { eq } from "drizzle-orm";
      import { bellRings } from "~/server/db/schema";
      import type { RingStatus, WishStatus } from "~/domain/statuses";
      declare const ring: { status: RingStatus; state: "queued" | "running" | "completed" | "failed" };
      declare const row: { status: string };
      declare const answer: { status: "pending" | "subscribed" };
      export const a = ring.status === "completed";
      export const b = row.status !== "failed";
      export const c: { status: RingStatus } = { status: "running" };
      export const d = new Set<WishStatus>(["pending"]);
      export const e = eq(bellRings.status, "queued");
      export const f = "SELECT 1 FROM bell_rings WHERE status IN ('queued', 'running')";
      export const g = \`UPDATE wishes SET x = 1 WHERE status = 'pending' AND id = \${1}\`;
      export const notA = ring.state === "queued";
      export const notB = answer.status === "pending";
      export const notC = { status: "failed" as const };
    `;
    const found = statusLiterals([], config.options, { [planted]: code }).map(({ line, text }) => `${line} ${text}`);
    expect(found).toEqual(["8 completed", "9 failed", "10 running", "11 pending", "12 queued", "13 status IN ('queued'", "14 status = 'pending'"]);
  });
});
