import { defineConfig } from "vitest/config";

// What the build makes, inspected in Node: the Worker bundle wrangler would upload (test/bundle/).
export default defineConfig({
  test: {
    environment: "node",
    include: ["test/bundle/**/*.test.ts"],
    testTimeout: 30_000,
  },
});
