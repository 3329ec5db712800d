import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { edgeCache } from "~/server/edge/edge-cache.server";
import { ogCacheKey, readOgCard } from "~/server/og/card.server";
import { signOgPath } from "~/server/og/signature.server";
import { freshIp, ORIGIN } from "../support/api";

const SITE_URL = env.SITE_URL.replace(/\/+$/, "");
// Browsers always send Host; Remix compares it with Origin before running an action.
const HOST = new URL(ORIGIN).host;

/** Every content page of docs/product.md#pages this issue owns, with the title its <title> must start with. */
const PAGES: [path: string, title: string][] = [
  ["/about", "About"],
  ["/axioms", "The Axioms of Consciousness"],
  ["/axioms/connection", "Axiom 1: Connection precedes separation"],
  ["/faq", "Frequently Asked Questions"],
  ["/why", "Why a Quantum Bell"],
  ["/gift", "Support a Wish"],
  ["/cost", "Cost & Impact"],
  ["/creator", "The Creator's Story"],
  ["/contact", "Contact Us"],
  ["/charity", "Giving Back"],
  ["/research", "Research"],
  ["/research/entangling-wishes", "Entangling wishes, a five-qubit circuit"],
  ["/privacy", "Privacy Policy"],
  ["/terms", "Terms of Use"],
  ["/cookies", "Cookie Policy"],
  ["/ai", "AI and the Bell"],
  ["/blog", "Blog"],
  ["/blog/the-bell-is-ringing", "The bell is ringing"],
  ["/entanglement", "Entanglement Worldwide"],
];

function get(path: string, init: RequestInit = {}) {
  return exports.default.fetch(`${ORIGIN}${path}`, { ...init, headers: { "CF-Connecting-IP": freshIp(), ...init.headers } });
}

function decode(text: string): string {
  return text.replace(/&amp;/g, "&").replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"');
}

function metaContent(html: string, attribute: "name" | "property", key: string): string | undefined {
  const match = new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html);
  return match ? decode(match[1]) : undefined;
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
}

function pngSize(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const signature = [...bytes.slice(0, 8)];
  const chunk = new TextDecoder().decode(bytes.slice(12, 16));
  return { signature, chunk, width: view.getUint32(16), height: view.getUint32(20) };
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe("content pages", () => {
  it.each(PAGES)("%s answers 200 with title, description, canonical, Open Graph and Twitter tags", async (path, title) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    const html = await response.text();
    const pageTitle = decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "");
    expect(pageTitle).toBe(`${title} | Quantum Bell`);
    expect(metaContent(html, "name", "description")?.length).toBeGreaterThan(20);
    expect(html).toContain(`<link rel="canonical" href="${SITE_URL}${path}"/>`);
    expect(metaContent(html, "property", "og:title")).toBe(pageTitle);
    expect(metaContent(html, "property", "og:image")).toMatch(new RegExp(`^${SITE_URL}/og\\?`));
    expect(metaContent(html, "name", "twitter:card")).toBe("summary_large_image");
    expect(html).toContain('<meta name="theme-color" content="#64b5f6"/>');
    expect(metaContent(html, "name", "keywords")).toContain("quantum entanglement");
    expect(html).not.toMatch(/lorem ipsum|TODO|placeholder text/i);
  });

  it("gives share images in both sizes: 1200x630 and 512x512", async () => {
    const html = await (await get("/about")).text();
    const widths = [...html.matchAll(/<meta property="og:image:width" content="(\d+)"/g)].map((m) => m[1]);
    expect(widths).toEqual(["1200", "512"]);
  });

  it("describes each share image in words that name the page and the site once", async () => {
    const home = await (await get("/")).text();
    expect(metaContent(home, "property", "og:image:alt")).toBe("Quantum Bell: a digital wishing well for the quantum age");
    expect(metaContent(await (await get("/about")).text(), "name", "twitter:image:alt")).toBe("About: Quantum Bell");
  });

  it("marks pages as noindex when asked", async () => {
    const html = await (await get("/newsletter")).text();
    expect(metaContent(html, "name", "robots")).toBe("noindex, follow");
  });

  it("carries JSON-LD: WebSite and Organization on /about, FAQPage on /faq, BlogPosting on posts", async () => {
    const about = jsonLd(await (await get("/about")).text()).map((data) => data["@type"]);
    expect(about).toEqual(["WebSite", "Organization"]);
    const [faq] = jsonLd(await (await get("/faq")).text());
    expect(faq["@type"]).toBe("FAQPage");
    expect((faq.mainEntity as unknown[]).length).toBeGreaterThan(5);
    const [post] = jsonLd(await (await get("/blog/why-five-wishes")).text());
    expect(post).toMatchObject({ "@type": "BlogPosting", headline: "Why a ring carries five wishes", datePublished: "2026-10-12" });
  });

  it("lists seven axioms, three papers and three posts, each linking to a page that exists", async () => {
    for (const [list, count] of [["/axioms", 7], ["/research", 3], ["/blog", 3]] as const) {
      const html = await (await get(list)).text();
      const links = [...new Set([...html.matchAll(new RegExp(`href="(${list}/[a-z0-9-]+)"`, "g"))].map((m) => m[1]))];
      expect(links).toHaveLength(count);
      for (const link of links) expect((await get(link)).status).toBe(200);
    }
  });

  it("renders Markdown on the server, showing raw HTML as text and opening external links safely", async () => {
    const html = await (await get("/cookies")).text();
    expect(html).toContain("<table>");
    expect(html).toContain("<code>qb_device</code>");
    const charity = await (await get("/charity")).text();
    expect(charity).toContain('<a href="/gift">support a wish</a>');
  });

  it("answers 404 for unknown pages, axioms, papers, posts and rings, each kept out of search results", async () => {
    for (const path of ["/no-such-page", "/axioms/no-such-axiom", "/research/nope", "/blog/nope", "/blog/the-bell-is-ringing/extra", "/bell/NO-SUCH-RING"]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html).toContain("Page not found");
      expect(metaContent(html, "name", "robots"), path).toMatch(/^noindex/);
    }
  });

  it("redirects /bell to the home page", async () => {
    const response = await get("/bell", { redirect: "manual" });
    expect([301, 302, 303, 307, 308]).toContain(response.status);
    expect(new URL(response.headers.get("Location") ?? "", ORIGIN).pathname).toBe("/");
  });
});

