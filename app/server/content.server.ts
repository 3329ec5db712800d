import { Marked, type Tokens } from "marked";
import { wrapTables } from "~/lib/table-regions";

/**
 * The site's Markdown (app/content) is bundled into the Worker as raw text and rendered here, on the server only:
 * no Markdown or parser reaches the browser. Raw HTML in Markdown is shown as text, and links are limited to
 * http(s), mailto and site paths, so even a careless edit cannot inject markup or scripts.
 */

export interface ContentMeta {
  title: string;
  description: string;
  date?: string;
  author?: string;
  order?: number;
}

export interface ContentEntry extends ContentMeta {
  slug: string;
}

export interface RenderedContent extends ContentEntry {
  html: string;
}

export interface FaqItem {
  question: string;
  answerHtml: string;
  answerText: string;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]);
}

const SAFE_HREF = /^(https?:\/\/|mailto:|\/(?!\/)|#)/i;

const markdown = new Marked({
  gfm: true,
  hooks: {
    // A table wider than a phone scrolls inside its own box (which the keyboard can reach), not the whole page.
    postprocess: wrapTables,
  },
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(text);
    },
    link({ href, title, tokens }: Tokens.Link) {
      const text = this.parser.parseInline(tokens);
      if (!SAFE_HREF.test(href)) return text;
      const external = /^https?:\/\//i.test(href);
      const titleAttr = title ? ` title="${escapeHtml(title)}"` : "";
      const rel = external ? ' target="_blank" rel="noopener noreferrer"' : "";
      const hint = external ? '<span class="visually-hidden"> (opens in a new tab)</span>' : "";
      return `<a href="${escapeHtml(href)}"${titleAttr}${rel}>${text}${hint}</a>`;
    },
  },
});

function parseFrontMatter(source: string): { meta: ContentMeta; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  const fields: Record<string, string> = {};
  for (const line of (match?.[1] ?? "").split(/\r?\n/)) {
    const separator = line.indexOf(":");
    if (separator > 0) fields[line.slice(0, separator).trim()] = line.slice(separator + 1).trim().replace(/^"(.*)"$/, "$1");
  }
  if (!fields.title || !fields.description) throw new Error("Content is missing its title or description front matter.");
  return {
    meta: {
      title: fields.title,
      description: fields.description,
      ...(fields.date ? { date: fields.date } : {}),
      ...(fields.author ? { author: fields.author } : {}),
      ...(fields.order ? { order: Number(fields.order) } : {}),
    },
    body: match ? source.slice(match[0].length) : source,
  };
}

type RawFiles = Record<string, string>;

function slugOf(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1).replace(/\.md$/, "");
}

/** One folder of Markdown: entries parsed on first use and each page rendered once per isolate. */
function collection(files: RawFiles, sort: (a: ContentEntry, b: ContentEntry) => number) {
  let entries: Map<string, { entry: ContentEntry; body: string }> | undefined;
  const rendered = new Map<string, RenderedContent>();
  const load = () => {
    entries ??= new Map(
      Object.entries(files).map(([path, source]) => {
        const { meta, body } = parseFrontMatter(source);
        const slug = slugOf(path);
        return [slug, { entry: { slug, ...meta }, body }];
      }),
    );
    return entries;
  };
  return {
    list(): ContentEntry[] {
      return [...load().values()].map(({ entry }) => entry).sort(sort);
    },
    get(slug: string): RenderedContent | undefined {
      const cached = rendered.get(slug);
      if (cached) return cached;
      const found = load().get(slug);
      if (!found) return undefined;
      const page = { ...found.entry, html: markdown.parse(found.body, { async: false }) };
      rendered.set(slug, page);
      return page;
    },
    body(slug: string): string | undefined {
      return load().get(slug)?.body;
    },
  };
}

const byOrder = (a: ContentEntry, b: ContentEntry) => (a.order ?? 0) - (b.order ?? 0);
const newestFirst = (a: ContentEntry, b: ContentEntry) => (b.date ?? "").localeCompare(a.date ?? "");

const raw = (files: Record<string, unknown>) => files as RawFiles;

export const pages = collection(
  raw(import.meta.glob("../content/pages/*.md", { query: "?raw", import: "default", eager: true })),
  byOrder,
);
export const axioms = collection(
  raw(import.meta.glob("../content/axioms/*.md", { query: "?raw", import: "default", eager: true })),
  byOrder,
);
export const research = collection(
  raw(import.meta.glob("../content/research/*.md", { query: "?raw", import: "default", eager: true })),
  newestFirst,
);
export const blog = collection(
  raw(import.meta.glob("../content/blog/*.md", { query: "?raw", import: "default", eager: true })),
  newestFirst,
);

/** A content page or a 404: unknown slugs never render an empty page. */
export function requireContent(found: RenderedContent | undefined): RenderedContent {
  if (!found) throw new Response(null, { status: 404 });
  return found;
}

let faqCache: { page: ContentEntry; intro: string; items: FaqItem[] } | undefined;

/** The FAQ is one Markdown file: each `##` heading is a question, everything up to the next one its answer. */
export function faq() {
  if (faqCache) return faqCache;
  const page = pages.list().find((entry) => entry.slug === "faq");
  const body = pages.body("faq");
  if (!page || body === undefined) throw new Error("app/content/pages/faq.md is missing.");
  const tokens = markdown.lexer(body);
  const items: FaqItem[] = [];
  const intro: Tokens.Generic[] = [];
  let current: { question: string; tokens: Tokens.Generic[] } | undefined;
  const flush = () => {
    if (!current) return;
    const answer = Object.assign(current.tokens, { links: tokens.links });
    const answerHtml = markdown.parser(answer as Parameters<typeof markdown.parser>[0]);
    items.push({ question: current.question, answerHtml, answerText: plainText(answerHtml) });
  };
  for (const token of tokens) {
    if (token.type === "heading" && (token as Tokens.Heading).depth === 2) {
      flush();
      current = { question: (token as Tokens.Heading).text, tokens: [] };
    } else (current ? current.tokens : intro).push(token);
  }
  flush();
  faqCache = {
    page,
    intro: markdown.parser(Object.assign(intro, { links: tokens.links }) as Parameters<typeof markdown.parser>[0]),
    items,
  };
  return faqCache;
}

function plainText(html: string): string {
  return html
    .replace(/<span class="visually-hidden">[^<]*<\/span>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}
