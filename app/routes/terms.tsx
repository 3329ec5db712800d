import { pages, requireContent } from "~/server/content.server";

export { contentMeta as meta, ContentRoute as default } from "~/components/content/content-route";

export const loader = () => requireContent(pages.get("terms"));
