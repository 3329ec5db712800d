// Stands in for `brotli/decompress.js` in the Worker (wrangler.toml [alias]) and the test pool (vitest.workerd.ts).
// fontkit imports that Brotli decoder (480 KB) for WOFF2 files at load time; the share card's fonts are TrueType
// (ADR 0028), so it is never called, and leaving it out keeps the Worker's upload under the free plan's limit.
export default function decompress() {
  throw new Error("WOFF2 fonts are not read by the share card");
}
