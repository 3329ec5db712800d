import { env, exports } from "cloudflare:workers";
import decodeQR from "qr/decode.js";
import { describe, expect, it } from "vitest";
import { ringVariant } from "~/domain/og-variant";
import { signOgPath } from "~/server/og/signature.server";
import { ORIGIN } from "../support/api";
import { decodePng } from "../support/png";

// Issue 36, "a poster worth posting": a ring's story image (9:16) carries its short link and a QR code that a camera
// reads back to the ring's page; the square poster (1:1) carries the link too. Decoded here from the PNG itself.

const RING_ID = "01M8F4E2WZFW6AB96Y7CSTDKHB";

async function poster(variant: string, title = "Breathe out, and somewhere a clenched fist opens.", subtitle = "From Ghana, Peru and Japan") {
  const path = await signOgPath(env, `/og?${new URLSearchParams({ title, subtitle, variant })}`);
  const response = await exports.default.fetch(`${ORIGIN}${path}`);
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("image/png");
  return decodePng(new Uint8Array(await response.arrayBuffer()));
}

describe("a ring's posters", () => {
  it("story: 1080×1920 with a QR code that reads back the ring's short link", async () => {
    const story = await poster(ringVariant("story", "101", RING_ID));
    expect([story.width, story.height]).toEqual([1080, 1920]);
    const read = decodeQR({ width: story.width, height: story.height, data: story.data });
    expect(read).toBe(`${ORIGIN}/bell/${RING_ID}`);
  });

  it("square: 1080×1080, different with and without the ring's link", async () => {
    const square = await poster(ringVariant("square", "101", RING_ID));
    expect([square.width, square.height]).toEqual([1080, 1080]);
    const withoutLink = await poster(ringVariant("square", "101"));
    expect([withoutLink.width, withoutLink.height]).toEqual([1080, 1080]);
    expect(square.data).not.toEqual(withoutLink.data);
  });

  it("the site's square mark stays 512 px, and a made-up id is no ring variant", async () => {
    const mark = await poster("square", "", "");
    expect([mark.width, mark.height]).toEqual([512, 512]);
    expect(ringVariant("story", "101", "not-a-ring")).toBe("story");
  });
});
