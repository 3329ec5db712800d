import { msg } from "./messages";
export const THEMES = ["Peace", "Hope", "Love", "Healing", "Unity"] as const;
export type WallTheme = (typeof THEMES)[number];
export type Theme = WallTheme | "General";

/** Each theme's name as a visitor reads it, in the page's language. */
export const THEME_LABELS: Record<Theme, string> = {
  Peace: msg("Peace"),
  Hope: msg("Hope"),
  Love: msg("Love"),
  Healing: msg("Healing"),
  Unity: msg("Unity"),
  General: msg("General"),
};

type Script = "spaced" | "arabic" | "han";

/**
 * The keywords of docs/product.md#themes in every language the site speaks (docs/product.md#languages), matched at the start of a word so "peaceful",
 * "dreams" and "healthy" count ("heal" covers healing and health alike). Arabic words may carry a clinging prefix
 * (و، ف، ب، ل، ك and the article ال); Chinese is written without spaces, so its words match anywhere.
 */
const THEME_KEYWORDS: Record<WallTheme, Record<Script, readonly string[]>> = {
  Peace: {
    spaced: ["peace", "calm", "tranquil", "paz", "calma", "paix", "calme", "sérénité", "serein", "शांति", "शान्ति", "अमन", "सुकून"],
    arabic: ["سلام", "هدوء", "سكينة", "طمأنينة"],
    han: ["和平", "平静", "安宁", "宁静"],
  },
  Hope: {
    spaced: ["hope", "dream", "future", "esperanza", "sueño", "soñ", "futuro", "espoir", "espér", "espèr", "rêve", "avenir", "आशा", "उम्मीद", "सपन", "सपना", "भविष्य"],
    arabic: ["أمل", "حلم", "أحلام", "مستقبل"],
    han: ["希望", "梦", "未来"],
  },
  Love: {
    spaced: ["love", "heart", "care", "amor", "corazón", "cariño", "amour", "cœur", "coeur", "प्रेम", "प्यार", "दिल", "मोहब्बत"],
    arabic: ["حب", "محبة", "قلب", "قلوب"],
    han: ["爱", "心"],
  },
  Healing: {
    spaced: ["heal", "wellness", "sana", "curar", "cura", "salud", "guéri", "guérison", "santé", "soign", "स्वास्थ्य", "सेहत", "आरोग्य", "चंगा"],
    arabic: ["شفاء", "صحة", "عافية"],
    han: ["治愈", "疗愈", "康复", "健康"],
  },
  Unity: {
    spaced: ["unity", "together", "community", "connect", "unidad", "unid", "juntos", "juntas", "comunidad", "unité", "ensemble", "communauté", "एकता", "एकजुट", "साथ", "समुदाय"],
    arabic: ["وحدة", "معا", "معاً", "مجتمع", "اتحاد", "تضامن"],
    han: ["团结", "一起", "共同", "社区"],
  },
};

// A word starts where no letter, mark or digit stands before it (JavaScript's \b knows only ASCII words).
const WORD_START = "(?<![\\p{L}\\p{M}\\p{N}])";
const ARABIC_PREFIX = "(?:[وفبلك]?(?:ال)?|لل)?";

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function keywordPattern({ spaced, arabic, han }: Record<Script, readonly string[]>): RegExp {
  const parts = [
    `${WORD_START}(?:${spaced.map(escape).join("|")})`,
    `${WORD_START}${ARABIC_PREFIX}(?:${arabic.map(escape).join("|")})`,
    `(?:${han.map(escape).join("|")})`,
  ];
  return new RegExp(parts.join("|"), "iu");
}

// Built on the first wish classified, not when the module loads: the Unicode-aware patterns cost about 1.8 ms of a
// Worker's start-up (ADR 0067), and most requests classify nothing.
let themePatterns: { theme: Theme; pattern: RegExp }[] | undefined;

export function classifyTheme(text: string): Theme {
  themePatterns ??= THEMES.map((theme) => ({ theme, pattern: keywordPattern(THEME_KEYWORDS[theme]) }));
  // NFC, so a "é" typed as e + accent matches the keyword written as one character.
  const normalized = text.normalize("NFC");
  return themePatterns.find(({ pattern }) => pattern.test(normalized))?.theme ?? "General";
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
