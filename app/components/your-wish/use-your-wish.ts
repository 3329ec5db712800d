import { WISH_STATUS } from "~/domain/statuses";
import { useEffect, useMemo, useRef, useState } from "react";
import type { PublicWish } from "~/domain/public-wish";
import { yourWishState, type YourWishState } from "~/domain/your-wish";
import { LAST_WISH_ID_STORAGE_KEY } from "~/hooks/storage";
import { useStoredString } from "~/hooks/use-stored-string";
import { callApi } from "~/lib/api-client";

/**
 * The visitor's latest wish and where it stands. While it waits, the page's own pending list (kept fresh by its poll
 * and the room's messages) says where; once it has left that list, the wish is asked for once per change of the list
 * until it names its ring, which is final.
 */
export function useYourWish(pending: readonly PublicWish[]): YourWishState | null {
  const id = useStoredString(LAST_WISH_ID_STORAGE_KEY);
  const waiting = useMemo(() => pending.filter((wish) => wish.status === WISH_STATUS.pending), [pending]);
  const inPending = id ? waiting.find((wish) => wish.id === id) : undefined;
  const [fetched, setFetched] = useState<PublicWish | null>(null);
  const settled = useRef<string | null>(null);

  useEffect(() => {
    if (!id || inPending || settled.current === id) return;
    const controller = new AbortController();
    void callApi("getWish", { params: { id }, signal: controller.signal }).then((result) => {
      // Offline or aborted: the card keeps what it knew, and the next change of the list asks again.
      if (result.status === null) return;
      // A wish that is gone (hidden by the moderators) will not come back: stop asking after it.
      if (result.status === 404) settled.current = id;
      const wish = result.ok ? result.data : null;
      if (wish?.id !== id) return setFetched(null);
      if (wish.bellRingId) settled.current = id;
      setFetched(wish);
    });
    return () => controller.abort();
  }, [id, inPending, waiting]);

  if (!id) return null;
  if (inPending) return yourWishState(inPending, waiting);
  return fetched?.id === id ? yourWishState(fetched, waiting) : null;
}
