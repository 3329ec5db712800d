import { translatorFor } from "~/i18n/catalogues.server";
import { DEFAULT_LOCALE, isLocale, localizePath, type Locale } from "~/domain/locale";
import type { Marked, Tokens } from "marked";
import { wrapTables } from "~/lib/table-regions";
import { expandTemplate, type TemplateValues } from "~/domain/legal-template";

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
  /** The language the text is written in: the page's, or English where no translation exists yet. */
  lang: Locale;
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

// marked builds its grammar's regular expressions when its module is evaluated, a few milliseconds of every cold
// start: it loads with the first page that renders Markdown, once per isolate (ADR 0035).
let markdownReady: Promise<Marked> | undefined;
function markdown(): Promise<Marked> {
  markdownReady ??= import("marked").then(
    ({ Marked }) =>
      new Marked({
        gfm: true,
        hooks: {
          // A table wider than a phone scrolls inside its own box (which the keyboard can reach), not the whole page.
          postprocess: (html: string) => wrapTables(translatorFor(DEFAULT_LOCALE), html),
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
      }),
    (error: unknown) => {
      markdownReady = undefined;
      throw error;
    },
  );
  return markdownReady;
}

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

/** Internal links in a translated text lead to the same language's pages. */
function localizeLinks(html: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return html;
  return html.replace(/href="(\/(?!\/)[^"]*)"/g, (_match, path: string) => `href="${localizePath(path, locale)}"`);
}

/**
 * One folder of Markdown: entries parsed on first use and each page rendered once per isolate. A translation lives
 * beside its English page in a folder named after its language (pages/es/about.md); a page without one is shown in
 * English, and says so.
 */
function collection(files: RawFiles, sort: (a: ContentEntry, b: ContentEntry) => number, translations: RawFiles = {}) {
  let entries: Map<string, { entry: ContentEntry; body: string }> | undefined;
  const rendered = new Map<string, RenderedContent>();
  const load = () => {
    entries ??= new Map(
      [...Object.entries(files), ...Object.entries(translations)].map(([path, source]) => {
        const { meta, body } = parseFrontMatter(source);
        const slug = slugOf(path);
        const folder = /\/([a-z]{2})\/[^/]+\.md$/.exec(path)?.[1];
        const lang = isLocale(folder) ? folder : DEFAULT_LOCALE;
        return [`${lang}:${slug}`, { entry: { slug, ...meta }, body }];
      }),
    );
    return entries;
  };
  const find = (slug: string, locale: Locale) => {
    const own = load().get(`${locale}:${slug}`);
    return own ? { ...own, lang: locale } : { ...load().get(`${DEFAULT_LOCALE}:${slug}`), lang: DEFAULT_LOCALE };
  };
  return {
    list(locale: Locale = DEFAULT_LOCALE): (ContentEntry & { lang: Locale })[] {
      return [...load().entries()]
        .filter(([key]) => key.startsWith(`${DEFAULT_LOCALE}:`))
        .map(([, { entry }]) => {
          const own = load().get(`${locale}:${entry.slug}`)?.entry;
          return own ? { ...own, lang: locale } : { ...entry, lang: DEFAULT_LOCALE };
        })
        .sort(sort);
    },
    async get(slug: string, locale: Locale = DEFAULT_LOCALE): Promise<RenderedContent | undefined> {
      const key = `${locale}:${slug}`;
      const cached = rendered.get(key);
      if (cached) return cached;
      const found = find(slug, locale);
      if (!found.entry || found.body === undefined) return undefined;
      const html = (await markdown()).parse(found.body, { async: false });
      const page = { ...found.entry, html: localizeLinks(html, locale), lang: found.lang };
      rendered.set(key, page);
      return page;
    },
    /** A page whose Markdown is a template (app/domain/legal-template.ts), rendered with these values. */
    async withValues(slug: string, locale: Locale, values: TemplateValues): Promise<RenderedContent | undefined> {
      const key = `${locale}:${slug}:${JSON.stringify(values)}`;
      const cached = rendered.get(key);
      if (cached) return cached;
      const found = find(slug, locale);
      if (!found.entry || found.body === undefined) return undefined;
      const html = localizeLinks((await markdown()).parse(expandTemplate(found.body, values), { async: false }), locale);
      const page = { ...found.entry, html, lang: found.lang };
      rendered.set(key, page);
      return page;
    },
    body(slug: string, locale: Locale = DEFAULT_LOCALE): { body: string; entry: ContentEntry; lang: Locale } | undefined {
      const found = find(slug, locale);
      return found.entry && found.body !== undefined ? { body: found.body, entry: found.entry, lang: found.lang } : undefined;
    },
  };
}

