import * as serverBuild from "@quantum-bell/server-build";
import type { ServerBuild } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { matchApiRoute } from "../../workers/api-routes";
import { ORIGIN } from "../support/api";

const build = serverBuild as unknown as ServerBuild;

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
