import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/server/admin/auth.server";
import { recordAdminAction } from "~/server/admin/audit.server";
import { toCsv } from "~/server/admin/csv.server";
import { mailableSubscribers } from "~/server/admin/dashboard.server";

const iso = (ms: number | null) => (ms === null ? "" : new Date(ms).toISOString());

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const actor = await requireAdmin(request, env);
  // Only addresses that may be mailed: an operator mailing from this file never reaches one that said stop.
  const rows = await mailableSubscribers(env);
  const csv = toCsv(
    ["email", "subscribed_at", "confirmed_at"],
    rows.map((row) => [row.email, iso(row.createdAt), iso(row.confirmedAt)]),
  );
  const day = new Date().toISOString().slice(0, 10);
  await recordAdminAction(env, { actor, action: "subscribers: export", target: "subscribers CSV", outcome: `Exported ${rows.length} mailable ${rows.length === 1 ? "address" : "addresses"}.` });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="subscribers-${day}.csv"`,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
