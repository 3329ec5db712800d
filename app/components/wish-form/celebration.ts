import { ANIMATION_MS, SPARKLE_COUNT } from "~/domain/limits";
import { prefersReducedMotion } from "~/hooks/use-reduced-motion";
import * as styles from "./celebration.css";
import { FIREWORKS_EVENT, type FireworksDetail } from "./events";

const ARC_HEIGHT = 140;
const SPARKLE_FLIGHT_MS = 900;
const SPARKLE_REACH = { min: 40, max: 120 } as const;

/** Where an element's centre is on screen now (viewport coordinates). */
function centreOf(element: Element): { x: number; y: number } {
  const rect = element.getBoundingClientRect();
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}

/** The bottom strip the toast takes (spec: bottom centre), with some to spare. */
const TOAST_CLEARANCE_PX = 160;
/** Room left between the sticky header and the bell. */
const BELOW_HEADER_PX = 16;

/**
 * Where the bell's centre will be on screen once the page has glided to it. On a phone the bell sits far below the
 * Send button: the page scrolls (smoothly) until the bell sits just under the sticky header, or as far as it can, so
 * the star is seen landing and the sparkles are seen bursting, and what the bell card then says (how many wait, whose
 * wishes the next ring takes) stays above the "encoding complete" toast at the bottom (docs/product.md#your-ring).
 */
function glideToBell(bell: Element): { x: number; y: number } {
  const now = centreOf(bell);
  const rect = bell.getBoundingClientRect();
  const header = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
  if (rect.top >= header && rect.bottom <= window.innerHeight - TOAST_CLEARANCE_PX) return now;
  const maxScroll = document.documentElement.scrollHeight - window.innerHeight;
  const target = Math.min(Math.max(0, window.scrollY + rect.top - Math.max(0, header) - BELOW_HEADER_PX), maxScroll);
  window.scrollTo({ top: target, behavior: "smooth" });
  return { x: now.x, y: now.y - (target - window.scrollY) };
}

function fireworks(wishId: string) {
  window.dispatchEvent(new CustomEvent<FireworksDetail>(FIREWORKS_EVENT, { detail: { wishId } }));
}

/**
 * After a wish is encoded: a star flies from the submit button to the bell over 6 s, then the fireworks event
 * fires and 24 sparkles burst around the bell, gone after 3 s (docs/product.md#submitting-a-wish). A bell off screen is glided to first. Purely decorative and never in the way
 * (aria-hidden, no pointer events). With reduced motion only the event fires. Returns a function that stops it all.
 */
export function celebrate(from: Element | null, wishId: string): () => void {
  const bell = document.getElementById("bell-ringer");
  if (prefersReducedMotion() || !from || !bell || typeof Element.prototype.animate !== "function") {
    fireworks(wishId);
    return () => undefined;
  }

  // A layer over the screen, not the page: the star and sparkles stay in sight while the page glides beneath.
  const layer = document.createElement("div");
  layer.className = styles.layer;
  layer.setAttribute("aria-hidden", "true");
  document.body.appendChild(layer);

  const start = centreOf(from);
  const end = glideToBell(bell);
  const star = document.createElement("span");
  star.className = styles.star;
  star.textContent = "★";
  star.style.left = `${start.x}px`;
  star.style.top = `${start.y}px`;
  layer.appendChild(star);

  const dx = end.x - start.x;
  const dy = end.y - start.y;
  const flight = star.animate(
    [
      { transform: "translate(0, 0) scale(0.6)", opacity: 0.4 },
      { transform: `translate(${dx / 2}px, ${dy / 2 - ARC_HEIGHT}px) scale(1.4)`, opacity: 1, offset: 0.5 },
      { transform: `translate(${dx}px, ${dy}px) scale(0.8)`, opacity: 1 },
    ],
    { duration: ANIMATION_MS.starFlight, easing: "cubic-bezier(0.45, 0, 0.25, 1)", fill: "forwards" },
  );

  let cleanup: ReturnType<typeof setTimeout> | undefined;
  flight.finished
    .then(() => {
      star.remove();
      fireworks(wishId);
      for (let index = 0; index < SPARKLE_COUNT; index++) {
        const sparkle = document.createElement("span");
        sparkle.className = styles.sparkle;
        sparkle.style.left = `${end.x}px`;
        sparkle.style.top = `${end.y}px`;
        layer.appendChild(sparkle);
        const angle = (index / SPARKLE_COUNT) * 2 * Math.PI;
        const reach = SPARKLE_REACH.min + Math.random() * (SPARKLE_REACH.max - SPARKLE_REACH.min);
        sparkle.animate(
          [
            { transform: "translate(0, 0) scale(1)", opacity: 1 },
            { transform: `translate(${Math.cos(angle) * reach}px, ${Math.sin(angle) * reach}px) scale(0.3)`, opacity: 0 },
          ],
          {
            duration: SPARKLE_FLIGHT_MS,
            delay: (index / SPARKLE_COUNT) * ANIMATION_MS.sparkleSpawn,
            easing: "ease-out",
            fill: "forwards",
          },
        );
      }
      cleanup = setTimeout(() => layer.remove(), ANIMATION_MS.sparkleCleanup);
    })
    // Cancelled because the page went away: nothing left to show.
    .catch(() => undefined);

  return () => {
    flight.cancel();
    clearTimeout(cleanup);
    layer.remove();
  };
}
