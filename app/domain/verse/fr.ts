import type { WallTheme } from "~/domain/theme";
import { joinList, type VerseLanguage } from "./language";

// After "de", without an article, elided before a vowel: "de paix", "d’espoir".
const THEME: Record<WallTheme, string> = { Peace: "de paix", Hope: "d’espoir", Love: "d’amour", Healing: "de guérison", Unity: "d’unité" };
const list = (items: readonly string[]) => joinList(items, ", ", (item) => ` et ${item}`);
// French sets a no-break space before a colon or a semicolon.
const NB = "\u00a0";

export const fr: VerseLanguage = {
  firstLines: {
    hope: [
      "La lumière se rassemble là où beaucoup de mains se tendent vers elle.",
      "Demain écoute déjà ce que nous souhaitons aujourd’hui.",
      "Mille petites aubes se lèvent dans mille cœurs.",
      "Ce que nous espérons ensemble, le monde commence à s’en souvenir.",
      "Chaque étincelle que vous envoyez trouve une autre étincelle qui l’attend.",
      "Le matin est plus proche que la nuit voudrait vous le faire croire.",
      "Des graines de lumière, semées au loin, apprennent à fleurir.",
      "La nuit est vaste, mais chaque lanterne compte.",
      "Ce qu’un cœur commence, beaucoup de cœurs le poursuivent.",
      "Quelque part une fenêtre s’ouvre, et le jour entre.",
      "Même la plus longue nuit marche vers le soleil.",
      "L’espoir voyage léger et ne voyage jamais seul.",
    ],
    peace: [
      "Le calme s’étend comme l’eau qui trouve son niveau.",
      "Dans le silence entre deux battements de cœur, le monde entier se repose.",
      "Que chaque frontière s’adoucisse en un rivage de calme.",
      "Le silence, partagé, devient une sorte d’abri.",
      `L’orage est passé${NB}; le lac se souvient du ciel.`,
      "Expirez, et quelque part un poing serré s’ouvre.",
      "Là où la colère s’arrête, commence un pays plus doux.",
      "Les armes se taisent, et les oiseaux reviennent.",
      "Que la rivière emporte ce que les mains laissent aller.",
      "Un mot plus doux est dit, et un mur s’amincit.",
      `Reposez-vous${NB}; la cloche a sonné pour tout le monde.`,
      "Sous un même ciel, personne n’est étranger.",
    ],
    balanced: [
      "La lumière et le calme se tiennent l’un l’autre, et aucun ne lâche prise.",
      `Mi-aube, mi-crépuscule${NB}: le monde repose en équilibre.`,
      `Deux cœurs, un rythme${NB}; la balance est à l’équilibre.`,
      "Ce qui est donné et ce qui est reçu pèsent le même poids ce soir.",
      "Entre le oui et le non, un pont paisible se construit.",
      "La marée monte aussi doucement qu’elle se retire.",
      "Chaque voix comptée, chaque silence entendu.",
      "Le jour et la nuit partagent le même horizon.",
      "Ce que l’on demande et ce que l’on répond se rejoignent à mi-chemin.",
      `Une main ouverte, une main qui tient${NB}: c’est assez pour ce soir.`,
      "La lumière s’appuie sur le calme, et le calme lui rend la pareille.",
      "Ni forte ni muette, la cloche sonne juste.",
    ],
  },
  measurement({ shots, top, answers, certainty, variant }, { number, plural }) {
    const onShots = `${plural(top, { one: "# tir", other: "# tirs" })} sur ${number(shots)}`;
    const times = `${number(top)} fois sur ${number(shots)}`;
    if (certainty === "sure") {
      return variant === 0
        ? `${onShots} ${plural(top, { one: "a", other: "ont" })} donné la même réponse${NB}: la cloche était sûre.`
        : `La cloche était sûre${NB}: la même réponse ${times}.`;
    }
    if (certainty === "leaning") {
      return variant === 0
        ? `${onShots} ${plural(top, { one: "penchait", other: "penchaient" })} d’un côté${NB}; le reste est allé à ${plural(answers - 1, { one: "une autre réponse", other: "# autres réponses" })}.`
        : `La cloche penchait sans être sûre${NB}: sur ${plural(answers, { one: "# réponse", other: "# réponses" })}, une est venue ${times}.`;
    }
    return variant === 0
      ? `La réponse s’est dispersée en ${plural(answers, { one: "# forme", other: "# formes" })}${NB}; la plus probable est venue ${times}.`
      : `Dispersée comme des graines${NB}: ${plural(answers, { one: "# réponse entendue", other: "# réponses entendues" })}, aucune plus de ${times}.`;
  },
  // Countries after a colon, bare: "de France", "du Japon", "des États-Unis" would need each name's gender and number.
  wishes({ count, themes, countries, more }, { plural }) {
    // "terre" is feminine: "et une autre".
    const lands = more ? joinList([...countries, plural(more, { one: "une autre", other: "# autres" })], ", ", (item) => ` et ${item}`) : list(countries);
    const wishes = plural(count, { one: "Un vœu", other: "Des vœux" });
    const about = themes.length ? ` ${list(themes.map((theme) => THEME[theme]))}` : "";
    const came = plural(count, { one: "venu", other: "venus" });
    if (countries.length === 0) return `${wishes}${about}${about ? "," : ""} ${came} ${plural(count, { one: "d’une personne qui rêve", other: "de personnes qui rêvent" })}.`;
    return `${wishes}${about}${about ? "," : ""} ${came} ${plural(countries.length, { one: "de cette terre", other: "de ces terres" })}${NB}: ${lands}.`;
  },
};
