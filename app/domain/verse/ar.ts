import type { WallTheme } from "~/domain/theme";
import { type PluralForms, type VerseLanguage } from "./language";

// Each theme with its article; the first takes "لـ" (ل + ال → لل), the others "و".
const THEME: Record<WallTheme, string> = { Peace: "السلام", Hope: "الأمل", Love: "المحبة", Healing: "الشفاء", Unity: "الوحدة" };
const forThemes = (themes: readonly string[]) => `ل${themes[0].slice(1)}${themes.slice(1).map((theme) => ` و${theme}`).join("")}`;
// Arabic joins every item after the first with "و", written onto the next word.
const list = (items: readonly string[]) => `${items[0]}${items.slice(1).map((item) => ` و${item}`).join("")}`;

// Counted nouns by the plural rules: 1 and 2 are the noun's singular and dual, 3–10 its plural, 11–99 its singular
// accusative, and 100 its singular genitive. These forms sit after a preposition (genitive): "مرتين", "إجابتين".
const TIMES: PluralForms = { zero: "# مرة", one: "مرة واحدة", two: "مرتين", few: "# مرات", many: "# مرة", other: "# مرة" };
const ANSWERS: PluralForms = { zero: "# إجابة", one: "إجابة واحدة", two: "إجابتين", few: "# إجابات", many: "# إجابة", other: "# إجابة" };
const OTHER_ANSWERS: PluralForms = { zero: "# إجابة أخرى", one: "إجابة أخرى", two: "إجابتين أخريين", few: "# إجابات أخرى", many: "# إجابة أخرى", other: "# إجابة أخرى" };
// Subject of the verb (nominative): the dual is "إجابتان".
const ANSWERS_HEARD: PluralForms = { zero: "# إجابة", one: "إجابة واحدة", two: "إجابتان", few: "# إجابات", many: "# إجابة", other: "# إجابة" };

export const ar: VerseLanguage = {
  firstLines: {
    hope: [
      "يتجمع النور حيث تمتد إليه أيدٍ كثيرة.",
      "الغد يُصغي منذ الآن إلى ما نتمناه اليوم.",
      "ألف فجر صغير يشرق في ألف قلب.",
      "ما نأمله معًا يبدأ العالم في تذكّره.",
      "كل شرارة ترسلها تجد شرارة أخرى في انتظارها.",
      "الصباح أقرب مما يريدك الليل أن تصدّق.",
      "بذور النور، المنثورة بعيدًا، تتعلم كيف تزهر.",
      "الظلام واسع، لكن لكل قنديل وزنه.",
      "ما يبدؤه قلب واحد، تحمله قلوب كثيرة.",
      "في مكان ما تنفتح نافذة، ويدخل النهار.",
      "حتى أطول ليل يمشي نحو الشمس.",
      "الأمل يسافر خفيفًا ولا يسافر وحيدًا أبدًا.",
    ],
    peace: [
      "ينتشر السكون كالماء حين يجد مستواه.",
      "في السكون بين دقّتين من دقات القلب، يستريح العالم كله.",
      "لتلن كل حدود حتى تصير شاطئًا من السكينة.",
      "الصمت، حين يُتقاسم، يصير مأوى.",
      "مرّت العاصفة؛ والبحيرة تتذكر السماء.",
      "ازفر، وفي مكان ما تنفتح قبضة مشدودة.",
      "حيث ينتهي الغضب، تبدأ بلاد ألطف.",
      "تصمت البنادق، وتعود الطيور.",
      "ليحمل النهر ما تتركه الأيدي.",
      "تُقال كلمة ألطف، فيرقّ جدار.",
      "استرح الآن؛ لقد رنّ الجرس للجميع.",
      "تحت سماء واحدة، لا أحد غريب.",
    ],
    balanced: [
      "النور والسكون يحتضن أحدهما الآخر، ولا يفلت أيّ منهما.",
      "نصفه فجر ونصفه غسق: العالم يستريح في توازن.",
      "قلبان وإيقاع واحد؛ الكفّتان متساويتان.",
      "ما يُعطى وما يُؤخذ متساويان في الوزن الليلة.",
      "بين نعم ولا، يُبنى جسر هادئ.",
      "يأتي المدّ بلطف كما يرحل.",
      "كل صوت محسوب، وكل صمت مسموع.",
      "النهار والليل يتقاسمان الأفق نفسه.",
      "ما يُسأل وما يُجاب يلتقيان في منتصف الطريق.",
      "يد مفتوحة ويد ممسكة: يكفي هذا الآن.",
      "النور يستند إلى السكون، والسكون يستند إليه.",
      "لا صاخبًا ولا صامتًا، يرنّ الجرس صادقًا.",
    ],
  },
  measurement({ shots, top, answers, certainty, variant }, { number, plural }) {
    const times = `${plural(top, TIMES)} من أصل ${number(shots)}`;
    if (certainty === "sure") {
      return variant === 0 ? `كان الجرس واثقًا: جاء الجواب نفسه ${times}.` : `رنّ الجرس بيقين: الجواب نفسه ${times}.`;
    }
    if (certainty === "leaning") {
      return variant === 0
        ? `مال الجرس إلى جهة: جواب واحد ${times}، وذهب الباقي إلى ${plural(answers - 1, OTHER_ANSWERS)}.`
        : `مال الجرس دون يقين: من بين ${plural(answers, ANSWERS)}، جاءت واحدة ${times}.`;
    }
    return variant === 0
      ? `تبعثر الجواب على ${plural(answers, ANSWERS)}؛ أرجحها جاءت ${times}.`
      : `تناثر الجواب كالبذور: سُمعت ${plural(answers, ANSWERS_HEARD)}، ولم تتجاوز أيٌّ منها ${times}.`;
  },
  // The verb comes first and agrees with the feminine "أمنية" in the singular, whatever its number.
  wishes({ count, themes, countries, more }, { plural }) {
    // The countries not named, in the genitive after "من": "وبلد آخر", "وبلدين آخرين", "و3 بلدان أخرى".
    const others = plural(more, { one: "بلد آخر", two: "بلدين آخرين", few: "# بلدان أخرى", many: "# بلدًا آخر", other: "# بلد آخر" });
    const wishes = plural(count, { one: "أمنية", two: "أمنيتان", other: "أمنيات" });
    const about = themes.length ? ` ${forThemes(themes.map((theme) => THEME[theme]))}` : "";
    const from = countries.length ? list(more ? [...countries, others] : countries) : plural(count, { one: "قلب يحلم", other: "قلوب تحلم" });
    return `جاءت ${wishes}${about} من ${from}.`;
  },
};

