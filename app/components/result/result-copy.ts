import { OG_SUBTITLE_MAX, OG_TITLE_MAX } from "~/domain/limits";
import { ANONYMOUS_NAME, countWishes, FELLOW_DREAMER_LOCATION, UNKNOWN_LOCATION } from "~/domain/messages";
import type { MetaDescriptor } from "@remix-run/cloudflare";
import { pageMeta, type CardParams, type SiteInfo } from "~/lib/meta";
import type { PublicWish } from "~/domain/public-wish";
import type { HardwareRun, RingView } from "~/domain/ring-view";
import { ringPath } from "~/domain/share";
import { type RingImageFormat, ringVariant } from "~/domain/og-variant";

/**
 * The sentences of the result page that the domain does not already hold. A simulator ring never speaks of qubits
 * answering or measuring: nothing physical happened, and the page says what did.
 */
export const RING_TITLE_FALLBACK = "A ring of the bell";

type Provider = Pick<RingView, "isSimulator">;
type Backend = Pick<RingView, "isSimulator" | "backend">;

function hardwareName(ring: Pick<RingView, "backend">): string {
  return ring.backend ?? "IBM Quantum hardware";
}

export function listeningTitle(ring: Provider): string {
  return ring.isSimulator ? "The simulation is running…" : "The qubits are listening…";
}

export function listeningBody(ring: Backend): string {
  return ring.isSimulator
    ? "The wishes are entangled in a simulated circuit. The result will appear here by itself."
    : `The circuit waits in IBM's queue or runs on ${hardwareName(ring)}; that can take minutes. The result will appear here by itself.`;
}

/** Announced to screen readers when the result arrives while the visitor waits. */
export function arrivalAnnouncement(ring: Provider, title: string): string {
  return `${ring.isSimulator ? "The simulation has answered" : "The qubits have answered"}: ${title}`;
}

export function providerSentence(ring: Pick<RingView, "isSimulator" | "providerLabel" | "backend" | "status">): string {
  const verb = ring.status === "completed" ? "Computed" : ring.status === "failed" ? "Tried" : "Being computed";
  if (ring.isSimulator) return `${verb} on the built-in exact state-vector simulator, not on quantum hardware.`;
  const backend = ring.backend && !ring.providerLabel.includes(ring.backend) ? ` (${ring.backend})` : "";
  return `${verb} on quantum hardware: ${ring.providerLabel}${backend}.`;
}

/** The sentence above the chosen bit string. */
export function answerSentence(ring: Backend, bitstring: string): string {
  const lean = "Each bit belongs to one wish; more ones lean the line towards hope, more zeros towards peace.";
  return ring.isSimulator
    ? `The simulation's most frequent outcome is the bit string ${bitstring}. ${lean}`
    : `The qubits of ${hardwareName(ring)} settled most often on the bit string ${bitstring}. ${lean}`;
}

/** One wish's bit in plain words: "Mira's wish came out 1: it leaned toward hope." */
export function wishReading(label: string, name: string | null, bit: string): string {
  const whose = name && name !== ANONYMOUS_NAME ? `${name}'s wish` : label;
  return `${whose} came out ${bit}: it leaned toward ${bit === "1" ? "hope" : "peace"}.`;
}

/** IBM (Qiskit) prints a classical register with c[0] rightmost; this site writes wish 1, which is c[0], first. */
export function ibmBitString(bitstring: string): string {
  return Array.from(bitstring).reverse().join("");
}

/** How this page's bit order maps to what IBM's dashboard shows for the same job; only hardware rings have one. */
export function bitOrderNote(ring: Pick<RingView, "hardware">, bitstring: string): string | null {
  if (!ring.hardware) return null;
  const first = ring.hardware.physicalQubits[0];
  const carrier = first === undefined ? "" : ` on physical qubit ${first}`;
  return (
    `This page writes every bit string, the histogram's too, with wish 1 first: it is classical bit c[0]${carrier}. ` +
    `IBM's dashboard prints c[0] on the right, so it shows this result as ${ibmBitString(bitstring)}.`
  );
}

export function countsHeading(ring: Provider): string {
  return ring.isSimulator ? "What the simulation sampled" : "What the qubits measured";
}

export function shotsSentence(ring: Provider, shots: number): string {
  const count = `${shots} ${ring.isSimulator ? "simulated " : ""}${shots === 1 ? "shot" : "shots"}`;
  return ring.isSimulator ? `Sampled over ${count}.` : `Measured over ${count}.`;
}

export function circuitCaption(ring: Backend & Pick<RingView, "status">): string {
  const logical =
    "Each wish turns its own qubit by an angle drawn from its words (RY), neighbouring qubits are entangled (CX), and every qubit is then measured.";
  return ring.isSimulator
    ? `${logical} The simulator computes this circuit exactly.`
    : `${logical} This is the logical circuit; ${hardwareName(ring)} has no RY or CX gate, and the program ${ring.status === "completed" ? "it really ran" : "sent to it"} follows.`;
}

export function wishLocation(wish: Pick<PublicWish, "location">): string {
  const location = wish.location?.trim();
  return location && location !== UNKNOWN_LOCATION ? location : FELLOW_DREAMER_LOCATION;
}

/** "0.8 seconds", "12 seconds": tenths only where they mean something. */
export function formatSeconds(seconds: number): string {
  const value = seconds < 10 ? Math.round(seconds * 10) / 10 : Math.round(seconds);
  return `${value} ${value === 1 ? "second" : "seconds"}`;
}

