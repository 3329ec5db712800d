import { afterAll, describe, expect, it } from "vitest";
import { moderateText } from "../../../app/domain/moderation";
import { EVASIONS, INNOCENT } from "../../support/moderation-corpus";

const results = { evasions: 0, innocent: 0 };
afterAll(() => {
  console.log(`moderation corpus: ${results.evasions} of ${EVASIONS.length} evasions refused, ${results.innocent} of ${INNOCENT.length} innocent wishes published`);
});

describe("moderation against disguises", () => {
  it.each(EVASIONS)("refuses %j", async (text, refusal) => {
    const result = await moderateText(text);
    expect(result.ok ? null : result.error).toBe(refusal);
    results.evasions += 1;
  });

  it.each(INNOCENT)("publishes %j", async (text) => {
    expect(await moderateText(text)).toEqual({ ok: true, text });
    results.innocent += 1;
  });

  it("holds a corpus of at least 50 evasions", () => {
    expect(EVASIONS.length).toBeGreaterThanOrEqual(50);
  });
});
