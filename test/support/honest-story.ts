import { expect } from "vitest";
import { COST_PER_RING_USD } from "~/domain/limits";
import type { Locale } from "~/domain/locale";
import { STORY_SENTENCES, type Story, type StoryKey } from "~/domain/provider-story";
import { translatorFor } from "~/i18n/catalogues.server";

// Issue 35: every sentence about where a ring runs follows the configured provider, checked on the pages as served
// (test/integration/honest-story.test.ts) and in the dialogs as drawn (test/e2e/honest-story.e2e.ts).

/** What the pages said before issue 35, in English: each claimed quantum hardware whatever the provider. */
const OLD_CLAIMS = [
  /runs on a quantum computer/i,
  /measured on a quantum computer/i,
  /entangled on real quantum hardware/i,
  /why we chose a real quantum computer/i,
  /When the quantum service is available, yes/i,
  /of quantum computer time\. A gift/i,
  /uses real time on a quantum computer/i,
  /Operating costs are the quantum computer time/i,
];

export function storySentence(locale: Locale, story: Story, key: StoryKey): string {
  return translatorFor(locale)(STORY_SENTENCES[key][story], { cost: COST_PER_RING_USD });
}

/** `said` tells `story`'s sentence for each key and not `other`'s; in English, none of the old claims. */
export function expectTold(said: string, locale: Locale, story: Story, other: Story, keys: StoryKey[]): void {
  for (const key of keys) {
    expect(said, `${locale} ${story} ${key}`).toContain(storySentence(locale, story, key));
    expect(said, `${locale} ${story} must not say the ${other} ${key}`).not.toContain(storySentence(locale, other, key));
  }
  if (story === "simulator" && locale === "en") for (const claim of OLD_CLAIMS) expect(said).not.toMatch(claim);
}
