import { useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useToast } from "~/components/toast/toast";
import { RING_FLOW } from "~/domain/limits";
import { BATCH_FAILED, BATCH_GAVE_UP, BELL_JUST_RANG_LINK, bellJustRang, RING_BY_FELLOW_DREAMER } from "~/domain/messages";
import { ringNotice } from "~/domain/realtime-ring";
import { ringPath } from "~/domain/share";
import { LAST_WISH_ID_STORAGE_KEY, readStorage } from "~/hooks/storage";
import { useBellMessages } from "./bell-socket";
import { isRingingHere } from "./ringing-here";
import { useI18n } from "~/i18n/i18n";

/**
 * Tells every open page that the bell rang (ADR 0023): a visitor whose latest wish is in the ring is taken to it after
 * the 3 s of docs/product.md#live-updates; everyone else gets a link to it for the length of a toast. A ring that fails shows docs/product.md#live-updates'
 * turbulence message on every open page (docs/product.md#your-ring), once per ring and per outcome, except where that ring is already
 * told: the page that rang it (its bell says so) and the ring's own page (it shows it in place).
 */
export function RingNotices() {
  const { t, path } = useI18n();
  const { show } = useToast();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const seen = useRef(new Set<string>());
  const failures = useRef(new Set<string>());
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  useBellMessages((message) => {
    if (message.type === "batch-update" && message.subType === "failed") {
      const key = `${message.bellRingId}:${message.data.retrying ? "retrying" : "gave-up"}`;
      const ownPage = pathname === path(ringPath(message.bellRingId));
      if (failures.current.has(key) || ownPage || isRingingHere()) return;
      failures.current.add(key);
      show(t(message.data.retrying ? BATCH_FAILED : BATCH_GAVE_UP), "error");
      return;
    }
    const notice = ringNotice(message, {
      lastWishId: readStorage(LAST_WISH_ID_STORAGE_KEY),
      ringingHere: isRingingHere(),
      pathname,
      seen: seen.current,
    });
    if (!notice) return;
    seen.current.add(notice.ringId);
    if (notice.kind === "follow") {
      show(RING_BY_FELLOW_DREAMER, "info");
      clearTimeout(timer.current);
      timer.current = setTimeout(() => navigate(ringPath(notice.ringId)), RING_FLOW.realtimeRedirectMs);
    } else {
      show(bellJustRang(t, notice.wishes), "info", { link: { to: path(ringPath(notice.ringId)), label: t(BELL_JUST_RANG_LINK) } });
    }
  });
  return null;
}
