import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";

/** The argument names a message uses, at any depth (plural and select branches included). */
export function messageArguments(message: string): string[] {
  const names = new Set<string>();
  const walk = (compiled: unknown) => {
    if (!Array.isArray(compiled)) return;
    for (const token of compiled) {
      if (typeof token === "string") continue;
      const [name, , branches] = token as [string, unknown?, unknown?];
      names.add(name);
      if (branches && typeof branches === "object") {
        for (const branch of Object.values(branches)) walk(branch);
      }
    }
  };
  walk(compileMessageOrThrow(message));
  return [...names].sort();
}

/**
 * What is wrong with one language's catalogue against English: a key English has and it lacks, a key it has and
 * English lacks, a message that does not parse, or one whose arguments differ from the English message's.
 */
export function catalogueProblems(english: Record<string, string>, catalogue: Record<string, string>): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(english)) if (!(key in catalogue)) problems.push(`missing: ${key}`);
  for (const key of Object.keys(catalogue)) if (!(key in english)) problems.push(`not in English: ${key}`);
  for (const [key, message] of Object.entries(catalogue)) {
    if (!(key in english)) continue;
    if (typeof message !== "string" || message.trim() === "") {
      problems.push(`empty: ${key}`);
      continue;
    }
    let own: string[];
    try {
      own = messageArguments(message);
    } catch (error) {
      problems.push(`does not parse (${(error as Error).message.split("\n")[0]}): ${key}`);
      continue;
    }
    const expected = messageArguments(english[key]);
    if (own.join(",") !== expected.join(",")) problems.push(`arguments ${own.join(",") || "none"} instead of ${expected.join(",") || "none"}: ${key}`);
  }
  return problems;
}
