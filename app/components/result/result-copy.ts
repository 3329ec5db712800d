import { RING_STATUS } from "~/domain/statuses";
import { cutAtWord } from "~/domain/cut-text";
import { ANONYMOUS_NAME, msg, type Translate } from "~/domain/messages";
import type { MetaDescriptor } from "@remix-run/cloudflare";
import { pageMeta, type SiteInfo } from "~/lib/meta";
import type { HardwareRun, RingView } from "~/domain/ring-view";
import { ringPath } from "~/domain/share";
import { entangledSubtitle, ringCard, ringOrigins } from "~/domain/ring-card";
import { ringVerse } from "~/domain/verse/verse";
import { FIRST_LINE_COUNT } from "~/domain/verse/facts";
import { DEFAULT_LOCALE } from "~/domain/locale";

/**
 * The sentences of the result page that the domain does not already hold. A simulator ring never speaks of qubits
 * answering or measuring: nothing physical happened, and the page says what did.
 */
export { entangledSubtitle, ringCard, ringOrigins };

export const RING_TITLE_FALLBACK = msg("A ring of the bell");

type Provider = Pick<RingView, "isSimulator">;
type Backend = Pick<RingView, "isSimulator" | "backend">;

function hardwareName(t: Translate, ring: Pick<RingView, "backend">): string {
  return ring.backend ?? t("IBM Quantum hardware");
}

export function listeningTitle(t: Translate, ring: Provider): string {
  return ring.isSimulator ? t("The simulation is running…") : t("The qubits are listening…");
}

export function listeningBody(t: Translate, ring: Backend): string {
  return ring.isSimulator
    ? t("The wishes are entangled in a simulated circuit. The result will appear here by itself.")
    : t("The circuit waits in IBM's queue or runs on {backend}; that can take minutes. The result will appear here by itself.", {
        backend: hardwareName(t, ring),
      });
}

/** Announced to screen readers when the result arrives while the visitor waits. */
export function arrivalAnnouncement(t: Translate, ring: Provider, title: string): string {
  return ring.isSimulator ? t("The simulation has answered: {title}", { title }) : t("The qubits have answered: {title}", { title });
}

/**
 * Where the ring ran, in plain words, above the physics (ADR 0097): from the ring's stored provider, so a simulated
 * ring never sounds like hardware and a hardware ring names its machine.
 */
export function providerSentence(t: Translate, ring: Pick<RingView, "isSimulator" | "providerLabel" | "backend" | "status">): string {
  const status = ring.status === RING_STATUS.completed || ring.status === RING_STATUS.failed ? ring.status : "other";
  if (ring.isSimulator) {
    return t(
      "{status, select, completed {An ordinary computer worked out this ring's answer by simulating its quantum circuit; no quantum computer was involved.} failed {An ordinary computer tried to work out this ring's answer by simulating its quantum circuit; no quantum computer was involved.} other {An ordinary computer is working out this ring's answer by simulating its quantum circuit; no quantum computer is involved.}}",
      { status },
    );
  }
  const provider = ring.backend && !ring.providerLabel.includes(ring.backend) ? `${ring.providerLabel} (${ring.backend})` : ring.providerLabel;
  return t(
    "{status, select, completed {A real quantum computer answered this ring: {provider}.} failed {This ring was sent to a real quantum computer, {provider}, but no answer came back.} other {This ring is with a real quantum computer, {provider}, waiting for its answer.}}",
    { status, provider },
  );
}

/** The sentence above the chosen bit string. */
export function answerSentence(t: Translate, ring: Backend, bitstring: string): string {
  return ring.isSimulator
    ? t(
        "The simulation's most frequent outcome is the bit string {bits}. Each bit belongs to one wish; more ones lean the verse's first line towards hope, more zeros towards peace. The bits choose that line from {lines} lines; the lines after it are written from this ring's shots, wishes and countries.",
        { bits: bitstring, lines: FIRST_LINE_COUNT },
      )
    : t(
        "The qubits of {backend} settled most often on the bit string {bits}. Each bit belongs to one wish; more ones lean the verse's first line towards hope, more zeros towards peace. The bits choose that line from {lines} lines; the lines after it are written from this ring's shots, wishes and countries.",
        { backend: hardwareName(t, ring), bits: bitstring, lines: FIRST_LINE_COUNT },
      );
}

/** One wish's bit in plain words: "Mira's wish came out 1: it leaned toward hope." */
export function wishReading(t: Translate, label: string, name: string | null, bit: string): string {
  const lean = bit === "1" ? "hope" : "peace";
  return name && name !== ANONYMOUS_NAME
    ? t("{name}'s wish came out {bit}: it leaned toward {lean, select, hope {hope} other {peace}}.", { name, bit, lean })
    : t("{label} came out {bit}: it leaned toward {lean, select, hope {hope} other {peace}}.", { label, bit, lean });
}

/** IBM (Qiskit) prints a classical register with c[0] rightmost; this site writes wish 1, which is c[0], first. */
export function ibmBitString(bitstring: string): string {
  return Array.from(bitstring).reverse().join("");
}

