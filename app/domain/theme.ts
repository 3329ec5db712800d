export const THEMES = ["Peace", "Hope", "Love", "Healing", "Unity"] as const;
export type WallTheme = (typeof THEMES)[number];
export type Theme = WallTheme | "General";

// Matched at the start of a word, so "peaceful", "dreams" and "healthy" count;
// "heal" covers healing and health alike.
const THEME_KEYWORDS: Record<WallTheme, readonly string[]> = {
  Peace: ["peace", "calm", "tranquil"],
  Hope: ["hope", "dream", "future"],
  Love: ["love", "heart", "care"],
  Healing: ["heal", "wellness"],
  Unity: ["unity", "together", "community", "connect"],
};

const THEME_PATTERNS = THEMES.map((theme) => ({
  theme,
  pattern: new RegExp(`\\b(?:${THEME_KEYWORDS[theme].join("|")})`, "i"),
}));

export function classifyTheme(text: string): Theme {
  return THEME_PATTERNS.find(({ pattern }) => pattern.test(text))?.theme ?? "General";
}

export interface ThemeColour {
  background: string;
  text: string;
}

// Each pair reaches WCAG AA (4.5:1) for normal-size text; the unit test checks it.
export const THEME_COLOURS: Record<Theme, ThemeColour> = {
  Peace: { background: "#1565c0", text: "#ffffff" },
  Hope: { background: "#f2c230", text: "#1f1a0a" },
  Love: { background: "#c2185b", text: "#ffffff" },
  Healing: { background: "#2e7d32", text: "#ffffff" },
  Unity: { background: "#6a1b9a", text: "#ffffff" },
  General: { background: "#616161", text: "#ffffff" },
};
