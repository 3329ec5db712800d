import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { ClientLoaderFunctionArgs, ShouldRevalidateFunction } from "@remix-run/react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useLayoutEffect, type ReactNode } from "react";
import { DialogHost } from "~/components/dialogs/dialog-host";
import { HelpButton } from "~/components/dialogs/help-button";
import { HealthBanner } from "~/components/health/health-banner";
import { RingNotices } from "~/realtime/ring-notices";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { ToastProvider } from "~/components/toast/toast";
import { BellSocketProvider } from "~/realtime/bell-socket";
import "~/styles/global.css";
import * as layout from "~/styles/layout.css";
import { DEFAULT_SITE_NAME, THEME_COLOUR } from "~/domain/site";
import { tileSettings } from "~/domain/map-tiles";
import { storyOf } from "~/domain/provider-story";
import { PAGE_NOT_FOUND_BODY, PAGE_NOT_FOUND_TITLE, RETURN_TO_BELL, UNEXPECTED_ERROR_BODY, UNEXPECTED_ERROR_TITLE } from "~/domain/messages";
import { useNonce } from "~/lib/nonce";
import { DEFAULT_LOCALE, isLocale, LOCALE_INFO, splitLocalePath, type Locale } from "~/domain/locale";
import { catalogueAt, loadCatalogue } from "~/i18n/catalogue-store";
import { pageCatalogueHref } from "~/i18n/catalogues.server";
import { I18nProvider, useI18n } from "~/i18n/i18n";
import { SocialIconSprite } from "~/components/nav/social-links";
import { settingsOf } from "~/server/edge/settings.server";
import { donationLinks } from "~/domain/donations";

export async function loader({ context, params, request }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  // "($lang)" also matches a first segment that names no language of ours ("/xyz", "/en/about"): no such page.
  if (params.lang !== undefined && (!isLocale(params.lang) || params.lang === DEFAULT_LOCALE)) {
    throw new Response(null, { status: 404 });
  }
  const { locale } = splitLocalePath(new URL(request.url).pathname);
  const settings = settingsOf(env);
  const tiles = tileSettings(settings);
  return {
    siteName: settings.SITE_NAME,
    siteUrl: settings.SITE_URL,
    locale,
    // The page's messages travel as a cached file, not inside every page (ADR 0074): the browser loads it before
    // hydrating (app/entry.client.tsx), and the server renders from the same messages.
    catalogueHref: pageCatalogueHref(locale),
    // The operator's tile service for the map, or null to draw the map from the site's own shapes.
    tiles: tiles ? { url: tiles.url, attribution: tiles.attribution } : null,
    // Which provider rings run on: every sentence about it follows this (app/domain/provider-story.ts).
    story: storyOf(settings.QUANTUM_PROVIDER),
    // The operator's donation pages; an unset one has no tile (app/domain/donations.ts).
    donations: donationLinks(settings),
  };
}

/**
 * A move into another language (the switcher reloads the page; a link could still cross) loads that language's
 * catalogue before the new page renders, so no message shows in English first.
 */
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  const data = await serverLoader<typeof loader>();
  await loadCatalogue(data.catalogueHref);
  return data;
}

/** The site's name and the catalogue change only with the language: other moves do not ask for them again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) =>
  splitLocalePath(currentUrl.pathname).locale !== splitLocalePath(nextUrl.pathname).locale;

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
];

/**
 * docs/product.md#pages asks for scroll to reset to the top on every route change (not only on new entries). Before the first
 * paint of the new page (a layout effect) and at once, so a ring's page opens at its top instead of showing the
 * bell's scroll position and then gliding up (docs/product.md#your-ring).
 */
function useScrollResetOnRouteChange() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    // "instant": the page's CSS asks for smooth scrolling (in-page links), which would glide down the whole old page.
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [pathname]);
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const siteName = data?.siteName ?? DEFAULT_SITE_NAME;
  const nonce = useNonce();
  const { pathname } = useLocation();
  // Without the root's data (it failed), the path still says which language the page is in.
  const locale = data?.locale ?? splitLocalePath(pathname).locale;
  return (
    <I18nProvider locale={locale} catalogue={catalogueAt(data?.catalogueHref)}>
      <Document locale={locale} siteName={siteName} nonce={nonce} catalogueHref={data?.catalogueHref}>
        {children}
      </Document>
    </I18nProvider>
  );
}

function Document({ locale, siteName, nonce, catalogueHref, children }: { locale: Locale; siteName: string; nonce?: string; catalogueHref?: string; children: ReactNode }) {
  return (
    <html lang={LOCALE_INFO[locale].tag} dir={LOCALE_INFO[locale].dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={THEME_COLOUR} />
        <Meta />
        <Links />
        {/* Asked for with the stylesheet and the scripts, so hydration need not wait for it (ADR 0074). */}
        {catalogueHref && <link rel="preload" as="fetch" href={catalogueHref} crossOrigin="anonymous" data-catalogue="" />}
      </head>
      <body>
        <SocialIconSprite />
        <SiteHeader siteName={siteName} />
        <main id="main" className={layout.main}>
          {children}
        </main>
        <SiteFooter siteName={siteName} />
        <HelpButton />
        <DialogHost />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useScrollResetOnRouteChange();
  return (
    <BellSocketProvider>
      <ToastProvider>
        <Outlet />
        <RingNotices />
      </ToastProvider>
      <HealthBanner />
    </BellSocketProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t, path } = useI18n();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const heading = notFound ? t(PAGE_NOT_FOUND_TITLE) : t(UNEXPECTED_ERROR_TITLE);
  return (
    <div className={`${layout.container} ${layout.prose}`}>
      <title>{`${heading} | ${DEFAULT_SITE_NAME}`}</title>
      {/* An error page is never a page to index (React hoists both tags into the head). */}
      <meta name="robots" content="noindex" />
      <h1>{heading}</h1>
      <p>{notFound ? t(PAGE_NOT_FOUND_BODY) : t(UNEXPECTED_ERROR_BODY)}</p>
      <p>
        <a href={path("/")}>{t(RETURN_TO_BELL)}</a>
      </p>
    </div>
  );
}
