import { english } from "../../support/english";
import { describe, expect, it } from "vitest";
import {
  answerSentence,
  arrivalAnnouncement,
  bitOrderNote,
  circuitCaption,
  countsHeading,
  formatDuration,
  ibmBitString,
  listeningBody,
  listeningTitle,
  providerSentence,
  ringMeta,
  ringShareText,
  shotsSentence,
  timingSentence,
  yourCompanyLine,
  sharedRingContext,
} from "../../../app/components/result/result-copy";
import { VERSE_LANGUAGES, verseLines } from "../../../app/domain/verse/verse";
import { postText } from "../../../app/domain/share";
import { fezRun, hardwareRing, simulatorRing } from "./fixtures";

/** Phrases that say physical qubits did something: never true of a simulator ring. */
const HARDWARE_CLAIM = /qubits? (settled|answered|measured|have answered|are listening)|QPU|IBM|ibm_|physical qubit/i;

const site = { siteName: "Quantum Bell", siteUrl: "https://bell.example" };

function description(tags: ReturnType<typeof ringMeta>): string {
  const tag = (tags as Record<string, string>[]).find((entry) => entry.name === "description");
  return tag?.content ?? "";
}

function ogSubtitle(tags: ReturnType<typeof ringMeta>): string | null {
  const image = (tags as Record<string, string>[]).find((entry) => entry.property === "og:image")?.content;
  return image ? new URL(image).searchParams.get("subtitle") : null;
}

describe("a simulator ring is worded as a simulation", () => {
  const ring = simulatorRing();
  const verse = verseLines({ ...ring, bitstring: "110" }, "en");

  it("says what the simulation did, and never that qubits did it", () => {
    const sentences = [
      answerSentence(english, ring, "110"),
      countsHeading(english, ring),
      shotsSentence(english, ring, 100),
      timingSentence(english, ring),
      circuitCaption(english, ring),
      listeningTitle(english, ring),
      listeningBody(english, ring),
      arrivalAnnouncement(english, ring, verse.join(" ")),
    ];
    expect(answerSentence(english, ring, "110")).toBe(
      "The simulation's most frequent outcome is the bit string 110. Each bit belongs to one wish; more ones lean the verse's first line towards hope, more zeros towards peace. The bits choose that line from 36 lines; the lines after it are written from this ring's shots, wishes and countries.",
    );
    expect(countsHeading(english, ring)).toBe("What the simulation sampled");
    expect(shotsSentence(english, ring, 100)).toBe("Sampled over 100 simulated shots.");
    expect(timingSentence(english, ring)).toBe("The answer was ready 2 seconds after the bell rang.");
    expect(listeningTitle(english, ring)).toBe("The simulation is running…");
    expect(arrivalAnnouncement(english, ring, "A line")).toBe("The simulation has answered: A line");
    for (const sentence of sentences) expect(sentence).not.toMatch(HARDWARE_CLAIM);
  });

  it("says a failed ring was tried, not that it is being computed", () => {
    expect(providerSentence(english, { ...ring, status: "failed" })).toBe("An ordinary computer tried to work out this ring's answer by simulating its quantum circuit; no quantum computer was involved.");
  });

  it("adds no IBM bit-order note", () => {
    expect(bitOrderNote(english, ring, "110")).toBeNull();
  });

  it("has no timing sentence before it completes", () => {
    expect(timingSentence(english, simulatorRing({ status: "running", secondsTaken: null, completedAt: null }))).toBeNull();
  });

  it("says 'simulated' in the meta description and the share image, whatever the ring's state", () => {
    for (const status of ["completed", "queued", "running", "failed"] as const) {
      const tags = ringMeta({ ring: { ...ring, status }, site , t: english });
      expect(description(tags), status).toContain("simulated");
      expect(description(tags), status).not.toMatch(HARDWARE_CLAIM);
      expect(ogSubtitle(tags), status).toBe("3 wishes from \u2068France\u2069 · simulated");
    }
    expect(description(ringMeta({ ring, site , t: english }))).toBe(
      `“${verse.join(" ")}” 3 wishes entangled in one simulated ring of the Quantum Bell, computed exactly on a classical computer rather than on quantum hardware.`,
    );
  });

  it("says 'simulated' in the share text, within the 100 characters a post keeps, for every first line of a verse", () => {
    for (const line of Object.values(VERSE_LANGUAGES.en.firstLines).flat()) {
      const text = postText(ringShareText(english, ring, [line, "A second line.", "A third line."], 5, site.siteName));
      expect(text).toContain("simulated");
      expect(text).not.toMatch(HARDWARE_CLAIM);
    }
    expect(ringShareText(english, ring, verse, 3, "Quantum Bell")).toBe(`“${verse[0]}” A simulated ring of 3 wishes in the Quantum Bell.`);
    expect(ringShareText(english, ring, null, 1, "Quantum Bell")).toBe("A simulated ring of 1 wish in the Quantum Bell.");
  });
});

