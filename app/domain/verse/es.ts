import type { WallTheme } from "~/domain/theme";
import { joinList, type VerseLanguage } from "./language";

const THEME: Record<WallTheme, string> = { Peace: "paz", Hope: "esperanza", Love: "amor", Healing: "sanación", Unity: "unidad" };
// "y" becomes "e" before the sound /i/ ("Chile e Israel"), but not before "hie"/"hia" ("y hierba").
const and = (item: string) => (/^h?[iíÍ](?![aeé])/i.test(item) ? ` e ${item}` : ` y ${item}`);
const list = (items: readonly string[]) => joinList(items, ", ", and);

export const es: VerseLanguage = {
  firstLines: {
    hope: [
      "La luz se reúne donde muchas manos la buscan.",
      "El mañana ya escucha lo que deseamos hoy.",
      "Mil pequeños amaneceres se elevan en mil corazones.",
      "Lo que esperamos juntos, el mundo empieza a recordarlo.",
      "Cada chispa que envías encuentra otra chispa esperando.",
      "La mañana está más cerca de lo que la noche quiere hacerte creer.",
      "Semillas de luz, esparcidas a lo lejos, aprenden a florecer.",
      "La oscuridad es amplia, pero cada farol cuenta.",
      "Lo que un corazón empieza, muchos corazones lo continúan.",
      "En algún lugar se abre una ventana y entra el día.",
      "Hasta la noche más larga camina hacia el sol.",
      "La esperanza viaja ligera y nunca viaja sola.",
    ],
    peace: [
      "La calma se extiende como el agua que encuentra su nivel.",
      "En el silencio entre latidos, el mundo entero descansa.",
      "Que cada frontera se suavice hasta ser una orilla en calma.",
      "El silencio compartido se convierte en una especie de refugio.",
      "La tormenta ha pasado; el lago recuerda el cielo.",
      "Exhala, y en algún lugar se abre un puño cerrado.",
      "Donde termina la ira, empieza un país más amable.",
      "Las armas callan y los pájaros regresan.",
      "Que el río se lleve lo que las manos sueltan.",
      "Se dice una palabra más suave y un muro se adelgaza.",
      "Descansa ahora; la campana ha sonado por todos.",
      "Bajo un mismo cielo, nadie es extranjero.",
    ],
    balanced: [
      "La luz y la calma se abrazan, y ninguna se suelta.",
      "Medio amanecer, medio ocaso: el mundo descansa en equilibrio.",
      "Dos corazones, un ritmo; la balanza queda nivelada.",
      "Lo que se da y lo que se recibe pesan lo mismo esta noche.",
      "Entre el sí y el no, se está construyendo un puente sereno.",
      "La marea llega tan suave como se va.",
      "Cada voz contada, cada silencio escuchado.",
      "El día y la noche comparten el mismo horizonte.",
      "Lo que se pregunta y lo que se responde se encuentran a medio camino.",
      "Una mano abierta, una mano que sostiene: basta por ahora.",
      "La luz se apoya en la calma, y la calma le devuelve el gesto.",
      "Ni fuerte ni callada, la campana suena verdadera.",
    ],
  },
  measurement({ shots, top, answers, certainty, variant }, { number, plural }) {
    const times = (value: number) => plural(value, { one: "# vez", other: "# veces" });
    const ofShots = `${number(top)} de ${plural(shots, { one: "# disparo", other: "# disparos" })}`;
    if (certainty === "sure") {
      return variant === 0
        ? `${ofShots} ${plural(top, { one: "dio", other: "dieron" })} una sola respuesta: la campana estaba segura.`
        : `La campana estaba segura: la misma respuesta ${times(top)} de cada ${number(shots)}.`;
    }
    if (certainty === "leaning") {
      return variant === 0
        ? `${ofShots} se ${plural(top, { one: "inclinó", other: "inclinaron" })} hacia un lado; el resto fue a ${plural(answers - 1, { one: "otra respuesta", other: "# respuestas más" })}.`
        : `La campana se inclinó sin estar segura: de ${plural(answers, { one: "# respuesta", other: "# respuestas" })}, una llegó ${times(top)} de cada ${number(shots)}.`;
    }
    return variant === 0
      ? `La respuesta se dispersó en ${plural(answers, { one: "# forma", other: "# formas" })}; la más probable llegó ${times(top)} de cada ${number(shots)}.`
      : `Dispersa como semillas: ${plural(answers, { one: "# respuesta oída", other: "# respuestas oídas" })}, ninguna más de ${times(top)} de cada ${number(shots)}.`;
  },
  wishes({ count, themes, countries, more }, { plural }) {
    // "tierra" is feminine: "y una más".
    const lands = more ? joinList([...countries, plural(more, { one: "una más", other: "# más" })], ", ", (item) => ` y ${item}`) : list(countries);
    const wishes = plural(count, { one: "Un deseo", other: "Deseos" });
    const about = themes.length ? ` de ${list(themes.map((theme) => THEME[theme]))}` : "";
    if (countries.length === 0) return `${wishes}${about}${about ? "," : ""} ${plural(count, { one: "de alguien que sueña", other: "de quienes sueñan" })}.`;
    return `${wishes}${about}${about ? "," : ""} desde ${plural(countries.length, { one: "esta tierra", other: "estas tierras" })}: ${lands}.`;
  },
};
