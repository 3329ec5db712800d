// Imports the built Worker (build/server/worker.js) as an isolate does before its first request and prints, as JSON,
// the work done on the way that a request may not need, each with the outermost frame of the build that did it (the
// chunk whose top level started it):
// - zod schemas built, counted through zod's own hook on every schema it constructs;
// - D1 tables built: drizzle's `sqliteTable` ends with `Object.assign(table, columns)` on a table that already
//   carries its name under `Symbol.for("drizzle:Name")`, which is what is watched for here.
const origin = () => new Error().stack.split("\n").filter((line) => line.includes("/build/server/")).at(-1)?.trim() ?? "?";

const schemas = [];
globalThis.__zod_globalConfig = {
  postProcessor(schema) {
    schemas.push({ type: schema._zod.def.type, from: origin() });
  },
};

const tables = [];
const TABLE_NAME = Symbol.for("drizzle:Name");
const assign = Object.assign;
Object.assign = function (target, ...sources) {
  if (target !== null && typeof target === "object" && Object.hasOwn(target, TABLE_NAME)) tables.push({ name: target[TABLE_NAME], from: origin() });
  return assign(target, ...sources);
};

await import(process.argv[2]);
console.log(JSON.stringify({ schemas, tables }));
