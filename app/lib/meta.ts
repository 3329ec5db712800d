import type { MetaDescriptor } from "@remix-run/cloudflare";
import { OG_SUBTITLE_MAX, OG_TITLE_MAX, OG_VERSE_MAX, OG_WORDS_MAX } from "~/domain/limits";
import { readRingVariant } from "~/domain/og-variant";
import { cutAtWord } from "~/domain/cut-text";
import { DEFAULT_LOCALE, isLocale, LOCALE_INFO, LOCALES, localizePath, splitLocalePath, type Locale } from "~/domain/locale";
import { DEFAULT_KEYWORDS, DEFAULT_SITE_NAME, TAGLINE } from "~/domain/site";
import { translatorOfMatches } from "~/i18n/i18n";
import type { Translate } from "~/domain/messages";
import type { CardParams } from "~/domain/ring-card";

/** What the root loader shares with every page's meta function. */
export interface SiteInfo {
  siteName: string;
  siteUrl: string;
  /** The page's language; English when not given. */
  locale?: Locale;
  /** The page's translator; English sources as they are when not given. */
  t?: Translate;
}

interface MatchLike {
  id: string;
  data?: unknown;
}

/** The root loader's site name and absolute URL, read from the matches a meta function receives. */
export function siteInfo(matches: readonly MatchLike[]): SiteInfo {
  const root = matches.find((match) => match.id === "root")?.data as Partial<SiteInfo> | undefined;
  return {
    siteName: root?.siteName || DEFAULT_SITE_NAME,
    siteUrl: (root?.siteUrl || "http://localhost:5002").replace(/\/+$/, ""),
    locale: isLocale(root?.locale) ? root.locale : DEFAULT_LOCALE,
    t: translatorOfMatches(matches),
  };
}

/** The page's translator from its site info; English sources as they are where none was given (tests, fallbacks). */
export function siteTranslate(site: SiteInfo): Translate {
  return site.t ?? ((source: string) => source);
}

export type JsonLd = Record<string, unknown>;

export interface PageMetaInput {
  /** The page's own name; the site name is appended. Omit on the home page. */
  title?: string;
  description: string;
  /** The page's path, e.g. "/about"; the canonical URL is made absolute from SITE_URL. */
  path: string;
  /** Share image text; defaults to the page title and description. */
  image?: { title?: string; subtitle?: string; variant?: string };
  type?: "website" | "article";
  noindex?: boolean;
  keywords?: readonly string[];
  jsonLd?: JsonLd[];
  publishedTime?: string;
}


export type { CardParams } from "~/domain/ring-card";

/** The share card's path on this site (/og?…), for the page's own use (the native share sheet's image). */
export function ogImagePath(params: CardParams): string {
  const query = new URLSearchParams();
  // Cut at a word with an ellipsis, in the card's language (docs/product.md#the-loop-back).
  // A ring's card carries its whole verse, line breaks kept (ADR 0094); every other card 100 characters (docs/product.md#limits).
  const titleMax = readRingVariant(params.variant ?? null) ? OG_VERSE_MAX : OG_TITLE_MAX;
  if (params.title) query.set("title", cutAtWord(params.title, titleMax, params.lang));
  if (params.subtitle) query.set("subtitle", cutAtWord(params.subtitle, OG_SUBTITLE_MAX, params.lang));
  if (params.variant) query.set("variant", params.variant);
  if (params.words) query.set("words", cutAtWord(params.words, OG_WORDS_MAX, params.lang));
  if (params.lang && params.lang !== DEFAULT_LOCALE) query.set("lang", params.lang);
  const search = query.toString();
  return `/og${search ? `?${search}` : ""}`;
}

export function ogImageUrl(site: SiteInfo, params: CardParams): string {
  return signedCardUrl(`${site.siteUrl}${ogImagePath({ lang: site.locale, ...params })}`);
}

/**
 * A card with text is drawn only under the server's signature, which the server adds to the page's HTML (ADR 0026).
 * In the browser the same card URL is taken back from that HTML, so the first render meets the tags it hydrates;
 * after a move to another page there is none to take, and the tag stays unsigned (nothing reads it there).
 */
function signedCardUrl(url: string): string {
  if (typeof document === "undefined") return url;
  for (const tag of document.head.querySelectorAll<HTMLMetaElement>('meta[property="og:image"], meta[name="twitter:image"]')) {
    try {
      const signed = new URL(tag.content);
      if (!signed.searchParams.has("sig")) continue;
      signed.searchParams.delete("sig");
      if (signed.toString() === new URL(url).toString()) return tag.content;
    } catch {
      // Not a URL: not ours.
    }
  }
  return url;
}

