import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import pixelmatch from "pixelmatch";
import { PNG } from "pngjs";

const root = join(import.meta.dirname, "..", "..", "..");
const BASELINES = join(root, "test", "e2e", "__screenshots__");
const FAILURES = join(root, ".tmp", "screenshots");
/** Per-pixel colour distance pixelmatch still calls equal (its default), and the share of pixels allowed to differ. */
const PIXEL_THRESHOLD = 0.1;
const MAX_DIFFERENT_SHARE = 0.002;

/**
 * Compares a screenshot with its committed baseline (test/e2e/__screenshots__/<name>.png). A missing baseline is
 * written (and the test passes) unless CI is set; UPDATE_SCREENSHOTS=1 rewrites them all. On a mismatch the actual
 * image and a diff (changed pixels in red) are written to .tmp/screenshots/ and the error names both.
 */
export function expectScreenshot(name: string, actual: Buffer): void {
  const baselinePath = join(BASELINES, `${name}.png`);
  if (process.env.UPDATE_SCREENSHOTS === "1" || !existsSync(baselinePath)) {
    if (process.env.CI && process.env.UPDATE_SCREENSHOTS !== "1") {
      throw new Error(`No baseline for screenshot "${name}": run the e2e suite with UPDATE_SCREENSHOTS=1 and commit ${relative(root, baselinePath)}.`);
    }
    mkdirSync(BASELINES, { recursive: true });
    writeFileSync(baselinePath, actual);
    return;
  }
  const expected = PNG.sync.read(readFileSync(baselinePath));
  const image = PNG.sync.read(actual);
  mkdirSync(FAILURES, { recursive: true });
  const actualPath = join(FAILURES, `${name}.actual.png`);
  if (expected.width !== image.width || expected.height !== image.height) {
    writeFileSync(actualPath, actual);
    throw new Error(
      `Screenshot "${name}" is ${image.width}×${image.height}, its baseline ${expected.width}×${expected.height}. ` +
        `Actual: ${relative(root, actualPath)}; baseline: ${relative(root, baselinePath)}.`,
    );
  }
  const diff = new PNG({ width: image.width, height: image.height });
  const different = pixelmatch(expected.data, image.data, diff.data, image.width, image.height, { threshold: PIXEL_THRESHOLD });
  const share = different / (image.width * image.height);
  if (share <= MAX_DIFFERENT_SHARE) return;
  const diffPath = join(FAILURES, `${name}.diff.png`);
  writeFileSync(actualPath, actual);
  writeFileSync(diffPath, PNG.sync.write(diff));
  throw new Error(
    `Screenshot "${name}" differs from its baseline in ${different} pixels (${(share * 100).toFixed(2)} %, at most ` +
      `${MAX_DIFFERENT_SHARE * 100} % allowed). Diff (red = changed): ${relative(root, diffPath)}; actual: ` +
      `${relative(root, actualPath)}; baseline: ${relative(root, baselinePath)}. If the change is intended, rerun with UPDATE_SCREENSHOTS=1.`,
  );
}
