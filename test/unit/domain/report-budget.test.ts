import { describe, expect, it } from "vitest";
import { ReportBudget } from "../../../app/domain/report-budget";

describe("ReportBudget", () => {
  it("lets a kind through a few times a window and carries what it held back into the next", () => {
    const budget = new ReportBudget(2, 60_000);
    expect(budget.take("fetch:TypeError", 0)).toEqual({ report: true, held: 0 });
    expect(budget.take("fetch:TypeError", 1)).toEqual({ report: true, held: 0 });
    for (let i = 0; i < 50; i += 1) expect(budget.take("fetch:TypeError", 2)).toEqual({ report: false });
    // Another kind has its own budget.
    expect(budget.take("remix:Error", 3)).toEqual({ report: true, held: 0 });
    expect(budget.take("fetch:TypeError", 60_000)).toEqual({ report: true, held: 50 });
    expect(budget.take("fetch:TypeError", 60_001)).toEqual({ report: true, held: 0 });
  });

  it("keeps at most its number of kinds", () => {
    const budget = new ReportBudget(1, 60_000, 2);
    budget.take("a", 0);
    budget.take("b", 0);
    budget.take("c", 0);
    // "a" was forgotten, so it starts again with a full budget.
    expect(budget.take("a", 1)).toEqual({ report: true, held: 0 });
  });
});
