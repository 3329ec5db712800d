import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultSettings, settingNames } from "~/server/edge/settings.server";

/** The README's settings table (## Configure): setting → default as written ("—" for none). */
function readmeTable(): Map<string, string> {
  const readme = readFileSync(join(import.meta.dirname, "..", "..", "..", "README.md"), "utf8");
  const start = readme.indexOf("| setting | default | what |");
  expect(start, "the README has the settings table").toBeGreaterThan(-1);
  const rows = new Map<string, string>();
  for (const line of readme.slice(start).split("\n").slice(2)) {
    if (!line.startsWith("|")) break;
    const [name, fallback] = line.split("|").slice(1, 3).map((cell) => cell.trim().replace(/^`|`$/g, ""));
    expect(rows.has(name), `${name} is in the table once`).toBe(false);
    rows.set(name, fallback);
  }
  return rows;
}

/** A parsed default as the table writes it: flags as the 0/1 an operator sets, nothing as "—". */
function written(value: unknown): string {
  if (value === null || value === "") return "—";
  if (typeof value === "boolean") return value ? "1" : "0";
  return String(value);
}

describe("the README's settings table", () => {
  it("names every setting the schema parses, and nothing else", () => {
    expect([...readmeTable().keys()].sort()).toEqual([...settingNames()].sort());
  });

  it("gives each setting the default the schema gives it", () => {
    const defaults = defaultSettings();
    const table = readmeTable();
    for (const name of settingNames()) expect(table.get(name), name).toBe(written(defaults[name]));
  });
});
