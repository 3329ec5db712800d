import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { API_PREFIX } from "~/domain/contract/endpoint";
import { settingsOf } from "~/server/edge/settings.server";

export function loader({ context }: LoaderFunctionArgs) {
  const siteUrl = settingsOf(context.cloudflare.env).SITE_URL;
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    `Disallow: ${API_PREFIX}`,
    "Disallow: /newsletter",
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
