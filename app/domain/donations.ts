import { msg } from "./messages";

/**
 * The donation pages the site links to (the donation dialog, /gift): each is an operator's setting, and one that is
 * not set shows no tile (ADR 0113). The site owns none of them: a deployment links only to pages its
 * operator named.
 */
export const DONATION_PAGES = [
  { id: "paypal", setting: "DONATE_PAYPAL_URL", label: "PayPal", description: msg("One-off gift with a PayPal account or card"), acceptsAmount: true },
  { id: "stripe", setting: "DONATE_STRIPE_URL", label: "Stripe", description: msg("One-off card payment"), acceptsAmount: false },
  { id: "patreon", setting: "DONATE_PATREON_URL", label: "Patreon", description: msg("Become a patron of the bell"), acceptsAmount: false },
  { id: "coinbase", setting: "DONATE_COINBASE_URL", label: "Coinbase", description: msg("Give in crypto currency"), acceptsAmount: false },
  { id: "buy-me-a-wish", setting: "DONATE_BUY_ME_A_COFFEE_URL", label: "Buy Me a Wish", description: msg("A small gift, one wish at a time"), acceptsAmount: false },
  {
    id: "stripe-monthly",
    setting: "DONATE_STRIPE_MONTHLY_URL",
    label: "Stripe monthly",
    description: msg("Monthly support that keeps the bell ringing"),
    acceptsAmount: false,
  },
] as const;

export type DonationSetting = (typeof DONATION_PAGES)[number]["setting"];
export const DONATION_SETTINGS = DONATION_PAGES.map((page) => page.setting);

/** A tile as the root loader sends it: its sentence is looked up by id on the page, so no message travels inline (ADR 0074). */
export interface DonationLink {
  id: (typeof DONATION_PAGES)[number]["id"];
  label: string;
  href: string;
  /** The page takes a suggested amount in its address (a PayPal.Me link: …/10GBP). */
  acceptsAmount: boolean;
}

/** The tiles to show: one per page the operator set, in the order above. */
export function donationLinks(settings: Readonly<Record<DonationSetting, string | null>>): DonationLink[] {
  return DONATION_PAGES.flatMap(({ setting, description: _description, ...page }) => {
    const href = settings[setting];
    return href ? [{ ...page, href, acceptsAmount: page.acceptsAmount && /(^|\.)paypal\.(me|com)$/i.test(new URL(href).hostname) }] : [];
  });
}

/** The sentence under a tile (an English message key, translated where it is shown). */
export function donationDescription(id: DonationLink["id"]): string {
  return DONATION_PAGES.find((page) => page.id === id)!.description;
}

export function donationHref(link: DonationLink, amount: number | undefined): string {
  return amount && link.acceptsAmount ? `${link.href.replace(/\/+$/, "")}/${amount}GBP` : link.href;
}

/** What `npm run check:production` says when no donation page is set: the site then offers no way to give. */
export function donationWarnings(values: Readonly<Record<string, unknown>>): string[] {
  const set = DONATION_SETTINGS.some((name) => typeof values[name] === "string" && (values[name] as string).trim() !== "");
  return set ? [] : [`No donation page is set (${DONATION_SETTINGS.join(", ")}): the donation dialog and /gift show no way to give.`];
}
