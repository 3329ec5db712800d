import { OG_PATH, signOgPath } from "./signature.server";

/**
 * Signs every share card the server's HTML names: the og:image and twitter:image tags and links to /og. Crawlers and
 * link previews read exactly this HTML. The one card a page draws again in the browser (the ring's story image)
 * comes signed in its loader's data, so hydration and later renders keep the same URL (ADR 0026).
 */
export function signShareImages(response: Response, env: Pick<Env, "HASH_SECRET">): Response {
  if (typeof HTMLRewriter === "undefined") return response;
  const names = (value: string | null) => value !== null && new URL(value, "http://page.invalid").pathname === OG_PATH;
  const sign = (attribute: string) => ({
    async element(element: { getAttribute(name: string): string | null; setAttribute(name: string, value: string): void }) {
      const value = element.getAttribute(attribute);
      if (names(value)) element.setAttribute(attribute, await signOgPath(env, value!));
    },
  });
  return new HTMLRewriter().on("meta[content*='/og']", sign("content")).on("a[href*='/og']", sign("href")).transform(response);
}
