import { LOW_CREDIT_THRESHOLD } from "./limits";
import { creditsAvailable, creditsLow, CREDITS_OUT, type Translate } from "./messages";

export type CreditTone = "error" | "warning" | "normal";

export interface CreditBanner {
  tone: CreditTone;
  text: string;
}

export function hasCredits(seconds: number): boolean {
  return seconds > 0;
}

// One second of provider time is shown to visitors as one wish.
export function creditBanner(t: Translate, seconds: number): CreditBanner {
  if (!hasCredits(seconds)) return { tone: "error", text: t(CREDITS_OUT) };
  const wishes = Math.floor(seconds);
  if (seconds <= LOW_CREDIT_THRESHOLD) return { tone: "warning", text: creditsLow(t, wishes) };
  return { tone: "normal", text: creditsAvailable(t, wishes) };
}
