import { lazy, memo, startTransition, Suspense, useEffect, useRef, useState, type ComponentType } from "react";
import { useHydrated } from "~/hooks/use-hydrated";

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
 * before then does what it does without JavaScript (a link loads its page, a form posts).
 *
 * Until then the section is given the props it was rendered with on the server (ADR 0085): React throws away server
 * HTML it has not hydrated when new props reach it, and would show the empty fallback until the browser is idle.
 * The page's live updates reach the section once it has hydrated.
 */
export function hydrateWhenIdle<P extends object>(Component: ComponentType<P>, timeoutMs = 2000): ComponentType<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  let loaded = false;
  const load = () =>
    (loading ??= browserIdle(timeoutMs).then(() => {
      loaded = true;
      return { default: Component };
    }));
  const Deferred = lazy(load);
  const Boundary = memo(function Boundary(props: P) {
    // The server needs no deferral and must not suspend: a pending boundary would stream its HTML behind a script.
    const Section = import.meta.env.SSR ? Component : Deferred;
    return (
      <Suspense fallback={null}>
        <Section {...props} />
      </Suspense>
    );
  });
  function HydrateWhenIdle(props: P) {
    // Mounted by a client-side navigation there is no server HTML to keep: the section renders with the page at once
    // (deferring it would leave it empty until the browser is idle).
    const hydrated = useHydrated();
    const [afterHydration] = useState(hydrated);
    const served = useRef(props).current;
    const [live, setLive] = useState(loaded || afterHydration);
    useEffect(() => {
      if (live) return;
      let current = true;
      // A transition: React hydrates the section before it applies these props (and would wait, not show the empty
      // fallback, were the lazy child still on its way).
      void load().then(() => {
        if (current) startTransition(() => setLive(true));
      });
      return () => {
        current = false;
      };
    }, [live]);
    if (afterHydration) return <Component {...props} />;
    return <Boundary {...(live ? props : served)} />;
  }
  HydrateWhenIdle.displayName = `HydrateWhenIdle(${Component.displayName ?? Component.name})`;
  return HydrateWhenIdle;
}
