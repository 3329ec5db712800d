import { useEffect, useRef, useState } from "react";
import { healthVerdict, type HealthVerdict } from "~/domain/health";
import { HEALTH } from "~/domain/limits";
import { HEALTH_UNHEALTHY, HEALTH_UNREACHABLE } from "~/domain/messages";
import { callApi } from "~/lib/api-client";
import { useBellSocketConnected } from "~/realtime/bell-socket";
import * as styles from "./health-banner.css";
import { useI18n } from "~/i18n/i18n";

async function checkHealth(): Promise<HealthVerdict> {
  const result = await callApi("health", { cache: "no-store" });
  return healthVerdict(result.status, result.ok ? result.data : null);
}

/** Runs `task` once the browser is idle after loading, so the check never competes with the first paint. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === "function") {
    const handle = requestIdleCallback(task, { timeout: HEALTH.idleTimeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, HEALTH.idleTimeoutMs);
  return () => clearTimeout(timer);
}

/**
 * docs/product.md#sentences's health banners: the backend is checked once the page is idle after loading; a failure shows the red
 * "Cannot connect" banner, a service down the "unhealthy" one. While one shows, the check runs again every
 * HEALTH.recheckMs, when the browser comes back online and when the bell's socket reconnects, and the banner goes as
 * soon as a check passes.
 */
export function HealthBanner() {
  const { t } = useI18n();
  const [verdict, setVerdict] = useState<HealthVerdict>("ok");
  const connected = useBellSocketConnected();
  const run = useRef<() => void>(() => undefined);

  useEffect(() => {
    let active = true;
    run.current = () => {
      void checkHealth().then((next) => active && setVerdict(next));
    };
    const cancel = whenIdle(() => run.current());
    const online = () => run.current();
    window.addEventListener("online", online);
    return () => {
      active = false;
      cancel();
      window.removeEventListener("online", online);
    };
  }, []);

  useEffect(() => {
    if (verdict === "ok") return;
    const timer = setInterval(() => run.current(), HEALTH.recheckMs);
    return () => clearInterval(timer);
  }, [verdict]);

  // The socket coming back is a sign the backend did too: check at once rather than at the next interval.
  useEffect(() => {
    if (connected && verdict !== "ok") run.current();
  }, [connected, verdict]);

  if (verdict === "ok") return null;
  return (
    <div role="alert" className={verdict === "unreachable" ? styles.unreachable : styles.unhealthy}>
      {verdict === "unreachable" ? t(HEALTH_UNREACHABLE) : t(HEALTH_UNHEALTHY)}
    </div>
  );
}
