import "~/domain/zod-config";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { onFirstUse } from "~/domain/on-first-use";

/** Counts the zod schemas built while `run` runs, through zod's own hook on every schema it constructs. */
function schemasBuilt(run: () => void): number {
  const config = (globalThis as { __zod_globalConfig?: { postProcessor?: (schema: unknown) => void } }).__zod_globalConfig!;
  let count = 0;
  const before = config.postProcessor;
  config.postProcessor = () => void count++;
  try {
    run();
  } finally {
    config.postProcessor = before;
  }
  return count;
}

describe("onFirstUse", () => {
  it("builds nothing until first read, then builds once", () => {
    let builds = 0;
    let schema!: z.ZodString;
    expect(
      schemasBuilt(() => {
        schema = onFirstUse(() => {
          builds++;
          return z.string().min(2);
        });
      }),
    ).toBe(0);
    expect(builds).toBe(0);
    expect(schema.safeParse("ab").success).toBe(true);
    expect(schema.safeParse("a").success).toBe(false);
    expect(builds).toBe(1);
  });

  it("stands in for the schema inside other schemas, unions and extensions", () => {
    const name = onFirstUse(() => z.string().min(1));
    const person = onFirstUse(() => z.object({ name, age: z.number().optional() }));
    const event = onFirstUse(() =>
      z.discriminatedUnion("type", [z.object({ type: z.literal("hello"), who: person }), z.object({ type: z.literal("bye") })]),
    );
    expect(event.parse({ type: "hello", who: { name: "Ana" } })).toEqual({ type: "hello", who: { name: "Ana" } });
    expect(event.safeParse({ type: "hello", who: { name: "" } }).success).toBe(false);
    expect(person.extend({ city: z.string() }).parse({ name: "Ana", city: "Lima" })).toEqual({ name: "Ana", city: "Lima" });
    expect(z.array(person).optional().parse([{ name: "Bo" }])).toEqual([{ name: "Bo" }]);
    expect(person.shape.name.parse("Cy")).toBe("Cy");
  });

  it("answers instanceof, `in` and property lists as the built value", () => {
    const schema = onFirstUse(() => z.object({ a: z.string() }));
    expect(schema instanceof z.ZodObject).toBe(true);
    expect(schema instanceof z.ZodString).toBe(false);
    expect("parse" in schema).toBe(true);
    expect(Object.keys(schema)).toEqual(Object.keys(z.object({ a: z.string() })));
  });

  it("counts each schema zod builds, so a test can see that none is built early", () => {
    expect(schemasBuilt(() => z.object({ a: z.string() }))).toBe(2);
  });
});
