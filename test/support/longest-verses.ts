import type { Locale } from "~/domain/locale";

/**
 * The longest verse a ring's share cards must draw whole, one per language (issue 45): three lines, each a sentence,
 * at the lengths the cards are designed for (at least 330 characters in Latin scripts, 120 in Chinese, 250 in
 * Arabic and Hindi). Written to be hard to draw: Arabic with marks and deep descenders ("يستريح"), Devanagari with
 * matras above and below and conjuncts, Chinese with full-width punctuation that may not start a line, Latin with
 * accented capitals and descenders, numbers with their units, a country and the site's own Latin name inside
 * right-to-left text.
 *
 * When the verse composer (app/domain) knows its own longest verse per language, point `LONGEST_VERSES` at it: the
 * rendering test (test/integration/card-fit.test.ts) draws whatever this module exports.
 */
export type VerseLines = readonly string[];

export const LONGEST_VERSES: Record<Locale, VerseLines> = {
  en: [
    "Stillness spreads like water finding its level, quietly, patiently, into every valley we forgot to visit.",
    "Of 1,024 shots, 612 leaned toward one bright shore, yet the rest wandered off like sparks, dizzy with becoming.",
    "Five wishes from Japan, Rwanda, Sweden, Brazil and Chile asked for homes, for rivers, for mornings of quiet joy.",
  ],
  es: [
    "La calma se extiende como el agua que encuentra su nivel, despacio, con paciencia, hasta los valles olvidados.",
    "De 1.024 disparos, 612 se inclinaron hacia una orilla luminosa; los demás vagaron como chispas, aún aturdidas.",
    "Cinco deseos de Japón, Ruanda, Suecia, Brasil y Chile pidieron hogares, ríos y mañanas de alegría tranquila.",
  ],
  fr: [
    "Le calme s’étend comme l’eau qui trouve son niveau, doucement, patiemment, jusqu’aux vallées oubliées du monde.",
    "Sur 1 024 tirs, 612 ont penché vers une rive claire ; les autres se sont égarés comme des étincelles, étourdies.",
    "Cinq vœux du Japon, du Rwanda, de Suède, du Brésil et du Chili ont demandé des foyers, des fleuves et la joie.",
  ],
  ar: [
    "في السكون بين دقّتين من دقات القلب، يستريح العالم كلّه، ويهدأ البحر الذي طال انتظاره على الشاطئ.",
    "من بين ١٠٢٤ قياسًا مال ٦١٢ نحو شاطئ مضيء واحد، وتفرّق الباقي كشرارات تبحث عن طريقها في الليل.",
    "خمس أمنيات من اليابان ورواندا والسويد وQuantum Bell طلبت بيوتًا وأنهارًا وصباحاتٍ بلا خوف لكل طفل.",
  ],
  hi: [
    "दो धड़कनों के बीच की ख़ामोशी में, पूरी दुनिया विश्राम करती है और थका हुआ समुद्र किनारे पर ठहरता है।",
    "1,024 मापों में से 612 एक उजले किनारे की ओर झुके, बाक़ी चिंगारियों की तरह अपनी राह ढूँढ़ते बिखर गए।",
    "जापान, रवांडा, स्वीडन, ब्राज़ील और चिली की पाँच कामनाओं ने घर, नदियाँ और निडर सुबहें माँगीं।",
  ],
  zh: [
    "宁静如水般蔓延，直到找到自己的水平，悄悄流进我们忘记探望的每一条山谷。",
    "在一千零二十四次测量中，六百一十二次偏向同一片明亮的海岸，其余的像火花一样四散开去。",
    "来自日本、卢旺达、瑞典、巴西和智利的五个愿望，为家园、河流和无惧的清晨而轻声祈求。",
  ],
};

/** How long each language's verse must be at least, in characters (code points), as the cards are designed for. */
export const DESIGNED_LENGTH: Record<Locale, number> = { en: 330, es: 330, fr: 330, ar: 250, hi: 250, zh: 120 };

/** A verse as the cards receive it: its lines joined by line breaks. */
export const verseText = (lines: VerseLines) => lines.join("\n");
