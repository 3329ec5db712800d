import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MODERATION_EMAIL,
  MODERATION_LINK,
  MODERATION_PHONE,
  MODERATION_PROFANITY,
} from "../../../app/domain/messages";
import { moderateText } from "../../../app/domain/moderation";

const refusal = async (text: string) => {
  const result = await moderateText(text);
  return result.ok ? null : result.error;
};

describe("moderateText", () => {
  it("passes a kind wish through unchanged", async () => {
    expect(await moderateText("May every child sleep safely tonight.")).toEqual({
      ok: true,
      text: "May every child sleep safely tonight.",
    });
  });

  it.each([
    "Visit https://example.com for peace",
    "see http://peace.example",
    "www.peace-now",
    "go to example.com today",
    "bit.ly/peace",
    "PEACE.ORG is great",
    "t.me/peacegroup",
    "ｗｗｗ．example",
  ])("refuses the link in %j", async (text) => {
    expect(await refusal(text)).toBe(MODERATION_LINK);
  });

  it.each(["write to me at peace@example.com", "Jo.Smith+wishes@mail.co.uk please", "anna@bücher.de"])(
    "refuses the e-mail address in %j",
    async (text) => {
      expect(await refusal(text)).toBe(MODERATION_EMAIL);
    },
  );

  it.each([
    "call me on 555 123 4567",
    "call 5551234567",
    "+44 20 7946 0958",
    "(555) 123-4567",
    "+1 (555) 123-4567 anytime",
    "my number: 020-7946-0958",
  ])("refuses the phone number in %j", async (text) => {
    expect(await refusal(text)).toBe(MODERATION_PHONE);
  });

  it.each([
    "Peace in 2026 for everyone",
    "I wish for 5 wishes to come true",
    "Remembering 1914-1918 and 1939 1945",
    "Born on 2026-11-22, may she know peace",
    "Since 22-11-2026 we hope",
    "For all 8 000 000 000 of us",
    "For all 8000000000 people on earth",
    "From 2020 to 2030, a decade of calm",
    "Call for peace, 24/7, 365 days a year",
    "Peace.Love.Unity forever",
    "Hope, e.g. for my town",
    "It is 3.14 times better",
  ])("allows numbers and punctuation in %j", async (text) => {
    expect(await refusal(text)).toBeNull();
  });

  it.each([
    "what the fuck is war",
    "Stop this SHIT",
    "war is bullshit",
    "no more b1tch fights",
    "sh!t happens",
    "you a55hole",
    "what an a$$",
    "Fuck!",
  ])("refuses the profanity in %j", async (text) => {
    expect(await refusal(text)).toBe(MODERATION_PROFANITY);
  });

  it.each([
    "Scunthorpe wishes everyone well",
    "Wish number 455 from the harbour, with love",
    "Room 5417 sends hope to every ward",
    "Thanks for the assistance",
    "A classic tale of hope",
    "Let us pass the hat for peace",
    "Essex and Sussex together",
    "Cocktails and shiitake at the harvest",
    "A shitake-free menu",
    "Dickens would approve",
    "Hello to the bass player",
    "Peace!",
  ])("does not refuse the innocent %j", async (text) => {
    expect(await refusal(text)).toBeNull();
  });

  it("never throws on arbitrary text", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "grapheme" }), async (text) => {
        const result = await moderateText(text);
        expect(typeof result.ok).toBe("boolean");
      }),
    );
  });
});
