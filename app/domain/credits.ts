import { LOW_CREDIT_THRESHOLD } from "./limits";
import { creditsAvailable, creditsLow, CREDITS_OUT } from "./messages";

export type CreditTone = "error" | "warning" | "normal";

export interface CreditBanner {
  tone: CreditTone;
  text: string;
}

export function hasCredits(seconds: number): boolean {
  return seconds > 0;
}

// One second of provider time is shown to visitors as one wish.
export function creditBanner(seconds: number): CreditBanner {
  if (!hasCredits(seconds)) return { tone: "error", text: CREDITS_OUT };
  const wishes = Math.floor(seconds);
  if (seconds <= LOW_CREDIT_THRESHOLD) return { tone: "warning", text: creditsLow(wishes) };
  return { tone: "normal", text: creditsAvailable(wishes) };
}
