import { FINGERPRINT_STORAGE_KEY } from "~/domain/fingerprint";
import { markdownText, type TemplateValues } from "~/domain/legal-template";
import { DAILY_WISH_LIMIT } from "~/domain/limits";
import { IPV6_NETWORK_PREFIX } from "~/domain/network";
import { LOCALE_COOKIE } from "~/domain/locale";
import { tileSettings } from "~/domain/map-tiles";
import { POSITION_DECIMALS } from "~/domain/position";
import { CSP_REPORTS_KEPT, RETENTION_DAYS, type RetainedKind } from "~/domain/retention";
import { KNOWN_RINGS_STORAGE_KEY, LAST_WISH_ID_STORAGE_KEY, PUSH_WISH_STORAGE_KEY, RESONATED_STORAGE_KEY, YOUR_WISH_HIDDEN_STORAGE_KEY } from "~/hooks/storage";
import { SESSION_COOKIE } from "../admin/auth.server";
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS } from "../edge/device-cookie.server";
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
 * The name each retention period has in the legal pages' templates (`{{days.<name>}}`): every period the sweep keeps
 * is stated from the same constant (test/integration/retention.test.ts holds the two together).
 */
export const RETENTION_TEMPLATE_NAMES: Record<RetainedKind, string> = {
  unconfirmedSubscriber: "unconfirmed",
  unsubscribedSubscriber: "unsubscribed",
  mail: "mail",
  contactMessage: "contact",
  visitorTraces: "traces",
  awaitingRing: "awaitingRing",
  erasureLedger: "erasureLedger",
  adminAudit: "audit",
  rateLimitRow: "rateLimit",
};

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
    ...Object.fromEntries((Object.keys(RETENTION_DAYS) as RetainedKind[]).map((kind) => [`days.${RETENTION_TEMPLATE_NAMES[kind]}`, RETENTION_DAYS[kind]])),
    "days.deviceCookie": DEVICE_COOKIE_DAYS,
    ipv6Prefix: IPV6_NETWORK_PREFIX,
    sentry: settings.SENTRY_DSN !== null,
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
