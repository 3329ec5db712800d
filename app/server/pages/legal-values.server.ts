import { FINGERPRINT_STORAGE_KEY } from "~/domain/fingerprint";
import { markdownText, type TemplateValues } from "~/domain/legal-template";
import { DAILY_WISH_LIMIT } from "~/domain/limits";
import { LOCALE_COOKIE } from "~/domain/locale";
import { tileSettings } from "~/domain/map-tiles";
import { POSITION_DECIMALS } from "~/domain/position";
import { CSP_REPORTS_KEPT, RETENTION_DAYS } from "~/domain/retention";
import { KNOWN_RINGS_STORAGE_KEY, LAST_WISH_ID_STORAGE_KEY, PUSH_WISH_STORAGE_KEY, RESONATED_STORAGE_KEY, YOUR_WISH_HIDDEN_STORAGE_KEY } from "~/hooks/storage";
import { SESSION_COOKIE } from "../admin/auth.server";
import { DEVICE_COOKIE } from "../edge/device-cookie.server";
import { settingsOf } from "~/server/edge/settings.server";

/** The operator's contact as a Markdown link: mailto for an address, the page itself for a URL. */
function contactLink(contact: string): string | null {
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(contact)) return `[${markdownText(contact)}](mailto:${contact})`;
  try {
    const url = new URL(contact);
    if (url.protocol === "https:" || url.protocol === "http:") return `[${markdownText(url.host + url.pathname.replace(/\/$/, ""))}](${url.href})`;
  } catch {
    // Neither an address nor a URL: not shown as a link.
  }
  return null;
}

function mailProvider(env: Env): string | null {
  if (env.SEND_EMAIL) return "Cloudflare (Email Service)";
  const { MAIL_API_URL, MAIL_PROVIDER } = settingsOf(env);
  if (!MAIL_API_URL) return null;
  return MAIL_PROVIDER ?? new URL(MAIL_API_URL).host;
}

/**
 * Everything /privacy and /cookies state that depends on the code or the deployment: storage keys, retention bounds,
 * the controller, and which third parties this deployment talks to.
 */
export function legalValues(env: Env): TemplateValues {
  const settings = settingsOf(env);
  const tiles = tileSettings(settings);
  const mail = mailProvider(env);
  const contact = settings.OPERATOR_CONTACT ? contactLink(settings.OPERATOR_CONTACT) : null;
  return {
    siteName: markdownText(settings.SITE_NAME),
    hasOperator: settings.OPERATOR_NAME !== null,
    operatorName: markdownText(settings.OPERATOR_NAME ?? ""),
    hasContact: contact !== null,
    operatorContact: contact ?? "",
    tiles: tiles !== null,
    tileProvider: markdownText(tiles?.provider ?? ""),
    tileHost: markdownText(tiles ? tiles.origin.replace(/^https:\/\//, "") : ""),
    mail: mail !== null,
    mailProvider: markdownText(mail ?? ""),
    ibm: settings.QUANTUM_PROVIDER === "ibm",
    positionDegrees: (1 / 10 ** POSITION_DECIMALS).toString(),
    wishLimit: DAILY_WISH_LIMIT,
    "days.unconfirmed": RETENTION_DAYS.unconfirmedSubscriber,
    "days.unsubscribed": RETENTION_DAYS.unsubscribedSubscriber,
    "days.sentMail": RETENTION_DAYS.sentMail,
    "days.contact": RETENTION_DAYS.contactMessage,
    "days.network": RETENTION_DAYS.resonanceNetwork,
    "days.rateLimit": RETENTION_DAYS.rateLimitRow,
    cspKept: CSP_REPORTS_KEPT,
    "key.fingerprint": FINGERPRINT_STORAGE_KEY,
    "key.resonated": RESONATED_STORAGE_KEY,
    "key.lastWish": LAST_WISH_ID_STORAGE_KEY,
    "key.knownRings": KNOWN_RINGS_STORAGE_KEY,
    "key.wishHidden": YOUR_WISH_HIDDEN_STORAGE_KEY,
    "key.pushWish": PUSH_WISH_STORAGE_KEY,
    "cookie.device": DEVICE_COOKIE,
    "cookie.lang": LOCALE_COOKIE,
    "cookie.admin": SESSION_COOKIE,
  };
}
