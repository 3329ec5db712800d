// Writes one bench's latest figures into bench/README.md, between markers named after the bench.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const readme = fileURLToPath(new URL("../README.md", import.meta.url));

export function writeSection(name, markdown) {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const text = readFileSync(readme, "utf8");
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  const next = from >= 0 && to > from ? text.slice(0, from) + block + text.slice(to + end.length) : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(readme, next);
}

export const ms = (value) => `${Number(value).toFixed(1)} ms`;
export const today = () => new Date().toISOString().slice(0, 10);
