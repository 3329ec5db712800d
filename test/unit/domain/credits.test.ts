import { english } from "../../support/english";
import { describe, expect, it } from "vitest";
import { creditBanner, hasCredits } from "../../../app/domain/credits";

describe("creditBanner", () => {
  it.each([
    [-5, "error", "Out of Credits - Bell Temporarily Disabled"],
    [0, "error", "Out of Credits - Bell Temporarily Disabled"],
    [1, "warning", "Low Credits: 1 wish remaining"],
    [12.7, "warning", "Low Credits: 12 wishes remaining"],
    [30, "warning", "Low Credits: 30 wishes remaining"],
    [31, "normal", "31 wishes available."],
    [412, "normal", "412 wishes available."],
  ])("%d seconds gives a %s banner", (seconds, tone, text) => {
    expect(creditBanner(english, seconds)).toEqual({ tone, text });
  });

  it("has credits only above zero", () => {
    expect(hasCredits(0)).toBe(false);
    expect(hasCredits(0.5)).toBe(true);
  });
});
