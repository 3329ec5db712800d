// Rings drawn like the seeded world (scripts/seed.ts): one to five wishes a ring from the demo corpus and its
// countries, each theme classified from its text, measured by the built-in simulator over its real shots.
import { classifyTheme } from "../../app/domain/theme";
import type { VerseRing } from "../../app/domain/verse/verse";
import { COUNTRY_CODES, OPENINGS, WISHES } from "../../scripts/lib/wish-corpus";
import { mulberry32 } from "../../workers/quantum/prng";
import { createSimulatorProvider } from "../../workers/quantum/simulator";

export async function simulatedRings(count: number, seed = 20261207): Promise<VerseRing[]> {
  const random = mulberry32(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const provider = createSimulatorProvider({ remainingSeconds: async () => 0 });
  const rings: VerseRing[] = [];
  for (let index = 0; index < count; index++) {
    const size = 1 + Math.floor(random() * 5);
    const wishes = Array.from({ length: size }, (_, place) => {
      const text = `${pick(OPENINGS)} ${pick(WISHES)}.`;
      return { id: `w${index}-${place}`, text: text.charAt(0).toUpperCase() + text.slice(1), countryCode: pick(COUNTRY_CODES) as string };
    });
    // The simulator seeds its shots from the ring id, as every real ring's does.
    const ringId = `ring-${index}-${Math.floor(random() * 2 ** 32).toString(36)}`;
    const result = await provider.poll(await provider.submit({ ringId, wishes: wishes.map(({ id, text }) => ({ id, text })) }));
    if (result.state !== "completed") throw new Error(`The simulator did not complete ${ringId}`);
    rings.push({ bitstring: result.bitstring, counts: result.counts, wishes: wishes.map(({ text, countryCode }) => ({ theme: classifyTheme(text), countryCode })) });
  }
  return rings;
}
