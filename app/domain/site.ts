/** Site-wide identity from spec §2 "Page metadata". The name itself comes from configuration (SITE_NAME). */
export const DEFAULT_SITE_NAME = "Quantum Bell";
export const THEME_COLOUR = "#64b5f6";
export const TAGLINE = "A digital wishing well for the quantum age";
export const DEFAULT_KEYWORDS = [
  "quantum computing",
  "wish making",
  "peace",
  "quantum entanglement",
  "mindfulness",
  "global unity",
] as const;