export function absoluteUrl(site: SiteInfo, path: string): string {
  return `${site.siteUrl}${path === "/" ? "/" : path}`;
}

/** Open Graph names languages with a territory. */
const OG_LOCALE: Record<Locale, string> = { en: "en_GB", es: "es_ES", fr: "fr_FR", ar: "ar_AR", hi: "hi_IN", zh: "zh_CN" };

/** The same page in every language, and English as the page for everyone else (x-default). */
export function languageAlternates(site: SiteInfo, path: string): MetaDescriptor[] {
  const bare = splitLocalePath(path).path;
  return [
    ...LOCALES.map((locale) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: LOCALE_INFO[locale].tag,
      href: absoluteUrl(site, localizePath(bare, locale)),
    })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: absoluteUrl(site, bare) },
  ];
}

/** A page's title as the browser's tab shows it. */
export function pageTitle(title: string, siteName: string): string {
  return `${title} | ${siteName}`;
}

/** Every tag a page needs: title, description, canonical, Open Graph, Twitter card, keywords and JSON-LD. */
export function pageMeta(site: SiteInfo, input: PageMetaInput): MetaDescriptor[] {
  const t = siteTranslate(site);
  const fullTitle = input.title ? pageTitle(input.title, site.siteName) : t("{siteName}: a digital wishing well for the quantum age", { siteName: site.siteName });
  const canonical = absoluteUrl(site, localizePath(input.path, site.locale ?? DEFAULT_LOCALE));
  const shareTitle = input.image?.title ?? input.title ?? site.siteName;
  const wide = ogImageUrl(site, { title: shareTitle, subtitle: input.image?.subtitle ?? input.description, variant: input.image?.variant });
  const square = ogImageUrl(site, { variant: "square" });
  // The home page shares under the site's own name, which would otherwise read "Quantum Bell: Quantum Bell".
  const imageAlt = shareTitle === site.siteName ? fullTitle : `${shareTitle}: ${site.siteName}`;
  const markAlt = t("{siteName} bell mark", { siteName: site.siteName });
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: input.description },
    { name: "keywords", content: (input.keywords ?? DEFAULT_KEYWORDS).join(", ") },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:site_name", content: site.siteName },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: input.description },
    { property: "og:url", content: canonical },
    ...languageAlternates(site, input.path),
    { property: "og:locale", content: OG_LOCALE[site.locale ?? DEFAULT_LOCALE] },
    { property: "og:image", content: wide },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: imageAlt },
    { property: "og:image", content: square },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: "512" },
    { property: "og:image:height", content: "512" },
    { property: "og:image:alt", content: markAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: wide },
    { name: "twitter:image:alt", content: imageAlt },
  ];
  if (input.publishedTime) tags.push({ property: "article:published_time", content: input.publishedTime });
  if (input.noindex) tags.push({ name: "robots", content: "noindex, follow" });
  for (const data of input.jsonLd ?? []) tags.push({ "script:ld+json": data });
  return tags;
}

/** WebSite + Organization, for the home and About pages. */
export function siteJsonLd(site: SiteInfo): JsonLd[] {
  const tagline = siteTranslate(site)(TAGLINE);
  const language = LOCALE_INFO[site.locale ?? DEFAULT_LOCALE].tag;
  return [
    {
      "@context": "https://schema.org",
      "@type": "WebSite",
      name: site.siteName,
      url: `${site.siteUrl}/`,
      description: tagline,
      inLanguage: language,
    },
    {
      "@context": "https://schema.org",
      "@type": "Organization",
      name: site.siteName,
      url: `${site.siteUrl}/`,
      logo: ogImageUrl(site, { variant: "square" }),
      slogan: tagline,
    },
  ];
}

export function blogPostingJsonLd(
  site: SiteInfo,
  post: { title: string; description: string; date: string; author: string; path: string },
): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.description,
    datePublished: post.date,
    author: { "@type": "Person", name: post.author },
    publisher: { "@type": "Organization", name: site.siteName, url: `${site.siteUrl}/` },
    mainEntityOfPage: absoluteUrl(site, post.path),
    image: ogImageUrl(site, { title: post.title, subtitle: post.description, variant: "article" }),
  };
}

export function faqJsonLd(questions: readonly { question: string; answer: string }[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: questions.map(({ question, answer }) => ({
      "@type": "Question",
      name: question,
      acceptedAnswer: { "@type": "Answer", text: answer },
    })),
  };
}

/** For a meta function whose loader threw a 404: the error boundary's title, kept out of search results. */
export function notFoundMeta(site: SiteInfo): MetaDescriptor[] {
  return [{ title: `Page not found | ${site.siteName}` }, { name: "robots", content: "noindex" }];
}
