import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { loadCatalogue } from "~/i18n/catalogue-store";

// The page's catalogue is a file of its own (ADR 0074), asked for by the head's preload: hydrating without it would
// redraw the page in English. Should it not arrive, the page stays as the server rendered it, which works without
// JavaScript, rather than hydrate into the wrong language.
loadCatalogue(document.querySelector("link[data-catalogue]")?.getAttribute("href")).then(
  () =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <RemixBrowser />
        </StrictMode>,
      );
    }),
  (error: unknown) => console.error("Catalogue not loaded: the page stays as served.", error),
);
