import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// What the build makes, inspected in Node: the Worker bundle wrangler would upload, and that Worker under
// `wrangler dev` (test/bundle/).
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    environment: "node",
    include: ["test/bundle/**/*.test.ts"],
    testTimeout: 30_000,
  },
});
