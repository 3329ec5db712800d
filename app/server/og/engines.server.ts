/**
 * Start-up of the share-card renderer's engines, once per isolate.
 *
 * `initWasm` from @resvg/resvg-wasm may run only once per module instance: a second call throws "Already
 * initialized", even when the first one's caller never saw it succeed. So each engine is started on its own, shared
 * by concurrent first requests, and forgotten only if that engine's own start failed: a failure elsewhere (satori's
 * yoga, a font) is retried without calling `initWasm` again. "Already initialized" itself means resvg is ready
 * (resvg sets its flag only after the WebAssembly is instantiated), as when this module is evaluated twice over one
 * resvg (a test runner's module graph).
 */

/** `start`, run at most once at a time and kept once it succeeds; a failed run is forgotten so the next call retries. */
export function onceUntilFailure<T>(start: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= start().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

const ALREADY_INITIALIZED = /Already initialized/;

type Init = (wasm: never) => Promise<unknown>;

export type EngineLoaders<Fonts> = {
  /** resvg's `initWasm` and its module's bytes. */
  resvg: { init: Init; wasm: () => Promise<unknown> };
  /** satori's `init` and yoga's module. */
  satori: { init: Init; wasm: () => Promise<unknown> };
  fonts: () => Promise<Fonts>;
};

/** One start for the isolate: resvg, satori and the fonts, each started once and retried alone after a failure. */
export function engineStarter<Fonts>(loaders: EngineLoaders<Fonts>): () => Promise<Fonts> {
  const resvg = onceUntilFailure(async () => {
    const wasm = (await loaders.resvg.wasm()) as never;
    try {
      await loaders.resvg.init(wasm);
    } catch (error) {
      if (!(error instanceof Error && ALREADY_INITIALIZED.test(error.message))) throw error;
    }
  });
  const satori = onceUntilFailure(async () => {
    await loaders.satori.init((await loaders.satori.wasm()) as never);
  });
  const fonts = onceUntilFailure(loaders.fonts);
  return async () => (await Promise.all([resvg(), satori(), fonts()]))[2];
}
