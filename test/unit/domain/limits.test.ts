import { describe, expect, it } from "vitest";
import * as limits from "../../../app/domain/limits";

describe("limits", () => {
  it("keeps the spec §9 numbers", () => {
    expect(limits.WISH_MIN_LENGTH).toBe(10);
    expect(limits.WISH_MAX_LENGTH).toBe(250);
    expect(limits.WISH_COUNTER_WARNING).toBe(220);
    expect(limits.DAILY_WISH_LIMIT).toBe(5);
    expect(limits.RING_BATCH_SIZE).toBe(5);
    expect(limits.RING_COOLDOWN_SECONDS).toBe(20);
    expect(limits.LOW_CREDIT_THRESHOLD).toBe(30);
    expect(limits.TOAST_MS).toBe(6000);
    expect(limits.RING_TOAST_MS).toBe(8000);
    expect(limits.FINGERPRINT_MIN_LENGTH).toBe(16);
    expect(limits.HOME_WALL_PAGE_SIZE).toBe(6);
    expect(limits.WALL_DEFAULT_PAGE_SIZE).toBe(20);
    expect(limits.BELL_HISTORY_PAGE_SIZE).toBe(10);
    expect(limits.MAP_POPUP_PAGE_SIZE).toBe(10);
    expect(limits.ENCODING_STAGES).toEqual({ encoding: 2000, processing: 2000, traveling: 1500 });
    expect(limits.RECONNECT).toMatchObject({ attempts: 5, baseMs: 3000, capMs: 30000 });
    expect(limits.MAP).toMatchObject({ center: [20, 0], zoom: 2, minZoom: 1, maxZoom: 8, badgeMax: 99 });
    expect(limits.BREAKPOINTS).toEqual({ drawerMaxWidth: 1200, footerMobileMaxWidth: 899 });
    expect(limits.ANIMATION_MS).toMatchObject({ ring: 5000, starFlight: 6000, constellationWish: 2000, constellationGap: 500 });
    expect(limits.OG_TITLE_MAX).toBe(100);
    expect(limits.OG_SUBTITLE_MAX).toBe(150);
    expect(limits.LOCAL_PORT).toBe(5002);
  });

  it("orders limits that depend on each other", () => {
    expect(limits.WISH_COUNTER_WARNING).toBeLessThan(limits.WISH_MAX_LENGTH);
    expect(limits.WISH_MIN_LENGTH).toBeLessThan(limits.WISH_COUNTER_WARNING);
    expect(limits.WALL_DEFAULT_PAGE_SIZE).toBeLessThanOrEqual(limits.WALL_MAX_PAGE_SIZE);
    expect(limits.FINGERPRINT_MIN_LENGTH).toBeLessThan(limits.FINGERPRINT_MAX_LENGTH);
    expect(limits.MAP.minZoom).toBeLessThanOrEqual(limits.MAP.zoom);
    expect(limits.MAP.zoom).toBeLessThanOrEqual(limits.MAP.maxZoom);
  });
});