const byOrder = (a: ContentEntry, b: ContentEntry) => (a.order ?? 0) - (b.order ?? 0);
const newestFirst = (a: ContentEntry, b: ContentEntry) => (b.date ?? "").localeCompare(a.date ?? "");

const raw = (files: Record<string, unknown>) => files as RawFiles;

export const pages = collection(
  raw(import.meta.glob("../../content/pages/*.md", { query: "?raw", import: "default", eager: true })),
  byOrder,
  raw(import.meta.glob("../../content/pages/*/*.md", { query: "?raw", import: "default", eager: true })),
);
export const axioms = collection(
  raw(import.meta.glob("../../content/axioms/*.md", { query: "?raw", import: "default", eager: true })),
  byOrder,
);
export const research = collection(
  raw(import.meta.glob("../../content/research/*.md", { query: "?raw", import: "default", eager: true })),
  newestFirst,
);
export const blog = collection(
  raw(import.meta.glob("../../content/blog/*.md", { query: "?raw", import: "default", eager: true })),
  newestFirst,
);

/** A content page or a 404: unknown slugs never render an empty page. */
export async function requireContent(page: Promise<RenderedContent | undefined>): Promise<RenderedContent> {
  const found = await page;
  if (!found) throw new Response(null, { status: 404 });
  return found;
}

const faqCache = new Map<string, { page: ContentEntry; intro: string; items: FaqItem[]; lang: Locale }>();

/** The FAQ is one Markdown file: each `##` heading is a question, everything up to the next one its answer. */
export async function faq(locale: Locale = DEFAULT_LOCALE, values: TemplateValues = {}) {
  const key = `${locale}:${JSON.stringify(values)}`;
  const cached = faqCache.get(key);
  if (cached) return cached;
  const found = pages.body("faq", locale);
  if (!found) throw new Error("app/content/pages/faq.md is missing.");
  const md = await markdown();
  const tokens = md.lexer(expandTemplate(found.body, values));
  const items: FaqItem[] = [];
  const intro: Tokens.Generic[] = [];
  let current: { question: string; tokens: Tokens.Generic[] } | undefined;
  const flush = () => {
    if (!current) return;
    const answer = Object.assign(current.tokens, { links: tokens.links });
    const answerHtml = localizeLinks(md.parser(answer as Parameters<typeof md.parser>[0]), locale);
    items.push({ question: current.question, answerHtml, answerText: plainText(answerHtml) });
  };
  for (const token of tokens) {
    if (token.type === "heading" && (token as Tokens.Heading).depth === 2) {
      flush();
      current = { question: (token as Tokens.Heading).text, tokens: [] };
    } else (current ? current.tokens : intro).push(token);
  }
  flush();
  const page = {
    page: found.entry,
    intro: localizeLinks(md.parser(Object.assign(intro, { links: tokens.links }) as Parameters<typeof md.parser>[0]), locale),
    items,
    lang: found.lang,
  };
  faqCache.set(key, page);
  return page;
}

/** The language a page route was asked in, from its optional ($lang) segment. */
export function routeLocale(params: { lang?: string }): Locale {
  return isLocale(params.lang) ? params.lang : DEFAULT_LOCALE;
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
