import { escapeAttribute } from "./html-attribute.server";

/**
 * React 19 hoists Remix's `<link rel="modulepreload">` tags into the head ahead of the route stylesheets, so on an
 * HTTP/1.1 connection (six per host) a first visit fetched every script chunk before the CSS that first paint waits
 * for. This moves the module preloads to the end of the head: stylesheets are asked for first, scripts right after,
 * and the document is otherwise what React rendered (ADR 0011).
 */

// The page's catalogue (ADR 0074) is needed by hydration, not by first paint: it follows the stylesheets too.
const MODULE_PRELOAD = 'head link[rel="modulepreload"], head link[data-catalogue]';

function serialiseLink(attributes: Iterable<string[]>): string {
  let html = "<link";
  for (const [name, value] of attributes) html += value === "" ? ` ${name}` : ` ${name}="${escapeAttribute(value)}"`;
  return `${html}/>`;
}

/** Streams `body` with every module preload of the head (and the catalogue's) moved just before `</head>`, in their order; other runtimes get it unchanged. */
export function stylesheetsBeforeModulePreloads(body: ReadableStream, headers: Headers, status: number): Response {
  const response = new Response(body, { headers, status });
  // Vite's dev server renders in Node, which has no HTMLRewriter; the order only matters for the built site.
  if (typeof HTMLRewriter === "undefined") return response;

  const preloads: string[] = [];
  return new HTMLRewriter()
    .on(MODULE_PRELOAD, {
      element(link) {
        // HTMLRewriter's element yields [name, value] pairs; the DOM library's `Element` type shadows it in this project.
        preloads.push(serialiseLink(link.attributes as unknown as Iterable<string[]>));
        link.remove();
      },
    })
    .on("head", {
      element(head) {
        head.onEndTag((end) => {
          end.before(preloads.join(""), { html: true });
        });
      },
    })
    .transform(response);
}
