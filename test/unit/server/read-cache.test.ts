import { describe, expect, it } from "vitest";
import { cachedRead, READ_TTL_MS, readsChanged, REFRESH_GIVE_UP_MS } from "~/server/edge/read-cache.server";

let n = 0;
const freshKey = () => `unit-test:${(n += 1)}`;

describe("read cache", () => {
  it("answers a repeated read from memory until the time to live runs out", async () => {
    const key = freshKey();
    let reads = 0;
    const read = async () => (reads += 1);
    const start = Date.now();
    expect(await cachedRead(key, read, { now: start })).toBe(1);
    expect(await cachedRead(key, read, { now: start + READ_TTL_MS - 1 })).toBe(1);
    expect(reads).toBe(1);
    expect(await cachedRead(key, read, { now: start + READ_TTL_MS })).toBe(2);
  });

  it("keeps answering the older value while one request reads the next, and only that one reads", async () => {
    const key = freshKey();
    const start = Date.now();
    await cachedRead(key, async () => "first", { now: start });
    const later = start + READ_TTL_MS + 1;
    let release!: () => void;
    const refreshing = cachedRead(key, () => new Promise<string>((resolve) => (release = () => resolve("second"))), { now: later });
    let reads = 0;
    expect(await cachedRead(key, async () => `read ${(reads += 1)}`, { now: later + 1 })).toBe("first");
    expect(reads).toBe(0);
    release();
    expect(await refreshing).toBe("second");
    expect(await cachedRead(key, async () => "not read", { now: later + 2 })).toBe("second");
  });

  it("lets another request read when a refresh fails or is lost", async () => {
    const key = freshKey();
    const start = Date.now();
    await cachedRead(key, async () => "first", { now: start });
    const later = start + READ_TTL_MS + 1;
    await expect(cachedRead(key, () => Promise.reject(new Error("D1 is away")), { now: later })).rejects.toThrow();
    expect(await cachedRead(key, async () => "after the failure", { now: later + 1 })).toBe("after the failure");
    const lost = cachedRead(key, () => new Promise<string>(() => {}), { now: later + READ_TTL_MS + 2 });
    void lost;
    expect(await cachedRead(key, async () => "not read", { now: later + READ_TTL_MS + 3 })).toBe("after the failure");
    expect(await cachedRead(key, async () => "after the loss", { now: later + READ_TTL_MS + 2 + REFRESH_GIVE_UP_MS })).toBe("after the loss");
  });

  it("reads again after any write in the isolate", async () => {
    const key = freshKey();
    let reads = 0;
    const read = async () => (reads += 1);
    expect(await cachedRead(key, read)).toBe(1);
    readsChanged();
    expect(await cachedRead(key, read)).toBe(2);
  });

  it("never keeps a read that was in flight while a write happened", async () => {
    const key = freshKey();
    let release!: () => void;
    const slow = cachedRead(key, () => new Promise<string>((resolve) => (release = () => resolve("before the write"))));
    readsChanged();
    release();
    expect(await slow).toBe("before the write");
    expect(await cachedRead(key, async () => "after the write")).toBe("after the write");
  });

  it("shares only what the caller says may be shared", async () => {
    const key = freshKey();
    const keep = (value: string) => value !== "private";
    expect(await cachedRead(key, async () => "private", { keep })).toBe("private");
    expect(await cachedRead(key, async () => "public", { keep })).toBe("public");
    expect(await cachedRead(key, async () => "not read", { keep })).toBe("public");
  });

  it("keeps no failed read", async () => {
    const key = freshKey();
    await expect(cachedRead(key, () => Promise.reject(new Error("D1 is away")))).rejects.toThrow("D1 is away");
    expect(await cachedRead(key, async () => "recovered")).toBe("recovered");
  });

  it("stays bounded however many distinct views are asked for", async () => {
    const first = freshKey();
    await cachedRead(first, async () => "first");
    for (let i = 0; i < 300; i += 1) await cachedRead(freshKey(), async () => i);
    expect(await cachedRead(first, async () => "read again")).toBe("read again");
  });
});
