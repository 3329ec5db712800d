import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { endSession, LOGIN_PATH, refuseCrossSite } from "~/server/admin/auth.server";
import { recordAdminAction } from "~/server/admin/audit.server";

export async function loader() {
  return redirect("/admin");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  refuseCrossSite(request, env);
  const { headers, actor } = await endSession(request, env);
  if (actor) await recordAdminAction(env, { actor, action: "sign-out", outcome: "Signed out; the session is ended." });
  return redirect(LOGIN_PATH, { headers });
}
