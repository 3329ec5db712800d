import { COST_PER_RING_USD } from "./limits";
import { msg, type Translate } from "./messages";
import type { ProviderName } from "./quantum-config";

/**
 * Every sentence the site says about where a ring runs (docs/product.md#your-ring), in one place: How it works, /about, /why, /cost,
 * /faq, the donate and charity dialogs, share texts and the footer chip all read them from here, so each is true for
 * the provider this deployment is configured with. With the simulator nothing here claims quantum hardware; with
 * IBM the same places say hardware and name it. A ring's own page speaks of that ring (result-copy.ts).
 */
export type Story = "simulator" | "ibm";

/** The story of the configured provider (QUANTUM_PROVIDER, parsed); only "ibm" speaks of hardware. */
export function storyOf(provider: ProviderName | null): Story {
  return provider === "ibm" ? "ibm" : "simulator";
}

export const STORY_SENTENCES = {
  /** One sentence: where each ring's circuit runs (about, FAQ, How it works). */
  runs: {
    simulator: msg(
      "Each ring's circuit is computed by this site's built-in simulator: an exact calculation on an ordinary computer, not a run on quantum hardware.",
    ),
    ibm: msg("Each ring's circuit runs on IBM Quantum hardware, a real quantum computer reached through IBM's cloud."),
  },
  /** The How it works dialog's third step. */
  ringStep: {
    simulator: msg(
      "Anyone can ring the bell. The circuit is computed exactly by the site's built-in simulator, not on quantum hardware, and sampled a hundred times; the most frequent outcome becomes the ring's result.",
    ),
    ibm: msg(
      "Anyone can ring the bell. The circuit runs on IBM Quantum hardware and is measured a hundred times; the most frequent outcome becomes the ring's result.",
    ),
  },
  /** /why's last section: its heading. */
  whyTitle: {
    simulator: msg("Why a simulator, for now?"),
    ibm: msg("Why a real quantum computer?"),
  },
  /** /why's last section: its text. */
  whyBody: {
    simulator: msg(
      "This bell currently rings on its built-in simulator, and every result page says so. A simulation on an ordinary computer computes the same circuit exactly and gives the same kinds of strings, without the noise of a physical machine. The site can be switched to IBM Quantum hardware, and then your wish takes part in a real physical experiment; until then we would rather tell you plainly than pretend.",
    ),
    ibm: msg(
      "A simulation on an ordinary computer would produce the same kinds of strings. But we think it matters that your wish really does take part in a physical experiment on IBM Quantum hardware: one of a handful of places in the world where entanglement is made on purpose, and where the outcome is genuinely open until the moment it is measured. It is the same reason people travel to ring a particular bell rather than play a recording of one.",
    ),
  },
  /** /cost's first paragraph. */
  costBody: {
    simulator: msg(
      "This bell currently rings on its built-in simulator, so a ring costs nothing beyond the site's hosting. On IBM Quantum hardware, which is rented by the second, one ring (a small circuit of up to five qubits, measured a hundred times) plus the service's minimum charge per job would come to about US${cost}.",
    ),
    ibm: msg(
      "Quantum computers are rented by the second. A ring of the bell sends one small circuit (up to five qubits, measured a hundred times) to IBM Quantum hardware, and the time it uses, together with the service's minimum charge per job, comes to about US${cost} per ring.",
    ),
  },
  /** /cost's figure beside "~$1". */
  costFigure: {
    simulator: msg("what a ring would cost on IBM Quantum hardware (on the simulator: nothing)"),
    ibm: msg("IBM Quantum computer time per ring"),
  },
  /** /cost's table of where the money goes: its first use. */
  moneyUse: {
    simulator: msg("Saved toward quantum hardware time (the bell rings on a simulator for now)"),
    ibm: msg("IBM Quantum computer time"),
  },
  /** The FAQ's "Does my wish really go to a quantum computer?" */
  faqHardware: {
    simulator: msg(
      "Not at the moment. This bell rings on its built-in simulator, which computes the same circuit exactly on an ordinary computer, and every result page says so. The circuit carries angles derived from your wish, not the words themselves.",
    ),
    ibm: msg(
      "Yes: each ring runs a small circuit on IBM Quantum hardware, and the result page names the machine. The circuit carries angles derived from your wish, not the words themselves.",
    ),
  },
  /** The FAQ's "What does a ring cost?" */
  faqCost: {
    simulator: msg(
      "While the bell rings on its simulator, nothing beyond hosting. On IBM Quantum hardware a ring of up to five wishes would cost about US${cost} of quantum computer time.",
    ),
    ibm: msg("About US${cost} of IBM Quantum computer time, for up to five wishes."),
  },
  /** The donate dialog's opening sentence. */
  donate: {
    simulator: msg(
      "The bell rings on a simulator for now, so what keeps it going is its hosting. A gift keeps the site free for everyone, saves toward time on real quantum hardware, and part of it reaches a mental-health charity.",
    ),
    ibm: msg(
      "Each ring costs about US${cost} of IBM Quantum computer time. A gift buys wishes for people who cannot give, and part of it reaches a mental-health charity.",
    ),
  },
  /** The charity dialog: what "running costs" are. */
  runningCosts: {
    simulator: msg("The bell's running costs are its hosting: it rings on a simulator, not on quantum hardware, for now."),
    ibm: msg("The bell's running costs are mostly IBM Quantum computer time, and its hosting."),
  },
  /** What a shared link or an e-mail says the bell does. */
  shareLine: {
    simulator: msg("People everywhere write a wish, and a shared bell entangles them in a simulated quantum circuit."),
    ibm: msg("People everywhere write a wish, and a shared bell entangles them on IBM Quantum hardware."),
  },
  /** /gift: what a gift pays for. */
  giftCost: {
    simulator: msg(
      "For now the bell rings on its built-in simulator, so a gift keeps the site free for everyone and saves toward real quantum computer time: about US${cost} a ring on IBM Quantum hardware.",
    ),
    ibm: msg("But every ring of the bell uses real time on IBM Quantum hardware, and that time costs about US${cost} per ring."),
  },
  /** The footer chip. */
  chip: {
    simulator: msg("Simulated quantum circuits"),
    ibm: msg("Powered by IBM Quantum"),
  },
} as const satisfies Record<string, Record<Story, string>>;

export type StoryKey = keyof typeof STORY_SENTENCES;

/** One sentence of the story, in the language of `t`. */
export function storySentence(t: Translate, story: Story, key: StoryKey): string {
  return t(STORY_SENTENCES[key][story], { cost: COST_PER_RING_USD });
}

/** Every sentence of the story, named `story.<key>`, for the Markdown pages' templates (legal-template.ts). */
export function storyValues(t: Translate, story: Story): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = { ibm: story === "ibm" };
  for (const key of Object.keys(STORY_SENTENCES) as StoryKey[]) values[`story.${key}`] = storySentence(t, story, key);
  return values;
}
