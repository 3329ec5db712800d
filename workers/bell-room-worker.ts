// Only for `npm run dev`: Remix's Vite dev proxy cannot host a Durable Object, so this Worker hosts the BellRoom
// (sockets, rings, alarms, cron) and the dev proxy reaches it through `script_name` (docs/decisions/0002-serving.md).
import { forwardToRelay, isSocketPath, onSchedule } from "./room-routes";

export { BellRoom } from "./bell-room/bell-room";
export { BellRelay } from "./bell-relay";

export default {
  async fetch(request, env) {
    if (isSocketPath(new URL(request.url))) return forwardToRelay(request, env);
    return new Response("This Worker only hosts the BellRoom for development.", { status: 404 });
  },

  async scheduled(controller, env, ctx) {
    ctx.waitUntil(onSchedule(env, controller.scheduledTime));
  },
} satisfies ExportedHandler<Env>;
