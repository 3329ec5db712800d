import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { endSession, LOGIN_PATH, refuseCrossSite } from "~/server/admin/auth.server";

export async function loader() {
  return redirect("/admin");
}

export async function action({ request, context }: ActionFunctionArgs) {
  refuseCrossSite(request, context.cloudflare.env);
  return redirect(LOGIN_PATH, { headers: await endSession(request, context.cloudflare.env) });
}
