import { runDurableObjectAlarm } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import decodeQR from "qr/decode.js";
import { describe, expect, it } from "vitest";
import { ringVariant } from "~/domain/og-variant";
import { signOgPath } from "~/server/og/signature.server";
import { call, freshFingerprint, ORIGIN, validWish } from "../support/api";
import { readyBell } from "../support/bell";
import { bellRoom } from "~/server/edge/bell-room-client.server";
import { decodePng } from "../support/png";

const SITE = env.SITE_URL.replace(/\/+$/, "");

// Issue 36, "a poster worth posting": a ring's story image (9:16) carries its short link and a QR code that a camera
// reads back to the ring's page; the square poster (1:1) carries the link too. Decoded here from the PNG itself.

const RING_ID = "01M8F4E2WZFW6AB96Y7CSTDKHB";

async function poster(variant: string, title = "Breathe out, and somewhere a clenched fist opens.", subtitle = "From Ghana, Peru and Japan", words = "") {
  const path = await signOgPath(env, `/og?${new URLSearchParams({ title, subtitle, variant, ...(words ? { words } : {}) })}`);
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
    // The short link is the site's configured origin (SITE_URL), whichever host served the image.
    expect(read).toBe(`${SITE}/bell/${RING_ID}`);
  });

  it("square: 1080×1080, different with and without the ring's link", async () => {
    const square = await poster(ringVariant("square", "101", RING_ID));
    expect([square.width, square.height]).toEqual([1080, 1080]);
    const withoutLink = await poster(ringVariant("square", "101"));
    expect([withoutLink.width, withoutLink.height]).toEqual([1080, 1080]);
    expect(square.data).not.toEqual(withoutLink.data);
  });

  it("story: carries the sharer's own words when signed, in any script, and never unsigned words", async () => {
    const variant = ringVariant("story", "101", RING_ID);
    const plain = await poster(variant);
    for (const words of ["May the harbour lights stay on for everyone", "لتبقَ أضواء الميناء مضاءة للجميع", "बंदरगाह की रोशनी सबके लिए जलती रहे", "愿港口的灯火为每个人亮着"]) {
      const own = await poster(variant, undefined, undefined, words);
      expect(own.data).not.toEqual(plain.data);
      // Still a poster that reads back to its ring.
      expect(decodeQR({ width: own.width, height: own.height, data: own.data })).toBe(`${SITE}/bell/${RING_ID}`);
    }
    // Words someone added to a signed link are not the site's: the default card is drawn instead.
    const signed = await signOgPath(env, `/og?${new URLSearchParams({ title: "Peace", variant })}`);
    const tampered = await exports.default.fetch(`${ORIGIN}${signed}&words=${encodeURIComponent("Buy cheap pills")}`);
    const unsignedWords = await decodePng(new Uint8Array(await tampered.arrayBuffer()));
    expect([unsignedWords.width, unsignedWords.height]).toEqual([1200, 630]);
  });

  it("the ring's page hands each of its writers a story with their own words, signed", async () => {
    await readyBell();
    await env.DB.prepare("UPDATE wishes SET status = 'entangled' WHERE status IN ('pending', 'submitted_for_batching')").run();
    await env.DB.prepare("UPDATE bell_rings SET status = 'completed' WHERE status IN ('queued', 'running')").run();
    const text = "May the orchards bloom again after the long war";
    const wish = await call<{ wishId: string }>("/api/wishes", { body: validWish({ wish: text }) });
    const ring = await call<{ bellRingId: string }>("/api/bell/ring", { body: { deviceFingerprint: freshFingerprint(), wishIds: [wish.json.wishId] } });
    await runDurableObjectAlarm(bellRoom(env));
    const html = await (await exports.default.fetch(`${ORIGIN}/bell/${ring.json.bellRingId}`)).text();
    // The loader's data travels in Remix's stream inside the page: find the story paths there.
    const paths = [...html.matchAll(/\/og\?[^"\\]*(?:\\u0026[^"\\]*)*/g)].map((match) => match[0].replaceAll("\\u0026", "&"));
    const own = paths.find((path) => new URLSearchParams(path.split("?")[1]).get("words") === text);
    expect(own).toBeDefined();
    const params = new URLSearchParams(own!.split("?")[1]);
    expect(params.get("words")).toBe(text);
    expect(params.get("variant")).toMatch(new RegExp(`^story-[01]+-${ring.json.bellRingId}$`));
    expect(params.get("sig")).toMatch(/^[0-9a-f]{32}$/);
  });

  it("the ring's page offers its square poster, signed, and /og answers it 1080×1080, with the writer's own words", async () => {
    await readyBell();
    await env.DB.prepare("UPDATE wishes SET status = 'entangled' WHERE status IN ('pending', 'submitted_for_batching')").run();
    await env.DB.prepare("UPDATE bell_rings SET status = 'completed' WHERE status IN ('queued', 'running')").run();
    const text = "May the river towns dry out and sing again";
    const wish = await call<{ wishId: string }>("/api/wishes", { body: validWish({ wish: text }) });
    const ring = await call<{ bellRingId: string }>("/api/bell/ring", { body: { deviceFingerprint: freshFingerprint(), wishIds: [wish.json.wishId] } });
    await runDurableObjectAlarm(bellRoom(env));
    const html = await (await exports.default.fetch(`${ORIGIN}/bell/${ring.json.bellRingId}`)).text();
    const paths = [...html.matchAll(/\/og\?[^"\\]*(?:\\u0026[^"\\]*)*/g)].map((match) => match[0].replaceAll("\\u0026", "&").replaceAll("&amp;", "&"));
    const squares = paths.filter((path) => new URLSearchParams(path.split("?")[1]).get("variant")?.startsWith("square-"));
    // Anyone's square (the one the page's link names before it knows who is reading) and the writer's own.
    const anyones = squares.find((path) => !new URLSearchParams(path.split("?")[1]).has("words"));
    const own = squares.find((path) => new URLSearchParams(path.split("?")[1]).get("words") === text);
    expect(anyones).toBeDefined();
    expect(own).toBeDefined();
    // The server's page links the square poster for download, beside the story image.
    expect(html).toContain(`href="${anyones!.replaceAll("&", "&amp;")}" download="quantum-bell-ring-square.png"`);
    for (const path of [anyones!, own!]) {
      const params = new URLSearchParams(path.split("?")[1]);
      expect(params.get("variant")).toMatch(new RegExp(`^square-[01]+-${ring.json.bellRingId}$`));
      expect(params.get("sig")).toMatch(/^[0-9a-f]{32}$/);
      const response = await exports.default.fetch(`${ORIGIN}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/png");
      const png = await decodePng(new Uint8Array(await response.arrayBuffer()));
      expect([png.width, png.height]).toEqual([1080, 1080]);
    }
    // The writer's words are drawn: their square is not anyone's.
    const [plain, words] = await Promise.all(
      [anyones!, own!].map(async (path) => (await decodePng(new Uint8Array(await (await exports.default.fetch(`${ORIGIN}${path}`)).arrayBuffer()))).data),
    );
    expect(words).not.toEqual(plain);
  });

  it("a ring's posters on /zh and /ar name its countries in that language", async () => {
    await readyBell();
    await env.DB.prepare("UPDATE wishes SET status = 'entangled' WHERE status IN ('pending', 'submitted_for_batching')").run();
    await env.DB.prepare("UPDATE bell_rings SET status = 'completed' WHERE status IN ('queued', 'running')").run();
    const wish = await call<{ wishId: string }>("/api/wishes", { body: validWish({ wish: "May the tea fields of Uji rest under snow", country: "Japan" }) });
    const ring = await call<{ bellRingId: string }>("/api/bell/ring", { body: { deviceFingerprint: freshFingerprint(), wishIds: [wish.json.wishId] } });
    await runDurableObjectAlarm(bellRoom(env));
    for (const [prefix, japan] of [["/zh", "日本"], ["/ar", "اليابان"], ["", "Japan"]] as const) {
      const html = await (await exports.default.fetch(`${ORIGIN}${prefix}/bell/${ring.json.bellRingId}`)).text();
      const paths = [...html.matchAll(/\/og\?[^"\\]*(?:\\u0026[^"\\]*)*/g)].map((match) => match[0].replaceAll("\\u0026", "&").replaceAll("&amp;", "&"));
      const posters = paths.map((path) => new URLSearchParams(path.split("?")[1])).filter((params) => /^(story|square)-/.test(params.get("variant") ?? ""));
      expect(posters.length).toBeGreaterThan(0);
      for (const params of posters) expect(params.get("subtitle")).toContain(japan);
    }
  });

  it("the site's square mark stays 512 px, and a made-up id is no ring variant", async () => {
    const mark = await poster("square", "", "");
    expect([mark.width, mark.height]).toEqual([512, 512]);
    expect(ringVariant("story", "101", "not-a-ring")).toBe("story-101");
  });
});
