import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import * as serverBuild from "@quantum-bell/server-build";
import { bellRoom } from "~/server/bell-room-client.server";
import { withSecurityHeaders } from "~/server/security-headers.server";
import "~/load-context";

export { BellRoom } from "./bell-room";

const handleRemixRequest = createRequestHandler(serverBuild as unknown as ServerBuild);

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname === "/ws") return bellRoom(env).fetch(request);
    const response = await handleRemixRequest(request, { cloudflare: { env, ctx } });
    return withSecurityHeaders(response, url);
  },

  async scheduled(_controller, env, ctx) {
    // The BellRoom owns every ring, so the cron only nudges it to advance unfinished jobs.
    ctx.waitUntil(bellRoom(env).poll());
  },
} satisfies ExportedHandler<Env>;
