import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { english } from "../../support/english";
import { describe, expect, it } from "vitest";
import * as messages from "../../../app/domain/messages";

describe("messages", () => {
  it("keeps the spec's sentences verbatim", () => {
    expect(messages.SUBMIT_DAILY_LIMIT).toBe("You've reached the daily limit of 5 wishes. Please try again tomorrow.");
    expect(messages.WISH_TOO_SHORT).toBe("Please enter a more meaningful wish (at least 10 characters)");
    expect(messages.WISH_TOO_LONG).toBe("Your wish is too long. Please keep it under 250 characters.");
    expect(messages.ENCODING_COMPLETE).toBe(
      "Quantum encoding complete! Your wish is ready to be entangled with others.",
    );
    expect(messages.BATCH_FAILED).toBe("Quantum processing encountered turbulence. Retrying...");
    expect(messages.RING_NONE_PENDING).toBe("No pending wishes available");
    expect(messages.HEALTH_UNREACHABLE).toBe(
      "Cannot connect to backend. Please check your connection or backend status.",
    );
  });

  it("counts wishes in the singular and plural", () => {
    expect(messages.countWishes(english, 0)).toBe("0 wishes");
    expect(messages.countWishes(english, 1)).toBe("1 wish");
    expect(messages.countWishes(english, 2)).toBe("2 wishes");
  });

  it("tells how the ring ended", () => {
    expect(messages.ringCompleteToast(english, 0)).toBe("The bell has rung! All wishes have joined the quantum field.");
    expect(messages.ringCompleteToast(english, 1)).toBe("The bell has rung! 1 wish still waiting for the next ring.");
    expect(messages.ringCompleteToast(english, 4)).toContain("4 wishes still waiting");
  });

  it("phrases the wall and map summaries", () => {
    expect(messages.wallShowing(english, 12, 3)).toBe("Showing 12 wishes from 3 countries");
    expect(messages.wallShowing(english, 1, 1)).toBe("Showing 1 wish from 1 country");
    expect(messages.wallTotal(english, 812)).toBe("Total: 812 wishes available");
    expect(messages.mapPopupShowing(english, 10, 42)).toBe(
      "Showing 10 of 42 wishes (Visit the Wish Wall to see all wishes from this location)",
    );
  });

  it("exports only sentences that print: not blank, no stray space, and each one parses as an ICU message", () => {
    const sentences = Object.entries(messages).flatMap(([name, value]) => (typeof value === "string" ? [[name, value] as const] : []));
    expect(sentences.length).toBeGreaterThan(100);
    for (const [name, sentence] of sentences) {
      expect(sentence.trim(), name).not.toBe("");
      expect(sentence, name).toBe(sentence.trim());
      // A stray brace or a broken plural would reach the visitor raw.
      expect(() => compileMessageOrThrow(sentence), name).not.toThrow();
    }
  });
});

describe("writerName (issue 35)", () => {
  it("reads the server's English 'Anonymous' (and an empty name) in the page's language", async () => {
    const { translatorFor } = await import("~/i18n/catalogues.server");
    const arabic = translatorFor("ar");
    expect(messages.writerName(arabic, "Anonymous")).toBe(arabic(messages.ANONYMOUS_NAME));
    expect(messages.writerName(arabic, "  ")).toBe(arabic(messages.ANONYMOUS_NAME));
    expect(messages.writerName(arabic, "Anonymous")).not.toBe("Anonymous");
    expect(messages.writerName(english, " Mira ")).toBe("Mira");
  });
});
