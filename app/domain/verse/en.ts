import type { WallTheme } from "~/domain/theme";
import { joinList, type VerseLanguage } from "./language";

const THEME: Record<WallTheme, string> = { Peace: "peace", Hope: "hope", Love: "love", Healing: "healing", Unity: "unity" };
const list = (items: readonly string[]) => joinList(items, ", ", (item) => ` and ${item}`);

export const en: VerseLanguage = {
  firstLines: {
    hope: [
      "Light gathers where many hands reach for it.",
      "Tomorrow is already listening to what we wish today.",
      "A thousand small dawns are rising in a thousand hearts.",
      "What we hope for together, the world begins to remember.",
      "Every spark you send finds another spark waiting.",
      "The morning is nearer than the night would have you believe.",
      "Seeds of light, scattered wide, are learning how to bloom.",
      "The dark is wide, but every lantern counts.",
      "What one heart starts, many hearts carry on.",
      "Somewhere a window opens, and the day comes in.",
      "Even the longest night is walking towards the sun.",
      "Hope travels light and never travels alone.",
    ],
    peace: [
      "Stillness spreads like water finding its level.",
      "In the quiet between heartbeats, the whole world rests.",
      "Let every border soften into a shoreline of calm.",
      "Silence, shared, becomes a kind of shelter.",
      "The storm has passed; the lake remembers the sky.",
      "Breathe out, and somewhere a clenched fist opens.",
      "Where anger ends, a gentler country begins.",
      "The guns grow quiet, and the birds return.",
      "Let the river carry what the hands let go.",
      "A softer word is spoken, and a wall grows thin.",
      "Rest now; the bell has rung for everyone.",
      "Under one sky, no one is a stranger.",
    ],
    balanced: [
      "Light and stillness hold each other, and neither lets go.",
      "Half dawn, half dusk: the world rests in balance.",
      "Two hearts, one rhythm; the scales lie level.",
      "What is given and what is received weigh the same tonight.",
      "Between yes and no, a quiet bridge is being built.",
      "The tide comes in as gently as it leaves.",
      "Every voice counted, every silence heard.",
      "The day and the night share the same horizon.",
      "What is asked and what is answered meet halfway.",
      "One hand open, one hand holding: enough for now.",
      "Light leans on stillness, and stillness leans back.",
      "Neither loud nor silent, the bell rings true.",
    ],
  },
  measurement({ shots, top, answers, certainty, variant }, { number, plural }) {
    const times = (value: number) => plural(value, { one: "once", other: "# times" });
    const ofShots = `${number(top)} of ${plural(shots, { one: "# shot", other: "# shots" })}`;
    if (certainty === "sure") {
      return variant === 0 ? `${ofShots} gave one answer: the bell was sure.` : `The bell was sure: the same answer ${times(top)} in ${number(shots)}.`;
    }
    if (certainty === "leaning") {
      return variant === 0
        ? `${ofShots} leaned one way; the rest went to ${plural(answers - 1, { one: "one other answer", other: "# other answers" })}.`
        : `The bell leaned but was not sure: of ${plural(answers, { one: "# answer", other: "# answers" })}, one came ${times(top)} in ${number(shots)}.`;
    }
    return variant === 0
      ? `The answer scattered into ${plural(answers, { one: "# shape", other: "# shapes" })}; the likeliest came ${times(top)} in ${number(shots)}.`
      : `Scattered like seeds: ${plural(answers, { one: "# answer", other: "# answers" })} heard, none more than ${times(top)} in ${number(shots)}.`;
  },
  // Countries follow a colon, as a list of names: "from the United States" would need an article English gives
  // some names and not others.
  wishes({ count, themes, countries, more }, { plural }) {
    const lands = more ? joinList([...countries, plural(more, { one: "one more", other: "# more" })], ", ", (item) => ` and ${item}`) : list(countries);
    const wishes = plural(count, { one: "A wish", other: "Wishes" });
    const about = themes.length ? ` for ${list(themes.map((theme) => THEME[theme]))}` : "";
    if (countries.length === 0) return `${wishes}${about}${about ? "," : ""} from ${plural(count, { one: "a fellow dreamer", other: "fellow dreamers" })}.`;
    return `${wishes}${about}${about ? "," : ""} from ${plural(countries.length, { one: "this land", other: "these lands" })}: ${lands}.`;
  },
};
