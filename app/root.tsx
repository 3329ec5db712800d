import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
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
import { useEffect, type ReactNode } from "react";
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
import { useNonce } from "~/lib/nonce";
import { SocialIconSprite } from "~/components/nav/social-links";

export async function loader({ context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  return { siteName: env.SITE_NAME || DEFAULT_SITE_NAME, siteUrl: env.SITE_URL };
}

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
];

/** The spec asks for scroll to reset to the top on every route change (not only on new entries). */
function useScrollResetOnRouteChange() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const siteName = data?.siteName ?? DEFAULT_SITE_NAME;
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={THEME_COLOUR} />
        <Meta />
        <Links />
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
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className={`${layout.container} ${layout.prose}`}>
      <title>{notFound ? "Page not found | Quantum Bell" : "Unexpected Application Error! | Quantum Bell"}</title>
      {/* An error page is never a page to index (React hoists both tags into the head). */}
      <meta name="robots" content="noindex" />
      {notFound ? (
        <>
          <h1>Page not found</h1>
          <p>This page has drifted out of the field. The bell and the Wish Wall are still where you left them.</p>
        </>
      ) : (
        <>
          <h1>Unexpected Application Error!</h1>
          <p>Something went wrong while showing this page. Please reload, or come back in a moment.</p>
        </>
      )}
      <p>
        <a href="/">Return to the bell</a>
      </p>
    </div>
  );
}