describe("a hardware ring names the backend and what it really cost", () => {
  const ring = hardwareRing();
  const verse = verseLines({ ...ring, bitstring: "110" }, "en");

  it("speaks of the qubits of the named backend", () => {
    expect(answerSentence(english, ring, "110")).toMatch(/^The qubits of ibm_fez settled most often on the bit string 110\. /);
    expect(countsHeading(english, ring)).toBe("What the qubits measured");
    expect(shotsSentence(english, ring, 100)).toBe("Measured over 100 shots.");
    expect(circuitCaption(english, ring)).toContain("ibm_fez has no RY or CX gate, and the program it really ran follows.");
    expect(circuitCaption(english, { ...ring, status: "running" })).toContain("and the program sent to it follows.");
    expect(providerSentence(english, ring)).toBe("A real quantum computer answered this ring: IBM Quantum ibm_fez.");
    expect(providerSentence(english, { ...ring, status: "failed" })).toBe("This ring was sent to a real quantum computer, IBM Quantum ibm_fez, but no answer came back.");
    expect(listeningBody(english, ring)).toContain("IBM's queue");
    expect(ringShareText(english, ring, verse, 3, "Quantum Bell")).toBe(`“${verse[0]}” 3 wishes entangled on ibm_fez in the Quantum Bell.`);
  });

  it("keeps the queue apart from the run and gives the QPU time IBM charged", () => {
    expect(timingSentence(english, ring)).toBe("Queued for 4 minutes, ran for 2.1 seconds on ibm_fez; IBM charged 2 seconds of QPU time.");
  });

  it("says the QPU time is not final while IBM has not reported it, never 0", () => {
    const sentence = timingSentence(english, hardwareRing({ hardware: fezRun({ qpuSeconds: null }) }));
    expect(sentence).toBe("Queued for 4 minutes, ran for 2.1 seconds on ibm_fez; IBM has not yet reported the final QPU time charged for it.");
    expect(sentence).not.toMatch(/\b0 seconds/);
  });

  it("leaves out the times IBM has not given", () => {
    expect(timingSentence(english, hardwareRing({ hardware: fezRun({ queueSeconds: null, runSeconds: null }) }))).toBe(
      "It ran on ibm_fez; IBM charged 2 seconds of QPU time.",
    );
    expect(timingSentence(english, hardwareRing({ hardware: fezRun({ runSeconds: null, queueSeconds: 5400 }) }))).toBe(
      "Queued for 1 hour 30 minutes, then ran on ibm_fez; IBM charged 2 seconds of QPU time.",
    );
    expect(timingSentence(english, hardwareRing({ hardware: fezRun({ backend: null, queueSeconds: null }) }))).toBe(
      "It ran for 2.1 seconds on IBM Quantum hardware; IBM charged 2 seconds of QPU time.",
    );
    expect(timingSentence(english, hardwareRing({ status: "running", hardware: fezRun({ qpuSeconds: null, runSeconds: null }) }))).toBeNull();
  });

  it("maps our bit order (character i is wish i, c[i]) to IBM's, which prints c[0] rightmost", () => {
    expect(ibmBitString("01101")).toBe("10110");
    expect(bitOrderNote(english, ring, "110")).toBe(
      "This page writes every bit string, the histogram's too, with wish 1 first: it is classical bit c[0] on physical qubit 12. " +
        "IBM's dashboard prints c[0] on the right, so it shows this result as 011.",
    );
    expect(bitOrderNote(english, hardwareRing({ hardware: fezRun({ physicalQubits: [] }) }), "10")).toContain("it is classical bit c[0]. ");
  });

  it("names the backend in the meta description and never says simulated", () => {
    const tags = ringMeta({ ring, site , t: english });
    expect(description(tags)).toBe(
      `“${verse.join(" ")}” 3 wishes entangled in one ring of the Quantum Bell, run on ibm_fez, and what the qubits answered.`,
    );
    expect(ogSubtitle(tags)).toBe("3 wishes from \u2068France\u2069");
    const running = ringMeta({ ring: { ...ring, status: "running" }, site , t: english });
    expect(description(running)).toBe("3 wishes entangled in one ring of the Quantum Bell, on ibm_fez. The qubits are still listening.");
    for (const tags of [ringMeta({ ring, site , t: english }), running]) expect(description(tags)).not.toContain("simulated");
  });
});

describe("formatDuration", () => {
  it("reads seconds, then minutes, then hours and minutes", () => {
    expect(formatDuration(english, 0.04)).toBe("0 seconds");
    expect(formatDuration(english, 2.14)).toBe("2.1 seconds");
    expect(formatDuration(english, 59)).toBe("59 seconds");
    expect(formatDuration(english, 60)).toBe("1 minute");
    expect(formatDuration(english, 240)).toBe("4 minutes");
    expect(formatDuration(english, 3599)).toBe("1 hour");
    expect(formatDuration(english, 3660)).toBe("1 hour 1 minute");
    expect(formatDuration(english, 10_800)).toBe("3 hours");
  });
});

describe("a ring that knows its writer (issue 35)", () => {
  const list = (items: readonly string[]) => (items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`);

  it("says who the visitor rang with", () => {
    expect(yourCompanyLine(english, list, ["Rwanda", "Ireland", "Japan"], 4)).toBe("Your wish rang with wishes from Rwanda, Ireland and Japan.");
    expect(yourCompanyLine(english, list, [], 2)).toBe("Your wish rang with 2 other wishes.");
    expect(yourCompanyLine(english, list, [], 0)).toBe("Your wish rang on its own.");
  });

  it("quotes the sharer's own words, and still says a simulated ring is simulated", () => {
    const words = "May the rivers between our villages carry bread and songs instead of fear";
    const sim = ringShareText(english, simulatorRing(), null, 5, "Quantum Bell", words);
    expect(sim).toMatch(/^My wish rang in a simulated ring of the Quantum Bell: /);
    expect(sim).toContain("“May the rivers");
    expect(postText(sim)).toContain("simulated");
    const hw = ringShareText(english, hardwareRing(), null, 5, "Quantum Bell", words);
    expect(hw).toContain("My wish rang on ibm_fez in the Quantum Bell:");
    expect(ringShareText(english, simulatorRing(), null, 5, "Quantum Bell")).not.toContain("My wish");
  });

  it("tells a visitor from a shared link what the page is", () => {
    expect(sharedRingContext(english, "Quantum Bell", 5)).toContain("Someone shared a ring of the Quantum Bell: 5 wishes for peace");
  });
});