/** How this page's bit order maps to what IBM's dashboard shows for the same job; only hardware rings have one. */
export function bitOrderNote(t: Translate, ring: Pick<RingView, "hardware">, bitstring: string): string | null {
  if (!ring.hardware) return null;
  const first = ring.hardware.physicalQubits[0];
  const ibm = ibmBitString(bitstring);
  return first === undefined
    ? t(
        "This page writes every bit string, the histogram's too, with wish 1 first: it is classical bit c[0]. IBM's dashboard prints c[0] on the right, so it shows this result as {ibm}.",
        { ibm },
      )
    : t(
        "This page writes every bit string, the histogram's too, with wish 1 first: it is classical bit c[0] on physical qubit {qubit}. IBM's dashboard prints c[0] on the right, so it shows this result as {ibm}.",
        { ibm, qubit: first },
      );
}

export function countsHeading(t: Translate, ring: Provider): string {
  return ring.isSimulator ? t("What the simulation sampled") : t("What the qubits measured");
}

export function shotsSentence(t: Translate, ring: Provider, shots: number): string {
  return ring.isSimulator
    ? t("{shots, plural, one {Sampled over {shots} simulated shot.} other {Sampled over {shots} simulated shots.}}", { shots })
    : t("{shots, plural, one {Measured over {shots} shot.} other {Measured over {shots} shots.}}", { shots });
}

export function circuitCaption(t: Translate, ring: Backend & Pick<RingView, "status">): string {
  const logical = t(
    "Each wish turns its own qubit by an angle drawn from its words (RY), neighbouring qubits are entangled (CX), and every qubit is then measured.",
  );
  const rest = ring.isSimulator
    ? t("The simulator computes this circuit exactly.")
    : ring.status === RING_STATUS.completed
      ? t("This is the logical circuit; {backend} has no RY or CX gate, and the program it really ran follows.", { backend: hardwareName(t, ring) })
      : t("This is the logical circuit; {backend} has no RY or CX gate, and the program sent to it follows.", { backend: hardwareName(t, ring) });
  return `${logical} ${rest}`;
}

/** "0.8 seconds", "12 seconds": tenths only where they mean something. */
export function formatSeconds(t: Translate, seconds: number): string {
  const value = seconds < 10 ? Math.round(seconds * 10) / 10 : Math.round(seconds);
  return t("{value, plural, one {{value} second} other {{value} seconds}}", { value });
}

/** Seconds under a minute, then minutes, then hours and minutes: "2.1 seconds", "4 minutes", "1 hour 5 minutes". */
export function formatDuration(t: Translate, seconds: number): string {
  if (seconds < 59.5) return formatSeconds(t, seconds);
  const minutes = Math.round(seconds / 60);
  const inMinutes = (value: number) => t("{minutes, plural, one {{minutes} minute} other {{minutes} minutes}}", { minutes: value });
  if (minutes < 60) return inMinutes(minutes);
  const hours = Math.floor(minutes / 60);
  const rest = minutes - hours * 60;
  const inHours = t("{hours, plural, one {{hours} hour} other {{hours} hours}}", { hours });
  return rest === 0 ? inHours : `${inHours} ${inMinutes(rest)}`;
}

/**
 * How long the ring took, in the provider's own terms: the simulator's turnaround, or IBM's queue apart from the
 * run and the QPU time IBM charged. Null while there is nothing true to say yet.
 */
export function timingSentence(t: Translate, ring: Pick<RingView, "isSimulator" | "status" | "secondsTaken" | "hardware">): string | null {
  if (ring.status !== RING_STATUS.completed) return null;
  if (ring.isSimulator) {
    return ring.secondsTaken === null ? null : t("The answer was ready {duration} after the bell rang.", { duration: formatDuration(t, ring.secondsTaken) });
  }
  return ring.hardware ? hardwareTiming(t, ring.hardware) : null;
}

function hardwareTiming(t: Translate, run: HardwareRun): string {
  const backend = run.backend ?? t("IBM Quantum hardware");
  const queue = run.queueSeconds === null ? null : formatDuration(t, run.queueSeconds);
  const ran = run.runSeconds === null ? null : formatDuration(t, run.runSeconds);
  const times =
    queue === null
      ? ran === null
        ? t("It ran on {backend}", { backend })
        : t("It ran for {ran} on {backend}", { ran, backend })
      : ran === null
        ? t("Queued for {queue}, then ran on {backend}", { queue, backend })
        : t("Queued for {queue}, ran for {ran} on {backend}", { queue, ran, backend });
  const charge =
    run.qpuSeconds === null
      ? t("IBM has not yet reported the final QPU time charged for it")
      : t("IBM charged {seconds} of QPU time", { seconds: formatSeconds(t, run.qpuSeconds) });
  return t("{times}; {charge}.", { times, charge });
}

/** How much of the sharer's own words a post quotes, so the sentence and the link still fit the post. */
export const YOUR_WORDS_QUOTED_MAX = 60;