describe("security headers", () => {
  it("sends a CSP whose nonce is the one every script tag carries, and a new one per request", async () => {
    const response = await get("/about");
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toContain("'strict-dynamic'");
    for (const directive of ["frame-ancestors 'none'", "base-uri 'none'", "form-action 'self'", "img-src 'self' data: https://tile.openstreetmap.org;", "connect-src 'self'", "report-uri /api/csp-report", "report-to csp"]) {
      expect(csp).toContain(directive);
    }
    // Only this origin (its own socket included, by CSP Level 3's 'self'): no other host may be reached from a page.
    expect(csp).toMatch(/connect-src 'self';/);
    // Images from this site and the map's tile server only; violations go to the report-to group named here.
    expect(csp).not.toMatch(/img-src[^;]*https:(;| )/);
    expect(response.headers.get("Reporting-Endpoints")).toBe('csp="/api/csp-report"');
    const html = await response.text();
    const scripts = [...html.matchAll(/<script(?![^>]*type="application\/ld\+json")([^>]*)>/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
    const again = (await get("/about")).headers.get("Content-Security-Policy");
    expect(again).not.toBe(csp);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("sends HSTS only over https, and a script-free CSP on non-HTML responses", async () => {
    const https = await exports.default.fetch("https://example.org/robots.txt");
    expect(https.headers.get("Strict-Transport-Security")).toContain("max-age=");
    expect(https.headers.get("Content-Security-Policy")).toContain("script-src 'none'");
    expect((await get("/robots.txt")).headers.get("Strict-Transport-Security")).toBeNull();
  });
});

describe("the head's request order", () => {
  it.each(["/", "/about", "/blog/the-bell-is-ringing"])("%s asks for every stylesheet before any script chunk", async (path) => {
    const html = await (await get(path)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const stylesheets = [...head.matchAll(/<link rel="stylesheet"[^>]*>/g)];
    const preloads = [...head.matchAll(/<link rel="modulepreload"[^>]*>/g)];
    expect(stylesheets.length).toBeGreaterThan(0);
    expect(preloads.length).toBeGreaterThan(0);
    expect(stylesheets.at(-1)!.index).toBeLessThan(preloads[0]!.index);
    for (const [link] of preloads) expect(link).toMatch(/^<link rel="modulepreload" href="\/assets\/[\w.-]+\.js"\/>$/);
    // Nothing was lost on the way: the body's module script still imports what the head preloads.
    expect(html.slice(html.indexOf("</head>"))).not.toContain('rel="modulepreload"');
    expect(html).toContain('type="module"');
  });
});

describe("the scripts every page shares", () => {
  it("come as a handful of files: the framework entry, the root route, the site chunk, the style map", async () => {
    const preloaded = async (path: string) => {
      const html = await (await get(path)).text();
      return new Set([...html.matchAll(/<link rel="modulepreload" href="\/assets\/([\w.-]+)\.js"\/>/g)].map((m) => m[1].replace(/-[\w-]{8}$/, "")));
    };
    const pages = await Promise.all(["/", "/about", "/faq", "/blog/the-bell-is-ringing"].map(preloaded));
    const shared = [...pages[0]!].filter((chunk) => pages.every((page) => page.has(chunk)));
    // Every module the root route imports is in the `site` chunk (vite.config.ts): left to itself, Rollup splits them
    // by which routes also import them, into a dozen files of a few hundred bytes, each one more request.
    expect(shared).toEqual(expect.arrayContaining(["entry.client", "root", "site", "styles"]));
    expect(shared.length).toBeLessThanOrEqual(5);
  });
});

describe("robots.txt and sitemap.xml", () => {
  it("robots.txt allows pages, keeps admin and the API out and points at the sitemap", async () => {
    const response = await get("/robots.txt");
    expect(response.headers.get("Content-Type")).toContain("text/plain");
    const text = await response.text();
    expect(text).toContain("Disallow: /admin");
    expect(text).toContain("Disallow: /api/");
    expect(text).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
  });

  it("sitemap.xml lists every public page and every piece of content, and nothing private", async () => {
    const response = await get("/sitemap.xml");
    expect(response.headers.get("Content-Type")).toContain("application/xml");
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].slice(SITE_URL.length));
    for (const [path] of PAGES) expect(locs).toContain(path);
    expect(locs).toContain("/");
    expect(locs).toContain("/blog/why-five-wishes");
    expect(locs.filter((path) => /admin|api|newsletter|mail|\$|\[|^\/bell/.test(path))).toEqual([]);
  });
});

/** What the site's own pages put in their HTML: the card's path, signed (ADR 0026). */
const signed = (path: string) => signOgPath(env, path);
const cardBytes = async (path: string) => new Uint8Array(await (await get(path)).arrayBuffer());

describe("/og share images", () => {
  async function image(query: string) {
    const response = await get(await signed(`/og${query}`));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    return pngSize(new Uint8Array(await response.arrayBuffer()));
  }

  it("renders a 1200x630 PNG for a title, subtitle and variant", async () => {
    const png = await image("?title=Write%20a%20wish%20%E2%86%92%20ring%20the%20bell&subtitle=Caf%C3%A9%20%C3%A9t%C3%A9&variant=wish");
    expect(png).toEqual({ signature: PNG_SIGNATURE, chunk: "IHDR", width: 1200, height: 630 });
  });

  it("still gives the default image for bad, missing or oversized parameters", async () => {
    for (const query of ["", "?variant=nope", "?title=%00%01%02", `?title=${"x".repeat(5000)}&subtitle=${"y".repeat(5000)}`, "?title=%F0%9F%94%94%F0%9F%8C%8D"]) {
      expect(await image(query)).toMatchObject({ width: 1200, height: 630 });
    }
  });

  it("draws arrows, stars, the peace sign and common pictographs with real glyphs, never the missing-glyph box", async () => {
    const bytes = async (title: string) => cardBytes(await signed(`/og?title=${encodeURIComponent(title)}`));
    // U+E000 is a private-use character no font draws, so its card shows the box a missing glyph gets.
    const boxed = await bytes("Peace \uE000 now");
    for (const symbol of ["→", "⇒", "∞", "★", "✦", "♥", "✓", "☮", "🕊", "🌍"]) {
      expect(await bytes(`Peace ${symbol} now`), symbol).not.toEqual(boxed);
    }
  });

  it("draws a ring's constellation from the bits in its variant, and its 1080x1920 story image", async () => {
    const bytes = async (query: string) => cardBytes(await signed(`/og?${query}`));
    const title = "title=Hope%20hums&subtitle=3%20wishes%20from%20Japan";
    expect(await image(`?${title}&variant=bell-101`)).toMatchObject({ width: 1200, height: 630 });
    const plain = await bytes(`${title}&variant=bell`);
    const stars = await bytes(`${title}&variant=bell-101`);
    expect(stars).not.toEqual(plain);
    expect(await bytes(`${title}&variant=bell-100`)).not.toEqual(stars);
    expect(await image(`?${title}&variant=story-101`)).toMatchObject({ width: 1080, height: 1920 });
    expect(await image(`?${title}&variant=story`)).toMatchObject({ width: 1080, height: 1920 });
    // Bits that are not a ring's give the plain card, never an error.
    expect(await bytes(`${title}&variant=bell-1012`)).toEqual(await bytes(`${title}&variant=default`));
  });

  it("breaks a word longer than the card's line instead of letting it run off", async () => {
    const bytes = async (title: string) => cardBytes(await signed(`/og?title=${encodeURIComponent(title)}`));
    // Broken onto lines, the word's last letters land in the card; run off its edge, changing them changes nothing.
    const long = "W".repeat(99);
    expect(await bytes(`${long}A`)).not.toEqual(await bytes(`${long}B`));
  });

  it("renders the 512x512 square mark", async () => {
    expect(await image("?variant=square")).toMatchObject({ width: 512, height: 512 });
  });

  it("caches the PNG under the normalised query, so equivalent queries share it", async () => {
    const first = await get(await signed("/og?title=%20Cached%20%20card%20&variant=unknown"));
    const png = new Uint8Array(await first.arrayBuffer());
    const key = ogCacheKey(ORIGIN, readOgCard(new URLSearchParams("title=Cached card"), "Quantum Bell"));
    await expect.poll(async () => (await edgeCache().match(key))?.status).toBe(200);
    const again = await get(`${await signed("/og?title=Cached%20card")}&ignored=1`);
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(png);
  });

  it("draws text only under the site's signature: unsigned, altered or re-signed text gets the default card", async () => {
    const defaultCard = await cardBytes("/og");
    const scam = "/og?title=Quantum%20Bell%20is%20closing&subtitle=Claim%20your%20refund%20at%20evil.example";
    expect(await cardBytes(scam)).toEqual(defaultCard);
    expect(await cardBytes(`${scam}&sig=${"0".repeat(32)}`)).toEqual(defaultCard);
    const honest = await signed("/og?title=Hope%20hums&subtitle=3%20wishes%20from%20Japan&variant=bell-101");
    expect(await cardBytes(honest)).not.toEqual(defaultCard);
    // The signature covers every field: another subtitle or other bits under the same signature draw nothing.
    expect(await cardBytes(honest.replace("Japan", "evil.example"))).toEqual(defaultCard);
    expect(await cardBytes(honest.replace("bell-101", "bell-111"))).toEqual(defaultCard);
  });

  it("is named signed in every page's HTML, and each named card draws its page's text", async () => {
    const defaultCard = await cardBytes("/og");
    for (const path of ["/about", "/blog/why-five-wishes", "/faq"]) {
      const html = await (await get(path)).text();
      const cards = [...html.matchAll(/<meta (?:property="og:image"|name="twitter:image") content="([^"]+)"/g)].map((m) => m[1].replaceAll("&amp;", "&"));
      expect(cards.length, path).toBeGreaterThanOrEqual(3);
      const wide = new URL(cards[0]);
      expect(wide.searchParams.get("sig"), path).toMatch(/^[0-9a-f]{32}$/);
      expect(await cardBytes(`${wide.pathname}${wide.search}`), path).not.toEqual(defaultCard);
    }
  });
});

describe("contact form", () => {
  function post(path: string, fields: Record<string, string>, ip: string) {
    return exports.default.fetch(`${ORIGIN}${path}`, {
      method: "POST",
      headers: { "CF-Connecting-IP": ip, "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, Host: HOST },
      body: new URLSearchParams(fields),
    });
  }
  const message = { name: "Ada", email: "ada@example.org", subject: "Partnership", message: "We would love to ring the bell at our festival." };

  it("stores a message with the e-mail kept private and the IP only as a hash", async () => {
    const ip = freshIp();
    const response = await post("/contact", message, ip);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Your message has reached us");
    const row = await env.DB.prepare("SELECT * FROM contact_messages WHERE subject = ? ORDER BY created_at DESC").bind("Partnership").first<Record<string, unknown>>();
    expect(row).toMatchObject({ name: "Ada", email: "ada@example.org", message: message.message });
    expect(row?.ip_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.ip_hash).not.toContain(ip);
  });

  it("refuses invalid input with field messages and stores nothing", async () => {
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM contact_messages").first<{ n: number }>();
    const response = await post("/contact", { email: "not-an-email", message: "short" }, freshIp());
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please enter a valid email address so we can reply.");
    expect(html).toContain("Please write a little more");
    const after = await env.DB.prepare("SELECT COUNT(*) AS n FROM contact_messages").first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
  });

  it("rate-limits each IP to five messages an hour", async () => {
    const ip = freshIp();
    for (let sent = 0; sent < 5; sent++) expect((await post("/contact", message, ip)).status).toBe(200);
    const limited = await post("/contact", message, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await limited.text()).toContain("Please wait an hour");
    expect((await post("/contact", message, freshIp())).status).toBe(200);
  });

  it("refuses a cross-site post (Remix checks Origin against Host) and stores nothing", async () => {
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM contact_messages").first<{ n: number }>();
    const response = await exports.default.fetch(`${ORIGIN}/contact`, {
      method: "POST",
      headers: { "CF-Connecting-IP": freshIp(), "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example", Host: HOST },
      body: new URLSearchParams(message),
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    const after = await env.DB.prepare("SELECT COUNT(*) AS n FROM contact_messages").first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
  });
});

const postForm = (path: string, form: Record<string, string>) =>
  exports.default.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "CF-Connecting-IP": freshIp(), "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, Host: HOST },
    body: new URLSearchParams(form),
  });

describe("newsletter", () => {
  it("stores an unconfirmed subscriber with a confirmation letter in the outbox, then confirms by token", async () => {
    const email = `reader-${crypto.randomUUID()}@example.org`;
    const response = await exports.default.fetch(`${ORIGIN}/newsletter`, {
      method: "POST",
      headers: { "CF-Connecting-IP": freshIp(), "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, Host: HOST },
      body: new URLSearchParams({ email: email.toUpperCase() }),
    });
    expect(response.status).toBe(200);
    const subscriber = await env.DB.prepare("SELECT * FROM newsletter_subscribers WHERE email = ?").bind(email).first<Record<string, unknown>>();
    expect(subscriber?.confirmed_at).toBeNull();
    const letter = await env.DB.prepare("SELECT * FROM outbox WHERE to_address = ?").bind(email).first<Record<string, string>>();
    expect(letter?.kind).toBe("newsletter-confirm");
    expect(letter?.body).toContain(`${SITE_URL}/newsletter?token=${subscriber?.token}`);

    // Opening the link (as a mail scanner does) only shows the button; it confirms nothing (issue 31).
    const landing = await get(`/newsletter?token=${subscriber?.token}`);
    expect(landing.status).toBe(200);
    const html = await landing.text();
    expect(html).toContain("Confirm my subscription");
    expect(html).toContain(`value="${subscriber?.token}"`);
    const unconfirmed = await env.DB.prepare("SELECT confirmed_at FROM newsletter_subscribers WHERE email = ?").bind(email).first<{ confirmed_at: number | null }>();
    expect(unconfirmed?.confirmed_at).toBeNull();

    const confirm = await postForm("/newsletter", { intent: "confirm", token: String(subscriber?.token) });
    expect(confirm.status).toBe(200);
    expect(await confirm.text()).toContain("You are subscribed");
    const confirmed = await env.DB.prepare("SELECT confirmed_at FROM newsletter_subscribers WHERE email = ?").bind(email).first<{ confirmed_at: number }>();
    expect(confirmed?.confirmed_at).toBeGreaterThan(0);
  });

  it("rejects an unknown token and an invalid address", async () => {
    expect((await postForm("/newsletter", { intent: "confirm", token: "0".repeat(64) })).status).toBe(400);
    const response = await exports.default.fetch(`${ORIGIN}/newsletter`, {
      method: "POST",
      headers: { "CF-Connecting-IP": freshIp(), "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, Host: HOST },
      body: new URLSearchParams({ email: "nope" }),
    });
    expect(response.status).toBe(400);
  });
});
