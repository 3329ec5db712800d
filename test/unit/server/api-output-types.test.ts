import { join } from "node:path";
import ts from "typescript";
import { describe, expect, expectTypeOf, it } from "vitest";
import { API } from "~/domain/contract/api";
import type { ApiHandler, ApiOutput, serve as serveCall } from "~/server/edge/api-route.server";
import type { json as jsonCall, JsonResponse, noContent as noContentCall, ok as okCall } from "~/server/edge/http.server";

// A handler's success body is held to its declaration's output by the type checker (docs/architecture.md#where-things-go).
// The `@ts-expect-error` lines below fail `npm run typecheck` (part of `npm test`) the day a wrong body compiles; the
// last test plants a route module and asks the compiler itself, so this lane fails too.

type Helpers = { serve: typeof serveCall; ok: typeof okCall; json: typeof jsonCall; noContent: typeof noContentCall };

// Never called: it exists to be type-checked.
export function compileChecks({ serve, ok, json, noContent }: Helpers) {
  // The declared bodies compile.
  serve(API.pushKey, async () => ok({ publicKey: "BPk" }));
  serve(API.resonate, async () => ok({ alreadyResonated: false, newCount: 3 }));
  serve(API.cspReport, async () => noContent());
  serve(API.ring, async () => json({ success: true, bellRingId: "r", message: "m", data: { batches: [], pendingLeft: 0, cooldownSeconds: 60 } }));

  // @ts-expect-error a field of the wrong type
  serve(API.resonate, async () => ok({ alreadyResonated: false, newCount: "3" }));
  // @ts-expect-error a field the declaration requires is missing
  serve(API.pushKey, async () => ok({}));
  // @ts-expect-error another call's body
  serve(API.pushKey, async () => ok({ subscribed: true }));
  // @ts-expect-error a bare Response promises nothing
  serve(API.pushKey, async () => new Response("{}"));
  // @ts-expect-error a body where the declaration answers none
  serve(API.cspReport, async () => ok({}));
  // @ts-expect-error the ring's answer without `success: true`
  serve(API.ring, async () => json({ success: false, bellRingId: "r", message: "m", data: { batches: [], pendingLeft: 0, cooldownSeconds: 60 } }));
}

describe("a handler's answer and the contract", () => {
  it("is typed as the declared output's input shape", () => {
    expectTypeOf<ApiOutput<typeof API.pushKey>>().toEqualTypeOf<{ success: true; publicKey: string }>();
    expectTypeOf<ReturnType<ApiHandler<typeof API.pushKey>>>().toEqualTypeOf<Promise<JsonResponse<{ success: true; publicKey: string }>>>();
    expectTypeOf<JsonResponse<{ a: 1 }>>().toMatchTypeOf<Response>();
    expectTypeOf<Response>().not.toMatchTypeOf<JsonResponse<unknown>>();
  });

  it("a planted route whose handler answers a body the contract does not declare does not compile", { timeout: 120_000 }, () => {
    const root = join(import.meta.dirname, "../../..");
    const config = ts.getParsedCommandLineOfConfigFile(join(root, "tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
    const planted = join(root, "app/routes/api.planted-output.ts");
    const code = [
      `import { API } from "~/domain/contract/api";`,
      `import { apiRoute, serve } from "~/server/edge/api-route.server";`,
      `import { ok } from "~/server/edge/http.server";`,
      `export const right = apiRoute(serve(API.stats, async () => ok({ stats: { totalWishes: 1, countriesEntangled: 1, mostActiveLocations: [] } })));`,
      `export const wrong = apiRoute(serve(API.stats, async () => ok({ stats: { totalWishes: "1", countriesEntangled: 1, mostActiveLocations: [] } })));`,
      `export const bare = apiRoute(serve(API.stats, async () => Response.json({ success: true })));`,
    ].join("\n");
    const host = ts.createCompilerHost(config.options);
    const readFile = host.readFile.bind(host);
    const fileExists = host.fileExists.bind(host);
    host.readFile = (file) => (file === planted ? code : readFile(file));
    host.fileExists = (file) => file === planted || fileExists(file);
    const program = ts.createProgram([planted], config.options, host);
    const lines = ts
      .getPreEmitDiagnostics(program, program.getSourceFile(planted))
      .filter((diagnostic) => diagnostic.file?.fileName === planted)
      .map((diagnostic) => diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start!).line + 1);
    expect([...new Set(lines)]).toEqual([5, 6]);
  });
});
