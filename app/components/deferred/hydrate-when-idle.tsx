import { lazy, Suspense, type ComponentType } from "react";

/** Resolves when the browser next has idle time, and at the latest after `timeoutMs`. */
function browserIdle(timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === "function") requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, 1);
  });
}

/**
 * Wraps a below-the-fold section so the server renders it as usual (visitors without JavaScript get all of it), but
 * the browser hydrates it only once the page is idle. During hydration React meets a lazy component that has not
 * resolved yet, keeps the server's HTML as it is, and hydrates that boundary later in a task of its own, so the
 * first hydration (the form and the bell) is not one long task for the whole page. A click inside the section
 * before then is replayed once it hydrates.
 */
export function hydrateWhenIdle<P extends object>(Component: ComponentType<P>, timeoutMs = 2000): ComponentType<P> {
  const Deferred = lazy(async () => {
    await browserIdle(timeoutMs);
    return { default: Component };
  });
  function HydrateWhenIdle(props: P) {
    // The server needs no deferral and must not suspend: a pending boundary would stream its HTML behind a script.
    const Section = import.meta.env.SSR ? Component : Deferred;
    return (
      <Suspense fallback={null}>
        <Section {...props} />
      </Suspense>
    );
  }
  HydrateWhenIdle.displayName = `HydrateWhenIdle(${Component.displayName ?? Component.name})`;
  return HydrateWhenIdle;
}
