import { describe, expect, it } from "vitest";
import { RING_STATUSES, sqlList, sqlText, WISH_STATUS, WISH_STATUSES } from "../../../app/domain/statuses";

describe("statuses named once", () => {
  it("are safe to write into SQL as literals: letters and underscores only", () => {
    for (const status of [...WISH_STATUSES, ...RING_STATUSES]) expect(status).toMatch(/^[a-z_]+$/);
  });

  it("keep the spec's four wish states in their order", () => {
    expect(WISH_STATUSES).toEqual(["pending", "submitted_for_batching", "entangled", "processed"]);
  });

  it("write SQL literals and lists", () => {
    expect(sqlText(WISH_STATUS.pending)).toBe("'pending'");
    expect(sqlList(WISH_STATUS.entangled, WISH_STATUS.processed)).toBe("('entangled', 'processed')");
  });
});
