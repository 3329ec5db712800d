import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import { describe, expect, it, vi } from "vitest";
import { engineStarter } from "~/server/og/engines.server";

// The share-card renderer's start-up, with resvg's real `initWasm` (which throws "Already initialized" when called a
// second time in a module instance): a failed start must be retried without breaking every later /og in the isolate.

const require = createRequire(import.meta.url);
const resvgWasm = () => readFile(require.resolve("@resvg/resvg-wasm/index_bg.wasm"));
const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4" fill="#123456"/></svg>';
const renders = () => {
  const resvg = new Resvg(svg);
  const png = resvg.render().asPng();
  resvg.free();
  return png;
};
const fonts = { all: [], roboto: [] };

describe("share-card engines start once per isolate", () => {
  it("retries a failed satori start without calling resvg's initWasm again", async () => {
    const resvgInit = vi.fn(initWasm);
    const satoriInit = vi.fn().mockRejectedValueOnce(new Error("yoga failed")).mockResolvedValue(undefined);
    const start = engineStarter({
      resvg: { init: resvgInit, wasm: resvgWasm },
      satori: { init: satoriInit, wasm: async () => new Uint8Array() },
      fonts: async () => fonts,
    });
    await expect(start()).rejects.toThrow("yoga failed");
    await expect(start()).resolves.toBe(fonts);
    expect(resvgInit).toHaveBeenCalledTimes(1);
    expect(satoriInit).toHaveBeenCalledTimes(2);
    expect(Buffer.from(renders().subarray(1, 4)).toString()).toBe("PNG");
  });

  it("counts resvg already initialised by another copy of this module as ready", async () => {
    await initWasm(await resvgWasm()).catch(() => undefined);
    const start = engineStarter({
      resvg: { init: initWasm, wasm: resvgWasm },
      satori: { init: async () => undefined, wasm: async () => new Uint8Array() },
      fonts: async () => fonts,
    });
    await expect(start()).resolves.toBe(fonts);
    expect(Buffer.from(renders().subarray(1, 4)).toString()).toBe("PNG");
  });

  it("shares one start between concurrent first requests", async () => {
    const resvgInit = vi.fn(async () => undefined);
    const satoriInit = vi.fn(async () => undefined);
    const loadFonts = vi.fn(async () => fonts);
    const start = engineStarter({
      resvg: { init: resvgInit, wasm: async () => new Uint8Array() },
      satori: { init: satoriInit, wasm: async () => new Uint8Array() },
      fonts: loadFonts,
    });
    await expect(Promise.all([start(), start(), start()])).resolves.toEqual([fonts, fonts, fonts]);
    expect([resvgInit.mock.calls.length, satoriInit.mock.calls.length, loadFonts.mock.calls.length]).toEqual([1, 1, 1]);
  });

  it("starts resvg again when its own start failed, and passes on any other resvg error", async () => {
    const resvgInit = vi.fn().mockRejectedValueOnce(new Error("out of memory")).mockResolvedValue(undefined);
    const start = engineStarter({
      resvg: { init: resvgInit, wasm: async () => new Uint8Array() },
      satori: { init: async () => undefined, wasm: async () => new Uint8Array() },
      fonts: async () => fonts,
    });
    await expect(start()).rejects.toThrow("out of memory");
    await expect(start()).resolves.toBe(fonts);
    expect(resvgInit).toHaveBeenCalledTimes(2);
  });
});