/**
 * The text posted with the ring's link. "simulated" comes early, so the 100-character post keeps it: the post quotes
 * the verse's first line, and the link's card and page carry the whole verse. Shared from the device that wrote one
 * of its wishes, the post says so and quotes that wish's words (docs/product.md#your-ring).
 */
export function ringShareText(
  t: Translate,
  ring: Pick<RingView, "isSimulator" | "backend">,
  /** The ring's verse in the post's language, once it has one. */
  verse: readonly string[] | null,
  wishCount: number,
  siteName: string,
  yourWords?: string | null,
): string {
  if (yourWords) {
    const words = `“${cutAtWord(yourWords.trim(), YOUR_WORDS_QUOTED_MAX)}”`;
    return ring.isSimulator
      ? `${t("My wish rang in a simulated ring of the {siteName}:", { siteName })} ${words}`
      : `${t("My wish rang on {backend} in the {siteName}:", { backend: hardwareName(t, ring), siteName })} ${words}`;
  }
  const poem = verse ? `“${verse[0]}” ` : "";
  return ring.isSimulator
    ? `${poem}${t("{count, plural, one {A simulated ring of # wish in the {siteName}.} other {A simulated ring of # wishes in the {siteName}.}}", { count: wishCount, siteName })}`
    : `${poem}${t("{count, plural, one {# wish entangled on {backend} in the {siteName}.} other {# wishes entangled on {backend} in the {siteName}.}}", { count: wishCount, backend: hardwareName(t, ring), siteName })}`;
}

export interface RingMetaInput {
  ring: Pick<RingView, "id" | "status" | "wishes" | "isSimulator" | "backend" | "bitstring" | "counts">;
  site: SiteInfo;
  t: Translate;
}

/** The ring's verse in the page's language, once it completed. */
const metaVerse = ({ ring, site }: RingMetaInput) => (ring.status === RING_STATUS.completed ? ringVerse(ring, site.locale ?? DEFAULT_LOCALE) : null);

function ringDescription(input: RingMetaInput): string {
  const { ring, site, t } = input;
  const verse = metaVerse(input);
  const values = { count: ring.wishes.length, siteName: site.siteName, backend: hardwareName(t, ring), poem: verse ? verse.join(" ") : "" };
  if (verse) {
    return ring.isSimulator
      ? t(
          "“{poem}” {count, plural, one {# wish} other {# wishes}} entangled in one simulated ring of the {siteName}, computed exactly on a classical computer rather than on quantum hardware.",
          values,
        )
      : t("“{poem}” {count, plural, one {# wish} other {# wishes}} entangled in one ring of the {siteName}, run on {backend}, and what the qubits answered.", values);
  }
  if (ring.status === RING_STATUS.failed) {
    return ring.isSimulator
      ? t(
          "{count, plural, one {# wish} other {# wishes}} rang the {siteName} together in a simulated ring; the ring did not complete and the wishes returned to the pool.",
          values,
        )
      : t("{count, plural, one {# wish} other {# wishes}} rang the {siteName} together; the ring did not complete and the wishes returned to the pool.", values);
  }
  return ring.isSimulator
    ? t("{count, plural, one {# wish} other {# wishes}} entangled in one simulated ring of the {siteName}. The simulation is still running.", values)
    : t("{count, plural, one {# wish} other {# wishes}} entangled in one ring of the {siteName}, on {backend}. The qubits are still listening.", values);
}

/**
 * Every tag of /bell/{id} through the shared `pageMeta`: the verse's first line as title (the whole verse is the
 * description and the card's), an article, a bell share image.
 */
export function ringMeta(input: RingMetaInput): MetaDescriptor[] {
  const { ring, site, t } = input;
  return pageMeta(site, {
    title: metaVerse(input)?.[0] ?? t(RING_TITLE_FALLBACK),
    description: ringDescription(input),
    path: ringPath(ring.id),
    type: "article",
    image: ringCard(t, ring, site.siteName, "bell", site.locale),
  });
}

/**
 * Who the visitor rang with, on the device that wrote one of the ring's wishes: "Your wish rang with wishes from
 * Rwanda, Ireland and Japan." Countries are named once each, in the page's language; wishes from nowhere in
 * particular are counted instead.
 */
export function yourCompanyLine(t: Translate, list: (items: readonly string[]) => string, countries: readonly string[], others: number): string {
  if (others === 0) return t("Your wish rang on its own.");
  return countries.length > 0
    ? t("Your wish rang with wishes from {places}.", { places: list(countries) })
    : t("{others, plural, one {Your wish rang with # other wish.} other {Your wish rang with # other wishes.}}", { others });
}

/** The first-screen line for a visitor who came by a shared link: what this page is, and that they can add their own. */
export function sharedRingContext(t: Translate, siteName: string, wishCount: number): string {
  return t(
    "{count, plural, one {Someone shared a ring of the {siteName}: # wish for peace, rung on a shared bell and read by a quantum circuit.} other {Someone shared a ring of the {siteName}: # wishes for peace from strangers, rung together on a shared bell and read by a quantum circuit.}}",
    { count: wishCount, siteName },
  );
}
