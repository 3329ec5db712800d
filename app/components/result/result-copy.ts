import { OG_SUBTITLE_MAX, OG_TITLE_MAX } from "~/domain/limits";
import { countWishes, FELLOW_DREAMER_LOCATION, UNKNOWN_LOCATION } from "~/domain/messages";
import type { MetaDescriptor } from "@remix-run/cloudflare";
import { pageMeta, type SiteInfo } from "~/lib/meta";
import type { PublicWish } from "~/domain/public-wish";
import type { RingView } from "~/domain/ring-view";
import { ringPath } from "~/domain/share";

/** The sentences of the result page that the domain does not already hold. */
export const RING_TITLE_FALLBACK = "A ring of the bell";
export const LISTENING_TITLE = "The qubits are listening…";
export const LISTENING_BODY = "The wishes are entangled and the circuit is running. The result will appear here by itself.";
export const RING_FAILED_FINALLY =
  "The quantum field stayed too turbulent for this ring. Its wishes have gently returned to the pool and will join the next ring of the bell.";

export function providerSentence(ring: Pick<RingView, "isSimulator" | "providerLabel" | "backend" | "status">): string {
  const done = ring.status === "completed";
  if (ring.isSimulator) {
    return `${done ? "Computed" : "Being computed"} on the built-in exact state-vector simulator, not on quantum hardware.`;
  }
  const backend = ring.backend && !ring.providerLabel.includes(ring.backend) ? ` (${ring.backend})` : "";
  return `${done ? "Computed" : "Being computed"} on quantum hardware: ${ring.providerLabel}${backend}.`;
}

export function wishLocation(wish: Pick<PublicWish, "location">): string {
  const location = wish.location?.trim();
  return location && location !== UNKNOWN_LOCATION ? location : FELLOW_DREAMER_LOCATION;
}

/** "0.8 seconds", "12 seconds": tenths only where they mean something. */
export function formatSeconds(seconds: number): string {
  const value = seconds < 10 ? Math.round(seconds * 10) / 10 : Math.round(seconds);
  return `${value} ${value === 1 ? "second" : "seconds"}`;
}

export function entangledSubtitle(wishCount: number): string {
  return `${countWishes(wishCount)} entangled`;
}

export function shotsSentence(shots: number): string {
  return `Measured over ${shots} ${shots === 1 ? "shot" : "shots"}.`;
}

function cut(text: string, max: number): string {
  const characters = Array.from(text);
  return characters.length <= max ? text : `${characters.slice(0, max - 1).join("")}…`;
}

export interface RingMetaInput {
  ring: Pick<RingView, "id" | "poem" | "status" | "wishes">;
  site: SiteInfo;
}

/** Every tag of /bell/{id} through the shared `pageMeta`: the poem as title, an article, a bell share image. */
export function ringMeta({ ring, site }: RingMetaInput): MetaDescriptor[] {
  const heading = ring.poem ?? RING_TITLE_FALLBACK;
  const wishes = countWishes(ring.wishes.length);
  const description = ring.poem
    ? `“${ring.poem}” ${wishes} entangled in one ring of the ${site.siteName}, and what the qubits answered.`
    : ring.status === "failed"
      ? `${wishes} rang the ${site.siteName} together; the ring did not complete and the wishes returned to the pool.`
      : `${wishes} entangled in one ring of the ${site.siteName}. The qubits are still listening.`;
  return pageMeta(site, {
    title: heading,
    description,
    path: ringPath(ring.id),
    type: "article",
    image: {
      title: cut(ring.poem ?? `A ring of the ${site.siteName}`, OG_TITLE_MAX),
      subtitle: cut(entangledSubtitle(ring.wishes.length), OG_SUBTITLE_MAX),
      variant: "bell",
    },
  });
}
