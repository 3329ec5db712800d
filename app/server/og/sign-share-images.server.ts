import { escapeAttribute, unescapeAttribute } from "../edge/html-attribute.server";
import { OG_PATH, signOgPath } from "./signature.server";

interface RewrittenElement {
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
}

/**
 * Signs every share card the server's HTML names in a meta tag (og:image, twitter:image): crawlers and link previews
 * read exactly this HTML, and the browser's own first render reuses these URLs (`signedCardUrl` in app/lib/meta.ts),
 * so hydration meets the same tags. The ring's story image comes signed in its loader's data (ADR 0026).
 */
export function signShareImages(response: Response, env: Env): Response {
  if (typeof HTMLRewriter === "undefined") return response;
  return new HTMLRewriter()
    .on("meta[content*='/og']", {
      async element(element: RewrittenElement) {
        const raw = element.getAttribute("content");
        if (raw === null) return;
        const value = unescapeAttribute(raw);
        let url: URL;
        try {
          url = new URL(value, "http://page.invalid");
        } catch {
          return;
        }
        if (url.pathname !== OG_PATH) return;
        element.setAttribute("content", escapeAttribute(await signOgPath(env, value)));
      },
    })
    .transform(response);
}
