import { removeAdapter, setAdapter } from "@vanilla-extract/css/adapter";
import { endFileScope, setFileScope } from "@vanilla-extract/css/fileScope";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { compiledCatalogue } from "~/i18n/catalogues.server";
import type { RingView } from "../../../app/domain/ring-view";
import { FEZ_QASM, fezRun, hardwareRing, simulatorRing } from "./fixtures";

// The components import vanilla-extract styles, which register only inside a file scope (the Vite plugin gives one
// in the app); here a scope and a no-op adapter let the class names be made without writing any CSS.
const none = () => {};
setAdapter({ appendCss: none, registerClassName: none, onEndFileScope: none, registerComposition: none, markCompositionUsed: none, getIdentOption: () => "short" });
setFileScope("test/unit/result/ring-result-ssr.test.ts");
const { RingResult } = await import("../../../app/components/result/ring-result");
const { ToastProvider } = await import("../../../app/components/toast/toast");
const { I18nProvider } = await import("../../../app/i18n/i18n");
endFileScope();
removeAdapter();

/** The server render of /bell/{id}'s body, as text: tags dropped, entities the page uses decoded. */
function render(ring: RingView): { html: string; text: string } {
  const router = createMemoryRouter(
    [{ path: "/bell/:id", element: createElement(
          I18nProvider,
          { locale: "en", catalogue: compiledCatalogue("en") },
          createElement(ToastProvider, null, createElement(RingResult, { ring, url: `https://bell.example/bell/${ring.id}`, siteName: "Quantum Bell", storyPath: "/og?variant=story", squarePath: "/og?variant=square" })),
        ),
      },
    ],
    { initialEntries: [`/bell/${ring.id}`] },
  );
  const html = renderToString(createElement(RouterProvider, { router }));
  const text = html
    .replace(/<!-- -->/g, "")
    // An isolated value (<bdi>, ADR 0096) is part of its sentence's line.
    .replace(/<\/?bdi>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/\s+/g, " ");
  return { html, text };
}

const HARDWARE_CLAIM = /qubits? (settled|answered|measured|have answered|are listening)|QPU|IBM|ibm_|physical qubit/i;

describe("the result page of a simulator ring", () => {
  it("shows the simulation's wording and no claim about hardware", () => {
    const { text, html } = render(simulatorRing());
    expect(text).toContain("An ordinary computer worked out this ring's answer by simulating its quantum circuit; no quantum computer was involved.");
    expect(text).toContain("The answer was ready 2 seconds after the bell rang.");
    expect(text).toContain("The simulation's most frequent outcome is the bit string 110.");
    expect(text).toContain("What the simulation sampled");
    expect(text).toContain("Sampled over 100 simulated shots.");
    expect(text).not.toMatch(HARDWARE_CLAIM);
    // The physics sits behind "See the physics"; the program sent to hardware is never offered for a simulation.
    expect(text).toContain("See the physics");
    expect(text).not.toContain("OpenQASM");
    // The share post carries "simulated".
    expect(decodeURIComponent(html.match(/x\.com\/intent\/post\?text=([^&"]+)/)![1])).toContain("A simulated ring of 3 wishes");
  });

  it("while running, says the simulation is running rather than that qubits listen", () => {
    const { text } = render(simulatorRing({ status: "running", bitstring: null, counts: null, secondsTaken: null, completedAt: null }));
    expect(text).toContain("The simulation is running…");
    expect(text).not.toMatch(HARDWARE_CLAIM);
  });
});

describe("the result page of a hardware ring", () => {
  it("shows the backend, queue and run apart, the QPU time charged, IBM's bit order and the native program", () => {
    const { text, html } = render(hardwareRing());
    expect(text).toContain("A real quantum computer answered this ring: IBM Quantum ibm_fez.");
    expect(text).toContain("Queued for 4 minutes, ran for 2.1 seconds on ibm_fez; IBM charged 2 seconds of QPU time.");
    expect(text).toContain("The qubits of ibm_fez settled most often on the bit string 110.");
    expect(text).toContain("IBM's dashboard prints c[0] on the right, so it shows this result as 011.");
    expect(text).toContain("What the qubits measured");
    expect(text).not.toContain("simulat");
    // The logical drawing stays, and the program that ran follows it under its own heading.
    expect(html).toContain("Quantum circuit of this ring");
    expect(html).toMatch(/<h3 id="ring-native"[^>]*>What ran on ibm_fez<\/h3>/);
    expect(text).toContain("Wish 1 → physical qubit 12, read into c[0]");
    expect(text).toContain("Wish 3 → physical qubit 14, read into c[2]");
    expect(text).toContain("The chip ran 10 native gates (4 rz, 3 sx, 1 x, 2 cz), then 3 measurements.");
    expect(html).toMatch(/<details[^>]*><summary[^>]*>The program that ran \(OpenQASM 3, native gates\)<\/summary><pre[^>]*tabindex="0"/);
    expect(text).toContain(FEZ_QASM.split("\n").slice(3, 6).join(" "));
  });

  it("says the QPU time is not final yet instead of showing 0", () => {
    const { text } = render(hardwareRing({ hardware: fezRun({ qpuSeconds: null }) }));
    expect(text).toContain("IBM has not yet reported the final QPU time charged for it.");
    expect(text).not.toMatch(/charged 0 seconds/);
  });

  it("shows the view's sentence for a failed ring, not the provider's words", () => {
    const error = "The quantum field stayed too turbulent for this ring. Its wishes have gently returned to the pool and will join the next ring of the bell.";
    const { text } = render(hardwareRing({ status: "failed", bitstring: null, counts: null, error, hardware: fezRun({ qpuSeconds: null, runSeconds: null }) }));
    expect(text).toContain(error);
    expect(text).toContain("This ring was sent to a real quantum computer, IBM Quantum ibm_fez, but no answer came back.");
    // The program was sent, but nothing says it ran.
    expect(text).toContain("What was sent to ibm_fez");
    expect(text).toContain("The program holds 10 native gates");
    expect(text).not.toMatch(/What ran on|The chip ran|really ran|IBM charged/);
  });
});

describe("a visitor's own words on the result page", () => {
  it("are isolated from the page's direction: wish text in dir=auto paragraphs, names and places in <bdi>", () => {
    const ring = simulatorRing();
    ring.wishes[0] = { ...ring.wishes[0], wish: "ليعم السلام في كل بيت", name: "مريم", location: "القاهرة" };
    const { html } = render(ring);
    // Without isolation a right-to-left name pulls the " · " and the place after it into its own run.
    expect(html).toContain("<bdi>مريم</bdi>");
    expect(html).toContain("<bdi>القاهرة</bdi>");
    expect(html).toMatch(/<p[^>]*dir="auto"[^>]*>ليعم السلام في كل بيت<\/p>/);
    const wishList = html.slice(html.indexOf('id="ring-wishes"'), html.indexOf("</section>", html.indexOf('id="ring-wishes"')));
    expect(wishList.match(/<bdi>/g)?.length).toBe(ring.wishes.length * 2);
  });
});
