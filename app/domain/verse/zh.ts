import type { WallTheme } from "~/domain/theme";
import { joinList, type VerseLanguage } from "./language";

const THEME: Record<WallTheme, string> = { Peace: "和平", Hope: "希望", Love: "爱", Healing: "疗愈", Unity: "团结" };
const list = (items: readonly string[], and: string) => joinList(items, "、", (item) => `${and}${item}`);

export const zh: VerseLanguage = {
  firstLines: {
    hope: [
      "众人伸手之处，光便汇聚。",
      "明天已经在聆听我们今天的愿望。",
      "千颗心中，千个小小的黎明正在升起。",
      "我们共同期盼的，世界开始铭记。",
      "你送出的每一点火花，都会遇见另一点等待的火花。",
      "清晨比黑夜让你相信的更近。",
      "光的种子，四处飘散，正在学习如何绽放。",
      "黑夜辽阔，但每一盏灯都算数。",
      "一颗心开始的，许多颗心接着完成。",
      "某处一扇窗打开，白昼便走了进来。",
      "最长的夜，也在走向太阳。",
      "希望轻装上路，从不独行。",
    ],
    peace: [
      "宁静如水般蔓延，直到找到自己的水平。",
      "在两次心跳之间的寂静里，整个世界都在休憩。",
      "愿每一道边界都柔化成一片宁静的海岸。",
      "共享的寂静，成了一种庇护。",
      "风暴已经过去；湖水记得天空。",
      "呼出一口气，某处一只紧握的拳头便松开了。",
      "愤怒止息之处，一片更温柔的国度开始了。",
      "枪声沉寂，鸟儿归来。",
      "让河流带走双手放下的东西。",
      "一句更温柔的话说出口，一堵墙便薄了一层。",
      "现在歇息吧；钟声为每一个人而鸣。",
      "同一片天空下，没有人是陌生人。",
    ],
    balanced: [
      "光明与宁静彼此相拥，谁也不放手。",
      "一半黎明，一半黄昏：世界在平衡中安歇。",
      "两颗心，一个节拍；天平静静持平。",
      "今夜，给予的与收到的一样重。",
      "在是与否之间，一座安静的桥正在架起。",
      "潮水来时，与它离去时一样温柔。",
      "每一个声音都被计入，每一份沉默都被听见。",
      "白昼与黑夜共享同一条地平线。",
      "所问与所答，在半途相遇。",
      "一只手张开，一只手握住：此刻已经足够。",
      "光倚着宁静，宁静也倚着光。",
      "不喧哗，也不沉默，钟声真切地响起。",
    ],
  },
  // Chinese counts with a measure word and no plural forms (its plural rules give "other" for every number).
  measurement({ shots, top, answers, certainty, variant }, { number }) {
    const [n, t, a] = [number(shots), number(top), number(answers)];
    if (certainty === "sure") return variant === 0 ? `${n}次测量中，有${t}次给出同一个答案：钟声很笃定。` : `钟声笃定：${n}次中有${t}次是同一个答案。`;
    if (certainty === "leaning") {
      return variant === 0
        ? `钟声偏向一方：${n}次中有${t}次是同一个答案，其余落在${answers - 1 === 1 ? "另一个答案" : `另外${number(answers - 1)}个答案`}里。`
        : `钟声有所偏向，却不笃定：${a}个答案中，有一个在${n}次里出现了${t}次。`;
    }
    return variant === 0 ? `答案散成${a}种模样；最可能的一种在${n}次中出现了${t}次。` : `像种子一样散开：听见${a}个答案，没有一个超过${n}次中的${t}次。`;
  },
  wishes({ count, themes, countries, more }, { number }) {
    // Not every name: "日本、智利、美国等5个地方".
    const named = more ? `${countries.join("、")}等${number(countries.length + more)}个地方` : list(countries, "和");
    const from = countries.length ? named : "追梦人";
    const wishes = count === 1 ? "一个心愿" : "心愿";
    return themes.length ? `来自${from}的${wishes}，为${list(themes.map((theme) => THEME[theme]), "与")}而鸣。` : `来自${from}的${wishes}，${count === 1 ? "独自鸣响" : "一同鸣响"}。`;
  },
};
