import { basename } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * What each journey file cost when the lane ran on one runner (bench/README.md, session 21): its wall time and the
 * CPU-seconds the whole machine spent meanwhile. A file under one core waits most of its time on the product's own
 * clocks (the bell's swing, the 8 s fallback, the ring cooldown).
 */
const MEASURED: Record<string, { wall: number; busy: number }> = {
  "admin.e2e.ts": { wall: 12.0, busy: 21.3 },
  "bell.e2e.ts": { wall: 37.9, busy: 21.6 },
  "chrome.e2e.ts": { wall: 28.3, busy: 47.8 },
  "for-someone.e2e.ts": { wall: 5.5, busy: 6.4 },
  "health.e2e.ts": { wall: 3.4, busy: 6.1 },
  "home.e2e.ts": { wall: 6.3, busy: 10.7 },
  "honest-story.e2e.ts": { wall: 21.0, busy: 15.7 },
  "ibm.e2e.ts": { wall: 11.4, busy: 4.7 },
  "languages.e2e.ts": { wall: 46.3, busy: 48.0 },
  "layout.e2e.ts": { wall: 55.8, busy: 64.1 },
  "map-tiles-off.e2e.ts": { wall: 5.9, busy: 9.3 },
  "map.e2e.ts": { wall: 16.1, busy: 25.0 },
  "offline.e2e.ts": { wall: 1.7, busy: 3.3 },
  "phone.e2e.ts": { wall: 12.2, busy: 21.5 },
  "privacy.e2e.ts": { wall: 15.0, busy: 9.4 },
  "production-settings.e2e.ts": { wall: 4.6, busy: 7.6 },
  "realtime.e2e.ts": { wall: 24.0, busy: 28.5 },
  "result-labels.e2e.ts": { wall: 2.4, busy: 4.4 },
  "ritual.e2e.ts": { wall: 16.6, busy: 7.3 },
  "screens.e2e.ts": { wall: 9.0, busy: 15.8 },
  "security.e2e.ts": { wall: 6.9, busy: 12.0 },
  "share-sheet.e2e.ts": { wall: 6.7, busy: 7.7 },
  "wishes.e2e.ts": { wall: 39.3, busy: 47.0 },
  "xss-corpus.e2e.ts": { wall: 13.5, busy: 22.9 },
  "your-ring.e2e.ts": { wall: 24.6, busy: 12.9 },
  "your-wish.e2e.ts": { wall: 5.5, busy: 7.3 },
};

/**
 * Orders the journey files so that a file that mostly waits runs beside one that works: the longest of each kind
 * first, taken in turn. Two waiting files side by side leave both cores idle (ADR 0088). Files not measured yet go
 * first, as vitest itself runs unknown files first.
 */
export default class JourneySequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const measured = (spec: TestSpecification) => MEASURED[basename(spec.moduleId)];
    const unknown = files.filter((spec) => !measured(spec));
    const longestFirst = (a: TestSpecification, b: TestSpecification) => measured(b)!.wall - measured(a)!.wall;
    const waiting = files.filter((spec) => measured(spec) && measured(spec)!.busy < measured(spec)!.wall).sort(longestFirst);
    const working = files.filter((spec) => measured(spec) && measured(spec)!.busy >= measured(spec)!.wall).sort(longestFirst);
    const order = [...unknown];
    while (waiting.length || working.length) {
      const next = [working.shift(), waiting.shift()].filter((spec) => spec !== undefined);
      order.push(...next);
    }
    return order;
  }
}
