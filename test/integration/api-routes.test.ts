import type { ServerBuild } from "@remix-run/cloudflare";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { endpoint } from "~/domain/contract/endpoint";
import { apiRoute, serve } from "~/server/edge/api-route.server";
import { noContent } from "~/server/edge/http.server";
import { matchApiRoute } from "../../workers/api-routes";
import { ORIGIN } from "../support/api";
import { remixBuild } from "../support/build";

const build = remixBuild;

function match(path: string, method = "GET") {
  const url = new URL(path, ORIGIN);
  return matchApiRoute(build, new Request(url, { method }), url);
}

const handlerOf = (routeId: string) => build.routes[routeId]?.module.loader;

describe("the JSON API's own dispatch (ADR 0015)", () => {
  it("finds every API route of the build, by method, without Remix's request handler", () => {
    const apiRouteIds = Object.keys(build.routes).filter((id) => id.startsWith("routes/api."));
    expect(apiRouteIds.length).toBeGreaterThanOrEqual(16);
    expect(match("/api/bell/ring", "POST")?.handler).toBe(handlerOf("routes/api.bell.ring"));
    expect(match("/api/wishes", "POST")?.handler).toBe(handlerOf("routes/api.wishes._index"));
    expect(match("/api/stats")?.handler).toBe(handlerOf("routes/api.stats"));
    expect(match("/api/wishes/status/pending")?.handler).toBe(handlerOf("routes/api.wishes.status.pending"));
  });

  it("ranks as Remix does: a static segment wins over a parameter, and nested routes get their parameters", () => {
    expect(match("/api/wishes/wall")?.handler).toBe(handlerOf("routes/api.wishes.wall"));
    expect(match("/api/wishes/live-activity")?.handler).toBe(handlerOf("routes/api.wishes.live-activity"));
    expect(match("/api/wishes/01HZX")).toMatchObject({ handler: handlerOf("routes/api.wishes.$id"), params: { id: "01HZX" } });
    expect(match("/api/wishes/01HZX/resonate", "POST")).toMatchObject({
      handler: handlerOf("routes/api.wishes.$id.resonate"),
      params: { id: "01HZX" },
    });
    expect(match("/api/wishes/01HZX/report", "POST")).toMatchObject({ handler: handlerOf("routes/api.wishes.$id.report"), params: { id: "01HZX" } });
  });

  it("leaves pages, unknown addresses and HEAD to Remix", () => {
    expect(match("/")).toBeUndefined();
    expect(match("/about")).toBeUndefined();
    expect(match("/api/no-such-thing")).toBeUndefined();
    expect(match("/api/stats", "HEAD")).toBeUndefined();
  });
});

const aGet = (path: string) => endpoint({ method: "GET", path, output: () => z.null() });

describe("a request the API dispatch takes", () => {
  it("is never handed on to Remix: only apiRoute loaders, which always answer, are taken", () => {
    const plain = { id: "routes/api.plain", path: "api/plain", parentId: "root", module: { loader: async () => new Response("plain") } };
    const branded = { id: "routes/api.branded", path: "api/branded", parentId: "root", module: { loader: apiRoute(serve(aGet("/api/branded"), async () => noContent())) } };
    const tiny = { ...build, routes: { root: build.routes.root, [plain.id]: plain, [branded.id]: branded } } as unknown as ServerBuild;
    const at = (path: string) => matchApiRoute(tiny, new Request(new URL(path, ORIGIN)), new URL(path, ORIGIN));
    expect(at("/api/plain")).toBeUndefined();
    expect(at("/api/branded")?.handler).toBe(branded.module.loader);
  });

  it("answers whatever its handler throws as JSON, once", async () => {
    let calls = 0;
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const dispatch = apiRoute(
      serve(aGet("/api/boom"), async () => {
        calls += 1;
        throw new Error("boom");
      }),
    );
    const answer = await dispatch({ request: new Request(ORIGIN), params: {}, context: {} } as never);
    expect(answer.status).toBe(500);
    expect(await answer.json()).toMatchObject({ success: false });
    expect(calls).toBe(1);
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });
});
