import type { Translate } from "~/domain/messages";
import { wishLabel } from "./circuit-layout";

/** What the OpenQASM 3 program of a hardware ring holds, read back from its text for the page's summary. */
export interface NativeProgramSummary {
  /** Gate name and how often it occurs, in order of first appearance ("rz", "sx", "x", "cz"). */
  gates: { name: string; count: number }[];
  measurements: number;
}

const GATE = /^([a-z][a-z0-9_]*)(?:\([^)]*\))?\s+\$\d+(?:\s*,\s*\$\d+)*\s*;$/;
const MEASURE = /^c\[\d+\]\s*=\s*measure\s+\$\d+\s*;$/;

export function summariseNativeProgram(qasm: string): NativeProgramSummary {
  const counts = new Map<string, number>();
  let measurements = 0;
  for (const raw of qasm.split("\n")) {
    const line = raw.trim();
    if (MEASURE.test(line)) {
      measurements++;
      continue;
    }
    const name = GATE.exec(line)?.[1];
    if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return { gates: [...counts].map(([name, count]) => ({ name, count })), measurements };
}

/** "The chip ran 37 native gates (20 rz, 12 sx, 1 x, 4 cz), then 5 measurements." Until it has run, "The program holds…". */
export function nativeProgramSentence(t: Translate, summary: NativeProgramSummary, ran: boolean): string {
  const count = summary.gates.reduce((sum, gate) => sum + gate.count, 0);
  // Gate names are OpenQASM's own ("rz", "sx"), the same in every language.
  const parts = summary.gates.map((gate) => `${gate.count} ${gate.name}`).join(", ");
  const gates = parts
    ? t("{count, plural, one {# native gate ({parts})} other {# native gates ({parts})}}", { count, parts })
    : t("{count, plural, one {# native gate} other {# native gates}}", { count });
  const measurements = t("{count, plural, one {# measurement} other {# measurements}}", { count: summary.measurements });
  return ran ? t("The chip ran {gates}, then {measurements}.", { gates, measurements }) : t("The program holds {gates}, then {measurements}.", { gates, measurements });
}

/** "Wish 1 → qubit 12, read into c[0]": physicalQubits[i] carried wish i. */
export function qubitAssignments(t: Translate, physicalQubits: readonly number[]): string[] {
  return physicalQubits.map((qubit, index) => t("{wish} → physical qubit {qubit}, read into c[{index}]", { wish: wishLabel(t, index), qubit, index }));
}
