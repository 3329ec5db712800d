import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { pages, requireContent, routeLocale } from "~/server/pages/content.server";

export { contentMeta as meta, ContentRoute as default } from "~/components/content/content-route";

export const loader = ({ params }: LoaderFunctionArgs) => requireContent(pages.get("terms", routeLocale(params)));
