import { describe, expect, it } from "vitest";
import { LOCALES, localizePath } from "~/domain/locale";
import type { Story, StoryKey } from "~/domain/provider-story";
import { servedPage } from "../support/served-page";
import { expectTold, storySentence } from "../support/honest-story";

/**
 * Issue 35: every sentence about where a ring runs follows the configured provider. With the simulator no page
 * claims hardware; with IBM the same places say hardware and name it. Every page and its footer chip, in every
 * language, as the Worker serves them; the dialogs, drawn in the browser, are checked in Chromium
 * (test/e2e/honest-story.e2e.ts).
 */

const PAGES: { path: string; keys: StoryKey[] }[] = [
  { path: "/about", keys: ["runs"] },
  { path: "/why", keys: ["whyTitle", "whyBody"] },
  { path: "/cost", keys: ["costBody", "costFigure", "moneyUse"] },
  { path: "/faq", keys: ["faqHardware", "faqCost"] },
  { path: "/gift", keys: ["giftCost"] },
  { path: "/charity", keys: ["runningCosts"] },
];

const SITES: { story: Story; other: Story; vars: Record<string, string> }[] = [
  { story: "simulator", other: "ibm", vars: { QUANTUM_PROVIDER: "simulator" } },
  { story: "ibm", other: "simulator", vars: { QUANTUM_PROVIDER: "ibm", IBM_API_KEY: "test-ibm-key", IBM_INSTANCE_CRN: "crn:v1:test" } },
];

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'", nbsp: "\u00a0" };

/**
 * The text inside the element whose opening tag holds `opening`, up to `end`, as a reader meets it: no markup,
 * entities read, spaces collapsed.
 */
function textBetween(html: string, opening: string, end: string): string {
  const tag = html.indexOf(opening);
  expect(tag, opening).toBeGreaterThan(-1);
  const from = html.indexOf(">", tag) + 1;
  const to = html.indexOf(end, from);
  expect(to, end).toBeGreaterThan(-1);
  return html
    .slice(from, to)
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x27|#39|amp|lt|gt|quot|nbsp);/g, (_, name: string) => ENTITIES[name])
    .replace(/\s+/g, " ");
}

describe("one honest story about where a ring runs, as the pages are served", () => {
  for (const site of SITES) {
    for (const locale of LOCALES) {
      it(`${site.story}, ${locale}: /about, /why, /cost, /faq, /gift, /charity and the footer chip`, async () => {
        for (const { path, keys } of PAGES) {
          const html = await servedPage(localizePath(path, locale), site.vars);
          expectTold(textBetween(html, "<main", "</main>"), locale, site.story, site.other, keys);
          const chip = textBetween(html, 'data-testid="provider-chip"', "</a>");
          expect(chip).toContain(storySentence(locale, site.story, "chip"));
          if (site.story === "simulator") expect(chip).not.toMatch(/IBM/);
        }
      });
    }
  }
});
