// Imports the built Worker (build/server/worker.js) as an isolate does before its first request and prints, as JSON,
// the work done on the way that a request may not need: here, the zod schemas built (counted through zod's own hook
// on every schema it constructs), each with the chunk whose top level built it.
const built = [];
globalThis.__zod_globalConfig = {
  postProcessor(schema) {
    const frames = new Error().stack.split("\n").filter((line) => line.includes("/build/server/"));
    built.push({ type: schema._zod.def.type, from: frames.at(-1)?.trim() ?? "?" });
  },
};
await import(process.argv[2]);
console.log(JSON.stringify({ schemas: built }));