const plural = (value: number, unit: string) => `${value} ${unit}${value === 1 ? "" : "s"}`;

/** Seconds under a minute, then minutes, then hours and minutes: "2.1 seconds", "4 minutes", "1 hour 5 minutes". */
export function formatDuration(seconds: number): string {
  if (seconds < 59.5) return formatSeconds(seconds);
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return plural(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  const rest = minutes - hours * 60;
  return rest === 0 ? plural(hours, "hour") : `${plural(hours, "hour")} ${plural(rest, "minute")}`;
}

/**
 * How long the ring took, in the provider's own terms: the simulator's turnaround, or IBM's queue apart from the
 * run and the QPU time IBM charged. Null while there is nothing true to say yet.
 */
export function timingSentence(ring: Pick<RingView, "isSimulator" | "status" | "secondsTaken" | "hardware">): string | null {
  if (ring.status !== "completed") return null;
  if (ring.isSimulator) return ring.secondsTaken === null ? null : `The answer was ready ${formatDuration(ring.secondsTaken)} after the bell rang.`;
  return ring.hardware ? hardwareTiming(ring.hardware) : null;
}

function hardwareTiming(run: HardwareRun): string {
  const on = `on ${run.backend ?? "IBM Quantum hardware"}`;
  const ran = run.runSeconds === null ? `ran ${on}` : `ran for ${formatDuration(run.runSeconds)} ${on}`;
  const times = run.queueSeconds === null ? `It ${ran}` : `Queued for ${formatDuration(run.queueSeconds)}, ${run.runSeconds === null ? `then ${ran}` : ran}`;
  const charge =
    run.qpuSeconds === null
      ? "IBM has not yet reported the final QPU time charged for it"
      : `IBM charged ${formatSeconds(run.qpuSeconds)} of QPU time`;
  return `${times}; ${charge}.`;
}

export function entangledSubtitle(wishCount: number): string {
  return `${countWishes(wishCount)} entangled`;
}

/** The text posted with the ring's link. "simulated" comes early, so the 100-character post keeps it. */
export function ringShareText(ring: Pick<RingView, "isSimulator" | "backend" | "poem">, wishCount: number, siteName: string): string {
  const poem = ring.poem ? `“${ring.poem}” ` : "";
  return ring.isSimulator
    ? `${poem}A simulated ring of ${countWishes(wishCount)} in the ${siteName}.`
    : `${poem}${entangledSubtitle(wishCount)} on ${hardwareName(ring)} in the ${siteName}.`;
}

function cut(text: string, max: number): string {
  const characters = Array.from(text);
  return characters.length <= max ? text : `${characters.slice(0, max - 1).join("")}…`;
}

export interface RingMetaInput {
  ring: Pick<RingView, "id" | "poem" | "status" | "wishes" | "isSimulator" | "backend" | "bitstring">;
  site: SiteInfo;
}

function ringDescription({ ring, site }: RingMetaInput): string {
  const wishes = countWishes(ring.wishes.length);
  const where = ring.isSimulator ? `one simulated ring of the ${site.siteName}` : `one ring of the ${site.siteName}`;
  if (ring.poem) {
    return ring.isSimulator
      ? `“${ring.poem}” ${wishes} entangled in ${where}, computed exactly on a classical computer rather than on quantum hardware.`
      : `“${ring.poem}” ${wishes} entangled in ${where}, run on ${hardwareName(ring)}, and what the qubits answered.`;
  }
  if (ring.status === "failed") {
    return `${wishes} rang the ${site.siteName} together${ring.isSimulator ? " in a simulated ring" : ""}; the ring did not complete and the wishes returned to the pool.`;
  }
  return ring.isSimulator
    ? `${wishes} entangled in ${where}. The simulation is still running.`
    : `${wishes} entangled in ${where}, on ${hardwareName(ring)}. The qubits are still listening.`;
}

/** Every tag of /bell/{id} through the shared `pageMeta`: the poem as title, an article, a bell share image. */
export function ringMeta(input: RingMetaInput): MetaDescriptor[] {
  const { ring, site } = input;
  return pageMeta(site, {
    title: ring.poem ?? RING_TITLE_FALLBACK,
    description: ringDescription(input),
    path: ringPath(ring.id),
    type: "article",
    image: ringCard(ring, site.siteName),
  });
}

/** Where a ring's wishes came from, as its share card says it: "3 wishes from Japan · South Africa · Chile". */
export function ringOrigins(wishes: readonly Pick<RingView["wishes"][number], "country">[]): string {
  const countries = [...new Set(wishes.flatMap((wish) => (wish.country ? [wish.country] : [])))];
  return countries.length > 0 ? `${countWishes(wishes.length)} from ${countries.join(" · ")}` : entangledSubtitle(wishes.length);
}

/**
 * The ring's share image: its poem, its constellation (the measured bits travel in the variant), where its wishes
 * came from, and whether it was simulated. "bell" is the 1200×630 card of the page's metadata, "story" the 1080×1920
 * image the share sheet is given.
 */
export function ringCard(
  ring: Pick<RingView, "poem" | "wishes" | "isSimulator" | "bitstring">,
  siteName: string,
  format: RingImageFormat = "bell",
): CardParams {
  return {
    title: cut(ring.poem ?? `A ring of the ${siteName}`, OG_TITLE_MAX),
    subtitle: cut(`${ringOrigins(ring.wishes)}${ring.isSimulator ? " · simulated" : ""}`, OG_SUBTITLE_MAX),
    variant: ringVariant(format, ring.bitstring),
  };
}
