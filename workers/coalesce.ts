/**
 * A function that runs `task` once, `delayMs` after the first of any number of calls: joins and leaves arriving
 * together make one presence message or report, not one each.
 */
export function coalesced(delayMs: number, task: () => Promise<void>): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void task();
    }, delayMs);
  };
}
