// Node module hooks that let Node import the built Worker as workerd would before its first request: the platform's
// own modules (`cloudflare:*`) become empty stand-ins, and the data files wrangler's module rules load (.wasm, .woff,
// the country list's .json) become empty values. Used with `node --import` (test/bundle/start-up-work.test.ts).
import { register } from "node:module";

const STUBS = {
  "cloudflare:workers":
    "export class DurableObject { constructor(ctx, env) { this.ctx = ctx; this.env = env; } } export class WorkerEntrypoint {} export const env = {};",
};

export async function resolve(specifier, context, next) {
  if (specifier.startsWith("cloudflare:")) {
    return { url: `data:text/javascript,${encodeURIComponent(STUBS[specifier] ?? "export default {};")}`, shortCircuit: true };
  }
  if (/\.(wasm|woff|json)$/.test(specifier)) return { url: "data:text/javascript,export default [];", shortCircuit: true };
  return next(specifier, context);
}

if (!import.meta.url.includes("?hooks")) register(`${import.meta.url}?hooks`);
