import { english } from "../../support/english";
import { describe, expect, it } from "vitest";
import { yourWishWaiting } from "../../../app/domain/messages";
import type { PublicWish } from "../../../app/domain/public-wish";
import { yourWishState } from "../../../app/domain/your-wish";

const wish = (id: string, state: Partial<PublicWish> = {}) =>
  ({ id, wish: "May peace find us", status: "pending", bellRingId: null, country: null, countryCode: null, ...state }) as PublicWish;
const queue = (count: number) => Array.from({ length: count }, (_, i) => wish(`w${i}`));

describe("where your wish stands", () => {
  it("rings with the next bell while fewer than five older wishes wait", () => {
    const pending = queue(3);
    expect(yourWishState(pending[2], pending)).toMatchObject({ kind: "waiting", ahead: 2, ring: 1, companions: 2 });
    expect(yourWishState(pending[0], pending)).toMatchObject({ ahead: 0, ring: 1, companions: 2 });
  });

  it("counts whole rings ahead of it, five wishes each, oldest first", () => {
    const pending = queue(12);
    expect(yourWishState(pending[4], pending)).toMatchObject({ ahead: 4, ring: 1, companions: 4 });
    expect(yourWishState(pending[5], pending)).toMatchObject({ ahead: 5, ring: 2, companions: 4 });
    expect(yourWishState(pending[11], pending)).toMatchObject({ ahead: 11, ring: 3, companions: 1 });
  });

  it("places a wish the list does not hold yet at its end", () => {
    expect(yourWishState(wish("new"), queue(6))).toMatchObject({ ahead: 6, ring: 2, companions: 1 });
  });

  it("leads to the ring once the wish names one, and says it is ringing before that", () => {
    expect(yourWishState(wish("a", { status: "entangled", bellRingId: "r1" }), [])).toMatchObject({ kind: "rung", ringId: "r1" });
    expect(yourWishState(wish("a", { status: "submitted_for_batching" }), [])).toMatchObject({ kind: "ringing" });
  });

  it("words the wait", () => {
    expect(yourWishWaiting(english, 0, 1, 0)).toBe("It rings with the next bell, on its own so far. 4 more can join it before anyone rings.");
    expect(yourWishWaiting(english, 4, 1, 4)).toBe("It rings with the next bell, beside 4 wishes. Its ring is full: anyone may ring it now.");
    expect(yourWishWaiting(english, 1, 1, 1)).toBe("It rings with the next bell, beside 1 wish. 3 more can join it before anyone rings.");
    expect(yourWishWaiting(english, 7, 2, 2)).toBe("7 older wishes are ahead of it and the bell takes 5 at a time: one ring comes first.");
    expect(yourWishWaiting(english, 12, 3, 0)).toBe("12 older wishes are ahead of it and the bell takes 5 at a time: 2 rings come first.");
  });
});
