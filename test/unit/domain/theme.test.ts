import { describe, expect, it } from "vitest";
import { classifyTheme, THEME_COLOURS, THEMES } from "../../../app/domain/theme";

function relativeLuminance(hex: string): number {
  const [red, green, blue] = [1, 3, 5].map((start) => {
    const channel = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a);
  return (lighter + 0.05) / (darker + 0.05);
}

describe("classifyTheme", () => {
  it.each([
    ["May peace reach every home", "Peace"],
    ["A calm sea for every sailor", "Peace"],
    ["Tranquility for the weary", "Peace"],
    ["I hope the war ends soon", "Hope"],
    ["Dreams for every child", "Hope"],
    ["A brighter future for all", "Hope"],
    ["Love for my grandmother", "Love"],
    ["With all my heart", "Love"],
    ["Take care of each other", "Love"],
    ["Healing for my sister", "Healing"],
    ["Good health to everyone", "Healing"],
    ["Wellness in every town", "Healing"],
    ["Unity among nations", "Unity"],
    ["Let us stand together", "Unity"],
    ["A stronger community", "Unity"],
    ["Connecting every village", "Unity"],
    ["Let the rivers run clean", "General"],
    ["", "General"],
  ])("%j is %s", (text, theme) => {
    expect(classifyTheme(text)).toBe(theme);
  });

  it("ignores case", () => {
    expect(classifyTheme("PEACE NOW")).toBe("Peace");
    expect(classifyTheme("hOpE")).toBe("Hope");
  });

  it("takes the first theme in the spec's order", () => {
    expect(classifyTheme("Love and peace")).toBe("Peace");
    expect(classifyTheme("Together we heal with love and hope")).toBe("Hope");
    expect(classifyTheme("Healing together")).toBe("Healing");
  });

  it("matches at the start of words only", () => {
    expect(classifyTheme("Glovers and shovels")).toBe("General");
    expect(classifyTheme("Unhopeful sheep")).toBe("General");
    expect(classifyTheme("Wheels turn")).toBe("General");
  });
});

describe("classifyTheme in every language the site speaks (issue 22)", () => {
  it.each([
    ["Que la paz llegue a cada hogar", "Peace"],
    ["Tengo esperanza en el mañana", "Hope"],
    ["Todo mi amor para mi abuela", "Love"],
    ["Que mi hermana se cure pronto y tenga salud", "Healing"],
    ["Juntos somos más fuertes", "Unity"],
    ["La paix dans le monde entier", "Peace"],
    ["J’espère un monde meilleur", "Hope"],
    ["De tout mon cœur", "Love"],
    ["Une guérison rapide pour ma mère", "Healing"],
    ["Ensemble nous sommes forts", "Unity"],
    ["أتمنى السلام لكل العالم", "Peace"],
    ["لدي أمل كبير في الغد", "Hope"],
    ["بالحب نبني عالما أفضل", "Love"],
    ["الشفاء العاجل لأمي", "Healing"],
    ["نحن معا أقوى", "Unity"],
    ["दुनिया में शांति हो", "Peace"],
    ["मुझे उम्मीद है कि कल बेहतर होगा", "Hope"],
    ["सबको मेरा प्यार", "Love"],
    ["मेरी माँ का स्वास्थ्य अच्छा हो", "Healing"],
    ["हम सब में एकता हो", "Unity"],
    ["愿世界和平", "Peace"],
    ["我希望明天会更好", "Hope"],
    ["把爱传给每一个人", "Love"],
    ["祝妈妈早日康复", "Healing"],
    ["我们团结在一起", "Unity"],
  ])("%j is %s", (text, theme) => {
    expect(classifyTheme(text)).toBe(theme);
  });

  it("still matches at the start of words in spaced scripts, and reads accents typed in two parts", () => {
    expect(classifyTheme("Es capaz de todo")).toBe("General");
    expect(classifyTheme("La se\u0301re\u0301nite\u0301 du soir")).toBe("Peace");
    expect(classifyTheme("Let the rivers run clean, 河流清澈")).toBe("General");
  });
});

describe("THEME_COLOURS", () => {
  it("covers every theme and General", () => {
    expect(Object.keys(THEME_COLOURS).sort()).toEqual([...THEMES, "General"].sort());
  });

  it.each(Object.entries(THEME_COLOURS))("%s text reaches WCAG AA on its background", (_theme, colour) => {
    expect(contrastRatio(colour.background, colour.text)).toBeGreaterThanOrEqual(4.5);
  });

  it("gives each theme its own background", () => {
    const backgrounds = Object.values(THEME_COLOURS).map((colour) => colour.background);
    expect(new Set(backgrounds).size).toBe(backgrounds.length);
  });

  it("checks contrast the WCAG way", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#777777")).toBe(1);
  });
});
