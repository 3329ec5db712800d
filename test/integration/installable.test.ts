import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ORIGIN } from "../support/api";

// Issue 36: the site is an installable web app: a manifest with PNG icons at 192 and 512 px, maskable, each served
// as a PNG of its stated size; and a service worker that handles push and nothing else.

// Static files are served by Workers' asset server before the Worker runs: its binding serves them here as deployed.
const get = (path: string) => env.ASSETS.fetch(`${ORIGIN}${path}`);

/** A PNG's width and height, from its IHDR chunk (bytes 16–23). */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  expect([...bytes.slice(0, 8)]).toEqual(signature);
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  expect(new TextDecoder().decode(bytes.slice(12, 16))).toBe("IHDR");
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

describe("the installable app", () => {
  it("links a manifest whose PNG icons, 192 and 512, maskable, are PNGs of those sizes", async () => {
    const home = await (await exports.default.fetch(`${ORIGIN}/`)).text();
    expect(home).toContain('rel="manifest" href="/site.webmanifest"');
    const manifest = (await (await get("/site.webmanifest")).json()) as {
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ start_url: "/", display: "standalone" });
    const png = manifest.icons.filter((icon) => icon.type === "image/png");
    for (const size of [192, 512]) {
      const purposes = png.filter((icon) => icon.sizes === `${size}x${size}`).flatMap((icon) => (icon.purpose ?? "any").split(" "));
      expect(purposes).toEqual(expect.arrayContaining(["any", "maskable"]));
    }
    for (const icon of png) {
      const response = await get(icon.src);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/png");
      const [width, height] = icon.sizes.split("x").map(Number);
      expect(pngSize(new Uint8Array(await response.arrayBuffer()))).toEqual({ width, height });
    }
  });

  it("serves a service worker that listens for push and notification clicks only, and never for fetches", async () => {
    const response = await get("/push-sw.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/javascript/);
    const source = await response.text();
    const events = [...source.matchAll(/addEventListener\("([a-z]+)"/g)].map((match) => match[1]);
    expect(events.sort()).toEqual(["notificationclick", "push"]);
  });
});
