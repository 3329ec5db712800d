import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

// Issue 32, ADR 0080: an isolate imports the whole Worker before its first request, so nothing runs at import that a
// request may not need. The built Worker is imported in Node with the platform's modules stubbed (the same chunks
// workerd evaluates), and what it did on the way is counted.
const root = join(import.meta.dirname, "..", "..");
const support = join(import.meta.dirname, "support");

function importWorker(): { schemas: { type: string; from: string }[]; tables: { name: string; from: string }[] } {
  const output = execFileSync(process.execPath, ["--import", join(support, "platform-stubs.mjs"), join(support, "import-worker.mjs"), join(root, "build", "server", "worker.js")], {
    cwd: root,
    encoding: "utf8",
  });
  return JSON.parse(output.trim().split("\n").at(-1)!) as ReturnType<typeof importWorker>;
}

describe("the Worker's start-up", () => {
  let work: ReturnType<typeof importWorker>;
  beforeAll(() => {
    work = importWorker();
  });

  it("builds no zod schema: each is built on its first use (onFirstUse)", () => {
    const { schemas } = work;
    // On failure, `from` names the chunk and column that built each one.
    expect(schemas).toEqual([]);
  });

  it("builds no D1 table: each is built by the first query (onFirstUse)", () => {
    const { tables } = work;
    expect(tables).toEqual([]);
  });
});
