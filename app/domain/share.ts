import { SHARE_TEXT_MAX_LENGTH } from "./limits";
import { COPY_LINK_NOT_FOUND, COPY_LINK_PENDING } from "./messages";
import { WISH_STATUS } from "./statuses";
import type { WishStatus } from "./wish";

/**
 * A wish's post text, as docs/api.md#calls fixes it: its first 100 characters and an ellipsis, always (the post quotes the wish
 * and the link leads to the rest). Counts characters, not UTF-16 units, so an emoji is never cut in half.
 */
export function tweetText(wish: string): string {
  return `${Array.from(wish.trim()).slice(0, SHARE_TEXT_MAX_LENGTH).join("").trimEnd()}…`;
}

/** Our own post text (a ring's sentence): kept whole when it fits, else cut the same way. */
export function postText(text: string): string {
  return Array.from(text).length <= SHARE_TEXT_MAX_LENGTH ? text : tweetText(text);
}

export interface ShareLinks {
  twitter: string;
  facebook: string;
  linkedin: string;
}

export function shareLinks(url: string, text: string): ShareLinks {
  const encodedUrl = encodeURIComponent(url);
  return {
    twitter: `https://x.com/intent/post?text=${encodeURIComponent(text)}&url=${encodedUrl}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodedUrl}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${encodedUrl}`,
  };
}

export function ringPath(bellRingId: string): string {
  return `/bell/${encodeURIComponent(bellRingId)}`;
}

export type CopyLinkOutcome =
  | { kind: "link"; path: string }
  | { kind: "info"; message: string }
  | { kind: "error"; message: string };

const NOT_YET_RUNG: ReadonlySet<string> = new Set<WishStatus>([WISH_STATUS.pending, WISH_STATUS.submittedForBatching]);

export function copyLinkOutcome(
  wish: { status?: string | null; bellRingId?: string | null } | null | undefined,
): CopyLinkOutcome {
  // docs/api.md#calls: a wish still pending, or submitted for batching (claimed by a ring that has not answered yet), is
  // "still being processed"; its ring's link is given once the ring has answered.
  if (wish?.status && NOT_YET_RUNG.has(wish.status)) return { kind: "info", message: COPY_LINK_PENDING };
  if (wish?.bellRingId) return { kind: "link", path: ringPath(wish.bellRingId) };
  return { kind: "error", message: COPY_LINK_NOT_FOUND };
}
