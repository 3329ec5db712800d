import { useState, type FormEvent } from "react";
import { useToast } from "~/components/toast/toast";
import { RESONATE_ALREADY, RESONATE_FAILED, RESONATE_SUCCESS } from "~/domain/messages";
import type { PublicWish } from "~/domain/public-wish";
import { useDeviceFingerprint } from "~/hooks/use-device-fingerprint";
import { callApi } from "~/lib/api-client";
import { useStoredIdSet } from "~/hooks/use-stored-id-set";
import { RESONATED_STORAGE_KEY } from "~/hooks/storage";
import { visuallyHidden } from "~/styles/layout.css";
import * as styles from "./wish-wall.css";
import { useI18n } from "~/i18n/i18n";

/**
 * Resonating is one-way (docs/product.md#resonating). The button stays focusable once used (aria-disabled rather than disabled) so a
 * keyboard visitor keeps their place; pressing it again only repeats that they already resonated. Without
 * JavaScript the same form posts to the home page's action, which uses the device cookie.
 */
export function ResonateButton({ wish, returnTo }: { wish: PublicWish; returnTo: string }) {
  const { t, path } = useI18n();
  const toast = useToast();
  const fingerprint = useDeviceFingerprint();
  const [resonatedIds, rememberResonated] = useStoredIdSet(RESONATED_STORAGE_KEY);
  const [serverCount, setServerCount] = useState(0);
  const [busy, setBusy] = useState(false);
  const resonated = wish.isResonated === true || resonatedIds.has(wish.id);
  // Counts only grow, so the larger of the page's number and the last resonance's answer is the fresher one.
  const count = Math.max(wish.resonanceCount, serverCount);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (resonated) {
      toast.show(RESONATE_ALREADY, "info");
      return;
    }
    setBusy(true);
    try {
      const result = await callApi("resonate", { params: { id: wish.id }, body: { deviceFingerprint: fingerprint() } });
      if (!result.ok) throw new Error(`Resonate answered ${result.status}`);
      const answer = result.data;
      setServerCount(answer.newCount);
      rememberResonated(wish.id);
      if (answer.alreadyResonated) toast.show(RESONATE_ALREADY, "info");
      else toast.show(RESONATE_SUCCESS, "success");
    } catch {
      toast.show(RESONATE_FAILED, "error");
    } finally {
      setBusy(false);
    }
  }

  return (
    <form method="post" action={`${path("/")}?index`} onSubmit={onSubmit} className={styles.resonateForm}>
      <input type="hidden" name="intent" value="resonate" />
      <input type="hidden" name="wishId" value={wish.id} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button
        type="submit"
        className={styles.resonate}
        aria-disabled={resonated || busy}
        aria-busy={busy}
        data-resonated={resonated}
      >
        {resonated ? t("Resonated") : t("Resonate")}{" "}
        <span className={styles.resonateCount}>
          {count}
          <span className={visuallyHidden}> {t("{count, plural, one {resonance} other {resonances}}", { count })}</span>
        </span>
      </button>
    </form>
  );
}
