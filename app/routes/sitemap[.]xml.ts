import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { sitemapEntries, sitemapXml } from "~/server/pages/sitemap.server";
import { settingsOf } from "~/server/edge/settings.server";

export function loader({ context }: LoaderFunctionArgs) {
  const xml = sitemapXml(settingsOf(context.cloudflare.env).SITE_URL, sitemapEntries());
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
