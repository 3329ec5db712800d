import { msg } from "./messages";
/** Site-wide identity from docs/product.md#page-metadata-and-share-images. The name itself comes from configuration (SITE_NAME). */
export const DEFAULT_SITE_NAME = "Quantum Bell";
export const THEME_COLOUR = "#64b5f6";
export const TAGLINE = msg("A digital wishing well for the quantum age");
export const DEFAULT_KEYWORDS = [
  "quantum computing",
  "wish making",
  "peace",
  "quantum entanglement",
  "mindfulness",
  "global unity",
] as const;

export interface ExternalLink {
  id: string;
  label: string;
  href: string;
}

/** The project's social profiles and the author's book site (header and footer icons). */
export const SOCIAL_LINKS: readonly ExternalLink[] = [
  { id: "x", label: "X", href: "https://x.com/quantumbell" },
  { id: "instagram", label: "Instagram", href: "https://www.instagram.com/quantumbell" },
  { id: "facebook", label: "Facebook", href: "https://www.facebook.com/quantumbell" },
  { id: "linkedin", label: "LinkedIn", href: "https://www.linkedin.com/company/quantumbell" },
  { id: "book", label: msg("The author's book"), href: "https://www.axiomsofconsciousness.com" },
];

export interface DonationLink extends ExternalLink {
  description: string;
  /** Where the provider's page accepts a suggested amount in its address, how to add it. */
  withAmount?: (amount: number) => string;
}

/** Donation providers of the donation dialog, each a public page opened in a new tab. */
export const DONATION_LINKS: readonly DonationLink[] = [
  {
    id: "paypal",
    label: "PayPal",
    description: msg("One-off gift with a PayPal account or card"),
    href: "https://www.paypal.com/paypalme/quantumbell",
    withAmount: (amount) => `https://www.paypal.com/paypalme/quantumbell/${amount}GBP`,
  },
  { id: "stripe", label: "Stripe", description: msg("One-off card payment"), href: "https://donate.stripe.com/quantumbell" },
  { id: "patreon", label: "Patreon", description: msg("Become a patron of the bell"), href: "https://www.patreon.com/quantumbell" },
  { id: "coinbase", label: "Coinbase", description: msg("Give in crypto currency"), href: "https://commerce.coinbase.com/checkout/quantumbell" },
  { id: "buy-me-a-wish", label: "Buy Me a Wish", description: msg("A small gift, one wish at a time"), href: "https://buymeacoffee.com/quantumbell" },
  {
    id: "stripe-monthly",
    label: "Stripe monthly",
    description: msg("Monthly support that keeps the bell ringing"),
    href: "https://buy.stripe.com/quantumbell-monthly",
  },
];

/** The quantum hardware partner named in the footer chip. */
export const IBM_QUANTUM_URL = "https://www.ibm.com/quantum";
