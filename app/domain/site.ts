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

/** The quantum hardware partner named in the footer chip. */
export const IBM_QUANTUM_URL = "https://www.ibm.com/quantum";
