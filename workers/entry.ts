import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import * as serverBuild from "@quantum-bell/server-build";
import { withSecurityHeaders } from "~/server/security-headers.server";
import { forwardToRoom, isSocketPath, onSchedule } from "./room-routes";
import "~/load-context";

export { BellRoom } from "./bell-room";

const handleRemixRequest = createRequestHandler(serverBuild as unknown as ServerBuild);

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (isSocketPath(url)) return forwardToRoom(request, env);
    const response = await handleRemixRequest(request, { cloudflare: { env, ctx } });
    return withSecurityHeaders(response, url);
  },

  async scheduled(_controller, env, ctx) {
    onSchedule(env, ctx);
  },
} satisfies ExportedHandler<Env>;
