import { describe, expect, it } from "vitest";
import { FINGERPRINT_STORAGE_KEY } from "~/domain/fingerprint";
import { LOCALES, localizePath } from "~/domain/locale";
import { CSP_REPORTS_KEPT, RETENTION_DAYS } from "~/domain/retention";
import { IPV6_NETWORK_PREFIX } from "~/domain/network";
import { KNOWN_RINGS_STORAGE_KEY, LAST_WISH_ID_STORAGE_KEY, RESONATED_STORAGE_KEY, YOUR_WISH_HIDDEN_STORAGE_KEY } from "~/hooks/storage";
import { servedPage } from "../support/served-page";

// Issue 34: /privacy and /cookies say what the code does and what this deployment talks to, in all six languages.

async function html(path: string, vars: Record<string, string> = {}) {
  const body = await servedPage(path, vars);
  return body.slice(body.indexOf("<main"), body.indexOf("</main>"));
}

const CONFIGURED = {
  OPERATOR_NAME: "Bell Works Ltd",
  OPERATOR_CONTACT: "privacy@bellworks.example",
  MAP_TILE_URL: "https://tiles.example.org/{z}/{x}/{y}.png",
  MAP_TILE_PROVIDER: "Example Maps GmbH",
  MAIL_API_URL: "https://api.mailer.example/send",
  MAIL_PROVIDER: "Mailer Example Inc.",
  QUANTUM_PROVIDER: "ibm",
};

describe("the legal pages, in every language", () => {
  for (const locale of LOCALES) {
    it(`${locale}: /privacy names each retention bound, the controller and the third parties this deployment uses`, async () => {
      const page = await html(localizePath("/privacy", locale), CONFIGURED);
      expect(page).not.toContain("{{");
      for (const days of [RETENTION_DAYS.unconfirmedSubscriber, RETENTION_DAYS.mail, RETENTION_DAYS.contactMessage, RETENTION_DAYS.visitorTraces, RETENTION_DAYS.awaitingRing, RETENTION_DAYS.erasureLedger, CSP_REPORTS_KEPT]) {
        expect(page).toContain(String(days));
      }
      expect(page).toContain("0.1°");
      for (const name of ["Bell Works Ltd", "mailto:privacy@bellworks.example", "Cloudflare", "Example Maps GmbH", "tiles.example.org", "Mailer Example Inc.", "IBM Quantum"]) {
        expect(page, name).toContain(name);
      }
      expect(page).not.toContain("openstreetmap");
      // The network the code hashes (an IPv6 /48), D1's Time Travel copies, and Sentry only when it is configured.
      expect(page).toContain(`/${IPV6_NETWORK_PREFIX}`);
      expect(page).not.toContain("/64");
      expect(page).toContain("Time Travel");
      expect(page).not.toContain("Sentry");
      expect(await html(localizePath("/privacy", locale), { ...CONFIGURED, SENTRY_DSN: "https://key@sentry.example/42" })).toContain("Sentry");
    });

    it(`${locale}: /privacy with nothing configured names OpenStreetMap's tiles and no mail service or IBM`, async () => {
      const page = await html(localizePath("/privacy", locale), { MAP_TILE_URL: "", QUANTUM_PROVIDER: "simulator" });
      expect(page).not.toContain("{{");
      expect(page).toContain("OpenStreetMap Foundation");
      expect(page).toContain("tile.openstreetmap.org");
      expect(page).not.toContain("IBM Quantum");
      const off = await html(localizePath("/privacy", locale), { MAP_TILE_URL: "off" });
      expect(off).not.toContain("openstreetmap");
    });

    it(`${locale}: /cookies names every cookie and storage key the site writes`, async () => {
      const page = await html(localizePath("/cookies", locale));
      expect(page).not.toContain("{{");
      for (const key of ["qb_device", "qb_admin", "qb_lang", FINGERPRINT_STORAGE_KEY, RESONATED_STORAGE_KEY, LAST_WISH_ID_STORAGE_KEY, YOUR_WISH_HIDDEN_STORAGE_KEY, KNOWN_RINGS_STORAGE_KEY]) {
        expect(page, key).toContain(`<code>${key}</code>`);
      }
    });
  }
});
