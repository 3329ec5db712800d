import { env } from "cloudflare:workers";
import { COUNTRY_MAX_LENGTH, NAME_MAX_LENGTH, RESONANCE_NETWORK_DAILY_CAP } from "~/domain/limits";
import { describe, expect, it } from "vitest";
import { CROSS_SITE_REQUEST, MODERATION_EMAIL, MODERATION_LINK, MODERATION_PHONE, REQUEST_BODY_INVALID, REQUEST_TOO_LARGE, SUBMIT_DAILY_LIMIT, WISH_NOT_FOUND, WISH_REQUIRED, WISH_TOO_LONG, WISH_TOO_SHORT } from "~/domain/messages";
import type { LiveActivity, PublicWish, SiteStats } from "~/domain/public-wish";
import { hideWish } from "~/server/admin/moderation.server";
import { call, freshFingerprint, freshIp, submit, validWish } from "../support/api";
import { EVASIONS } from "../support/moderation-corpus";

const PRIVATE_FIELDS = ["email", "fingerprint", "fingerprintHash", "ipHash", "ip", "lat", "lon"];

function expectNoPrivateFields(value: unknown) {
  const text = JSON.stringify(value);
  for (const field of PRIVATE_FIELDS) expect(text).not.toContain(`"${field}"`);
  expect(text).not.toMatch(/@example\.org/);
}

describe("POST /api/wishes", () => {
  it("stores a valid wish, classifies its theme and resolves its country", async () => {
    const { status, json } = await submit({
      wish: "  I hope tomorrow brings a brighter future for all  ",
      name: "Amara",
      email: "amara@example.org",
      country: "france",
      lat: 48.85,
      lon: "2.35",
    });
    expect(status).toBe(201);
    expect(json.success).toBe(true);
    const wish = (await call<PublicWish & { success: boolean }>(`/api/wishes/${json.wishId}`)).json;
    expect(wish).toMatchObject({
      id: json.wishId,
      wish: "I hope tomorrow brings a brighter future for all",
      name: "Amara",
      country: "France",
      countryCode: "FR",
      location: "France",
      theme: "Hope",
      status: "pending",
      bellRingId: null,
      resonanceCount: 0,
    });
    expectNoPrivateFields(wish);
    const row = await env.DB.prepare("SELECT email, lat, fingerprint_hash, ip_hash FROM wishes WHERE id = ?").bind(json.wishId).first<Record<string, unknown>>();
    expect(row?.email).toBe("amara@example.org");
    expect(row?.lat).toBe(48.9); // kept to 0.1° (ADR 0040)
    expect(row?.fingerprint_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.ip_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("defaults the name to Anonymous and the location to Unknown", async () => {
    const { json } = await submit({ name: "   " });
    const wish = (await call<PublicWish>(`/api/wishes/${json.wishId}`)).json;
    expect(wish.name).toBe("Anonymous");
    expect(wish.location).toBe("Unknown");
    expect(wish.countryCode).toBeNull();
  });

  it.each([
    [{ wish: undefined }, WISH_REQUIRED, "wish"],
    [{ wish: "          " }, WISH_REQUIRED, "wish"],
    [{ wish: "too short" }, WISH_TOO_SHORT, "wish"],
    [{ wish: "x".repeat(251) }, WISH_TOO_LONG, "wish"],
    [{ wish: "Visit https://spam.example for peace" }, MODERATION_LINK, undefined],
    [{ wish: "Write to me at someone@example.org please" }, MODERATION_EMAIL, undefined],
    [{ wish: "Call me on +44 20 7946 0958 for peace" }, MODERATION_PHONE, undefined],
  ])("refuses %j with a sentence", async (overrides, sentence, field) => {
    const { status, json } = await submit(overrides);
    expect(status).toBe(400);
    expect(json).toMatchObject({ success: false, error: sentence });
    if (field) expect(json).toMatchObject({ field });
  });

  it.each([
    ["not JSON at all", "{"],
    ["a JSON array", "[1,2]"],
    ["a JSON string", '"wish"'],
    ["null", "null"],
  ])("answers 400 for %s", async (_label, rawBody) => {
    const { status, json } = await call("/api/wishes", { rawBody });
    expect(status).toBe(400);
    expect(json).toMatchObject({ success: false });
    expect(typeof (json as { error: string }).error).toBe("string");
  });

  it("refuses a body that is too large before reading it", async () => {
    const { status, json } = await call("/api/wishes", { rawBody: JSON.stringify({ wish: "a".repeat(40_000) }) });
    expect(status).toBe(413);
    expect(json).toMatchObject({ success: false, error: REQUEST_TOO_LARGE });
  });

  it("refuses a bad fingerprint, a bad e-mail and out-of-range coordinates", async () => {
    expect((await submit({ deviceFingerprint: "short" })).status).toBe(400);
    expect((await submit({ email: "not-an-email" })).json.error).toBe("Please enter a valid email address, or leave it empty.");
    expect((await submit({ lat: 91 })).status).toBe(400);
    expect((await submit({ lon: "east" })).status).toBe(400);
  });

  it("allows five wishes a day per device and refuses the sixth with 429 and the spec's sentence", async () => {
    const deviceFingerprint = freshFingerprint();
    for (let i = 0; i < 5; i += 1) {
      const { status } = await submit({ deviceFingerprint, wish: `Peace for every home, wish number ${i + 1}` });
      expect(status).toBe(201);
    }
    const sixth = await call("/api/wishes", { body: validWish({ deviceFingerprint }) });
    expect(sixth.status).toBe(429);
    expect(sixth.json).toMatchObject({ success: false, error: SUBMIT_DAILY_LIMIT });
    expect(Number(sixth.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("never lets concurrent submissions from one device pass the daily limit", async () => {
    const deviceFingerprint = freshFingerprint();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => submit({ deviceFingerprint, wish: `Together we are stronger, attempt ${i}` })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429)).toHaveLength(3);
  });

  it("applies the looser per-IP limit across devices", async () => {
    const ip = freshIp();
    const limit = Number(env.IP_DAILY_WISH_LIMIT);
    await env.DB.prepare(
      `INSERT INTO wishes (id, text, theme, status, fingerprint_hash, ip_hash, created_at)
       SELECT 'ip-fill-' || value, 'Filler wish for the IP limit', 'General', 'pending', 'fill', ?, ?
       FROM json_each(?)`,
    )
      .bind(await ipHashOf(ip), Date.now(), JSON.stringify(Array.from({ length: limit }, (_, i) => `${ip}-${i}`)))
      .run();
    const refused = await submit({}, ip);
    expect(refused.status).toBe(429);
    expect(refused.json.error).toMatch(/network/);
  });

  it("counts one IPv6 /64 as one network, whichever of its addresses a request comes from", async () => {
    const hextet = () => ((Math.random() * 0xffff) | 0).toString(16);
    const prefix = `2001:db8:${hextet()}:${hextet()}`;
    const limit = Number(env.IP_DAILY_WISH_LIMIT);
    await env.DB.prepare(
      `INSERT INTO wishes (id, text, theme, status, fingerprint_hash, ip_hash, created_at)
       SELECT 'v6-fill-' || value, 'Filler wish for the network limit', 'General', 'pending', 'fill', ?, ?
       FROM json_each(?)`,
    )
      .bind(await ipHashOf(`${prefix}::1`), Date.now(), JSON.stringify(Array.from({ length: limit }, (_, i) => `${prefix}-${i}`)))
      .run();
    // Another address of the same /64, written another way: the same network, so the same limit.
    const refused = await submit({}, `${prefix}:ffff:ffff:ffff:ffff`);
    expect(refused.status).toBe(429);
    // The next /64 is another network.
    expect((await submit({}, `2001:db8:1:${hextet()}::9`)).status).toBe(201);
  });
});

/** The stored hash of the network an address belongs to, as every per-network limit counts it. */
async function ipHashOf(ip: string): Promise<string> {
  const { privateHash } = await import("~/server/edge/hashing.server");
  const { networkKey } = await import("~/domain/network");
  return privateHash(env.HASH_SECRET, "ip", networkKey(ip));
}

describe("moderation of every text field", () => {
  it("refuses disguised links, addresses, numbers and profanity in the name, country and location too", async () => {
    let refused = 0;
    for (const [field, value] of [
      ["location", "visit https://evil.example.com call +44 7700 900123"],
      ["name", "bob (at) example (dot) com"],
      ["country", "evilsite dot com"],
      ["location", "f u c k"],
    ] as const) {
      const answer = await submit({ [field]: value });
      expect(answer.status, `${field}: ${value}`).toBe(400);
      expect((answer.json as { field?: string }).field, value).toBe(field);
      refused += 1;
    }
    // The whole corpus in every field a visitor fills that others read: the wish, its name, country and location
    // (where the evasion fits the field's length) and the message and wish of a mail to a friend.
    const perField: Record<string, number> = {};
    const refuse = async (field: string, text: string, sentence: string, send: () => Promise<{ status: number; json: { error?: string } }>) => {
      const answer = await send();
      expect(answer.status, `${field}: ${text}`).toBe(400);
      expect(answer.json.error, `${field}: ${text}`).toBe(sentence);
      perField[field] = (perField[field] ?? 0) + 1;
      refused += 1;
    };
    const friend = (fields: Record<string, string>) =>
      call<{ error?: string }>("/api/send-wish-to-friend", { body: { wish: "May peace find you", friendEmail: `friend-${crypto.randomUUID()}@example.org`, ...fields }, ip: freshIp() });
    for (const [text, sentence] of EVASIONS) {
      await refuse("wish", text, sentence, () => submit({ wish: `${text}, and peace to all` }, freshIp()));
      await refuse("location", text, sentence, () => submit({ location: text }, freshIp()));
      if (text.length <= NAME_MAX_LENGTH) await refuse("name", text, sentence, () => submit({ name: text }, freshIp()));
      if (text.length <= COUNTRY_MAX_LENGTH) await refuse("country", text, sentence, () => submit({ country: text }, freshIp()));
      await refuse("friend message", text, sentence, () => friend({ message: text }));
      await refuse("friend wish", text, sentence, () => friend({ wish: `${text}, and peace to all` }));
    }
    const counts = Object.entries(perField).map(([field, count]) => `${field} ${count}`);
    console.log(`moderation over the fields: ${refused} disguised submissions refused (${EVASIONS.length} evasions; ${counts.join(", ")})`);
    // A country from the list is never refused.
    expect((await submit({ country: "Côte d'Ivoire" })).status).toBe(201);
  });
});

describe("reading wishes", () => {
  it("GET /api/wishes/{id} answers 404 with a sentence for an unknown id", async () => {
    const { status, json } = await call("/api/wishes/nope");
    expect(status).toBe(404);
    expect(json).toMatchObject({ success: false, error: WISH_NOT_FOUND });
  });

  it("GET /api/wishes lists newest first without private fields", async () => {
    const first = await submit({ wish: "Love will guide us through the long night", email: "a@example.org" });
    const second = await submit({ wish: "Healing for everyone who is hurting today" });
    const { json } = await call<{ wishes: PublicWish[] }>("/api/wishes");
    const ids = json.wishes.map((w) => w.id);
    expect(ids.indexOf(second.json.wishId)).toBeLessThan(ids.indexOf(first.json.wishId));
    expect(json.wishes.length).toBeLessThanOrEqual(100);
    expectNoPrivateFields(json);
  });

  it("GET /api/wishes/status/pending lists only pending wishes, oldest first", async () => {
    const { json: created } = await submit({ wish: "Calm waters for the fishermen of the north" });
    await env.DB.prepare("UPDATE wishes SET status = 'entangled' WHERE id = ?").bind(created.wishId).run();
    const { json } = await call<{ wishes: PublicWish[] }>("/api/wishes/status/pending");
    expect(json.wishes.every((w) => w.status === "pending")).toBe(true);
    expect(json.wishes.map((w) => w.id)).not.toContain(created.wishId);
    const times = json.wishes.map((w) => Date.parse(w.timestamp));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it("hidden wishes leave every public view", async () => {
    const { json: created } = await submit({ wish: "A wish the moderators will hide from view", country: "Kenya" });
    await env.DB.prepare("UPDATE wishes SET hidden = 1 WHERE id = ?").bind(created.wishId).run();
    expect((await call(`/api/wishes/${created.wishId}`)).status).toBe(404);
    const all = await call<{ wishes: PublicWish[] }>("/api/wishes");
    expect(all.json.wishes.map((w) => w.id)).not.toContain(created.wishId);
    const pending = await call<{ wishes: PublicWish[] }>("/api/wishes/status/pending");
    expect(pending.json.wishes.map((w) => w.id)).not.toContain(created.wishId);
    const wall = await call<{ wishes: PublicWish[] }>("/api/wishes/wall?pageSize=50&country=KE");
    expect(wall.json.wishes.map((w) => w.id)).not.toContain(created.wishId);
  });
});

describe("GET /api/wishes/wall", () => {
  it("filters by theme and country, sorts, and pages", async () => {
    const country = "Iceland";
    const made = [];
    for (const wish of [
      "Peace in the quiet valleys of the north",
      "Peace and calm for every fishing village",
      "Hope for the young people of the islands",
    ]) {
      made.push((await submit({ wish, country })).json.wishId);
    }
    await call(`/api/wishes/${made[1]}/resonate`, { body: { deviceFingerprint: freshFingerprint() } });

    const peace = await call<{ wishes: PublicWish[]; total: number; countryCount: number; page: number; pageSize: number }>(
      "/api/wishes/wall?country=IS&theme=Peace&sortBy=mostResonated&pageSize=1",
    );
    expect(peace.status).toBe(200);
    expect(peace.json.total).toBe(2);
    expect(peace.json.countryCount).toBe(1);
    expect(peace.json.wishes.map((w) => w.id)).toEqual([made[1]]);
    const second = await call<{ wishes: PublicWish[]; page: number }>("/api/wishes/wall?country=Iceland&theme=Peace&sortBy=mostResonated&pageSize=1&page=2");
    expect(second.json.wishes.map((w) => w.id)).toEqual([made[0]]);

    const oldest = await call<{ wishes: PublicWish[] }>("/api/wishes/wall?country=IS&sortBy=oldest");
    expect(oldest.json.wishes.map((w) => w.id)).toEqual(made);
    const newest = await call<{ wishes: PublicWish[]; total: number }>("/api/wishes/wall?country=iceland");
    expect(newest.json.wishes.map((w) => w.id)).toEqual([...made].reverse());
    expect(newest.json.total).toBe(3);
  });

  it("clamps out-of-range paging instead of failing", async () => {
    const { status, json } = await call<{ page: number; pageSize: number }>("/api/wishes/wall?page=99999&pageSize=5000");
    expect(status).toBe(200);
    expect(json.pageSize).toBe(50);
    expect(json.page).toBeGreaterThanOrEqual(1);
    const negative = await call<{ page: number; pageSize: number }>("/api/wishes/wall?page=-3&pageSize=abc");
    expect(negative.json).toMatchObject({ page: 1, pageSize: 20 });
  });

  it("answers 400 with a sentence for unknown filter values", async () => {
    for (const query of ["theme=Anger", "timeFilter=decade", "sortBy=random", "deviceFingerprint=%3Cscript%3E"]) {
      const { status, json } = await call<{ error: string }>(`/api/wishes/wall?${query}`);
      expect(status).toBe(400);
      expect(json.error.length).toBeGreaterThan(10);
    }
  });

  it("filters by time period", async () => {
    const { json: created } = await submit({ wish: "Old peace from last year, still remembered", country: "Malta" });
    await env.DB.prepare("UPDATE wishes SET created_at = ? WHERE id = ?").bind(Date.now() - 40 * 86_400_000, created.wishId).run();
    const month = await call<{ wishes: PublicWish[] }>("/api/wishes/wall?country=MT&timeFilter=month&pageSize=50");
    expect(month.json.wishes.map((w) => w.id)).not.toContain(created.wishId);
    const all = await call<{ wishes: PublicWish[] }>("/api/wishes/wall?country=MT&timeFilter=all&pageSize=50");
    expect(all.json.wishes.map((w) => w.id)).toContain(created.wishId);
  });

  it("pages every order the same from the near end and the far end", async () => {
    const made: string[] = [];
    for (const wish of [
      "Peace along the rivers of the high valleys",
      "Hope for the children of the mountain schools",
      "Peace for the monks and the farmers alike",
      "Love across every village and every valley",
      "Peace for the travellers on the mountain roads",
      "Unity of the old and the young under one sky",
      "Peace in every home when the snow falls",
    ]) {
      made.push((await submit({ wish, country: "Bhutan" })).json.wishId);
    }
    // Ties on purpose: equal times and equal resonance counts, so the id has to break them.
    const at = Date.now() - 3 * 86_400_000;
    const times = [at, at, at + 1000, at + 1000, at + 2000, at + 2000, at + 2000];
    const counts = [2, 0, 2, 0, 1, 0, 2];
    for (const [i, id] of made.entries()) {
      await env.DB.prepare("UPDATE wishes SET created_at = ?, resonance_count = ? WHERE id = ?").bind(times[i], counts[i], id).run();
    }
    for (const sortBy of ["newest", "oldest", "mostResonated", "leastResonated"]) {
      for (const filter of ["country=BT", "country=BT&theme=Peace", "country=BT&timeFilter=week"]) {
        const whole = await call<{ wishes: PublicWish[]; total: number }>(`/api/wishes/wall?${filter}&sortBy=${sortBy}&pageSize=50`);
        const ids = whole.json.wishes.map((w) => w.id);
        expect(ids.length).toBe(whole.json.total);
        const paged: string[] = [];
        for (let page = 1; page <= Math.ceil(ids.length / 2); page += 1) {
          const part = await call<{ wishes: PublicWish[] }>(`/api/wishes/wall?${filter}&sortBy=${sortBy}&pageSize=2&page=${page}`);
          paged.push(...part.json.wishes.map((w) => w.id));
        }
        expect(paged, `${sortBy} ${filter}`).toEqual(ids);
      }
    }
    const newest = await call<{ wishes: PublicWish[] }>("/api/wishes/wall?country=BT&sortBy=newest&pageSize=50");
    expect(newest.json.wishes.map((w) => w.id)).toEqual([made[6], made[5], made[4], made[3], made[2], made[1], made[0]]);
    const least = await call<{ wishes: PublicWish[] }>("/api/wishes/wall?country=BT&sortBy=leastResonated&pageSize=50");
    expect(least.json.wishes.map((w) => w.id)).toEqual([made[5], made[3], made[1], made[4], made[6], made[2], made[0]]);
  });

  it("counts the matching wishes and their countries as the rows do, for every kind of filter", async () => {
    await submit({ wish: "Peace for the islands far out at sea", country: "Atlantis" });
    await submit({ wish: "Peace for the farmers of the plains", country: "Uruguay" });
    const hidden = (await submit({ wish: "Peace for the quiet towns of the coast", country: "Paraguay" })).json.wishId;
    await hideWish(env, hidden);
    const since = { all: 0, week: Date.now() - 7 * 86_400_000 } as const;
    for (const [query, theme, timeFilter, place] of [
      ["theme=Peace", "Peace", "all", null],
      ["theme=Peace&timeFilter=week", "Peace", "week", null],
      ["timeFilter=week", null, "week", null],
      ["country=Atlantis", null, "all", "Atlantis"],
      ["country=Atlantis&theme=Peace", "Peace", "all", "Atlantis"],
    ] as const) {
      const rows = await env.DB.prepare(
        `SELECT COUNT(*) AS total, COUNT(DISTINCT country_code) AS countries FROM wishes
         WHERE hidden = 0 AND (?1 IS NULL OR theme = ?1) AND created_at >= ?2 AND (?3 IS NULL OR country = ?3)`,
      )
        .bind(theme, since[timeFilter], place)
        .first<{ total: number; countries: number }>();
      const wall = await call<{ total: number; countryCount: number }>(`/api/wishes/wall?${query}`);
      expect({ query, total: wall.json.total, countryCount: wall.json.countryCount }).toEqual({ query, total: rows!.total, countryCount: rows!.countries });
    }
  });

  it("marks the wishes this device resonated with", async () => {
    const deviceFingerprint = freshFingerprint();
    const { json } = await submit({ wish: "Unity between the mountain and the sea", country: "Chile" });
    await call(`/api/wishes/${json.wishId}/resonate`, { body: { deviceFingerprint } });
    const wall = await call<{ wishes: PublicWish[] }>(`/api/wishes/wall?country=CL&deviceFingerprint=${deviceFingerprint}&pageSize=50`);
    expect(wall.json.wishes.find((w) => w.id === json.wishId)?.isResonated).toBe(true);
    const anonymous = await call<{ wishes: PublicWish[] }>("/api/wishes/wall?country=CL&pageSize=50");
    expect(anonymous.json.wishes[0]).not.toHaveProperty("isResonated");
  });
});

describe("POST /api/wishes/{id}/resonate", () => {
  it("counts one resonance per device, and a repeat answers alreadyResonated", async () => {
    const { json } = await submit();
    const deviceFingerprint = freshFingerprint();
    const first = await call(`/api/wishes/${json.wishId}/resonate`, { body: { deviceFingerprint } });
    expect(first.json).toEqual({ success: true, alreadyResonated: false, newCount: 1 });
    const repeat = await call(`/api/wishes/${json.wishId}/resonate`, { body: { deviceFingerprint } });
    expect(repeat.json).toEqual({ success: true, alreadyResonated: true, newCount: 1 });
    const other = await call(`/api/wishes/${json.wishId}/resonate`, { body: { deviceFingerprint: freshFingerprint() } });
    expect(other.json).toEqual({ success: true, alreadyResonated: false, newCount: 2 });
  });

  it("never double-counts concurrent resonances from one device", async () => {
    const { json } = await submit();
    const deviceFingerprint = freshFingerprint();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => call<{ alreadyResonated: boolean; newCount: number }>(`/api/wishes/${json.wishId}/resonate`, { body: { deviceFingerprint } })),
    );
    expect(results.filter((r) => !r.json.alreadyResonated)).toHaveLength(1);
    expect((await call<PublicWish>(`/api/wishes/${json.wishId}`)).json.resonanceCount).toBe(1);
  });

  it("counts one resonance per network: made-up devices from one address are told the network already resonated", async () => {
    const { json } = await submit();
    const ip = freshIp();
    const answers = [];
    for (let i = 0; i < 6; i += 1) {
      answers.push((await call<{ alreadyResonated: boolean; newCount: number }>(`/api/wishes/${json.wishId}/resonate`, { body: { deviceFingerprint: freshFingerprint() }, ip })).json);
    }
    // The first device resonated; the others are told the network already has (one row, issue 31). The number moved once.
    expect(answers.map((answer) => answer.alreadyResonated)).toEqual([false, ...Array(5).fill(true)]);
    expect(answers.map((answer) => answer.newCount)).toEqual(Array(6).fill(1));
    // Another /64 of the same IPv6 /48 is the same network too (ADR 0032); another network counts.
    const v6 = `2001:db8:${((Math.random() * 0xffff) | 0).toString(16)}`;
    await call(`/api/wishes/${json.wishId}/resonate`, { body: { deviceFingerprint: freshFingerprint() }, ip: `${v6}:1::1` });
    const sameSlash48 = await call<{ newCount: number }>(`/api/wishes/${json.wishId}/resonate`, { body: { deviceFingerprint: freshFingerprint() }, ip: `${v6}:2::2` });
    expect(sameSlash48.json.newCount).toBe(2);
    expect((await call<PublicWish>(`/api/wishes/${json.wishId}`)).json.resonanceCount).toBe(2);
  });

  it("caps what one network adds to the counts in a day", async () => {
    const ip = freshIp();
    const made = await Promise.all(Array.from({ length: 3 }, () => submit()));
    // The network has already counted its day's allowance (rows as the route stores them).
    const { privateHash } = await import("~/server/edge/hashing.server");
    const { networkKey } = await import("~/domain/network");
    const network = await privateHash(env.HASH_SECRET, "ip", networkKey(ip));
    await env.DB.prepare(
      `INSERT INTO resonances (wish_id, fingerprint_hash, network_hash, counted, created_at)
       SELECT 'cap-' || value, 'cap-' || value, ?, 1, ? FROM json_each(?)`,
    )
      .bind(network, Date.now(), JSON.stringify(Array.from({ length: RESONANCE_NETWORK_DAILY_CAP }, (_, i) => `${ip}-${i}`)))
      .run();
    // Past it the network is refused, and nothing more is stored (issue 31).
    for (const wish of made) {
      const answer = await call<{ code: string }>(`/api/wishes/${wish.json.wishId}/resonate`, { body: { deviceFingerprint: freshFingerprint() }, ip });
      expect(answer.status).toBe(429);
      expect(answer.json.code).toBe("daily_limit");
      expect((await call<PublicWish>(`/api/wishes/${wish.json.wishId}`)).json.resonanceCount).toBe(0);
    }
  });

  it("answers 404 for an unknown wish, 400 for a bad body and 405 for GET", async () => {
    expect((await call("/api/wishes/nope/resonate", { body: { deviceFingerprint: freshFingerprint() } })).status).toBe(404);
    expect((await call("/api/wishes/nope/resonate", { body: {} })).status).toBe(400);
    const get = await call<{ error: string }>("/api/wishes/nope/resonate");
    expect(get.status).toBe(405);
    expect(get.json.error).toMatch(/POST/);
  });
});

describe("stats and live activity", () => {
  it("GET /api/stats counts wishes and countries from the kept-in-step counters", async () => {
    const before = (await call<{ stats: SiteStats }>("/api/stats")).json.stats;
    await submit({ wish: "Peace across the whole of Mongolia tonight", country: "Mongolia" });
    const after = (await call<{ stats: SiteStats }>("/api/stats")).json.stats;
    expect(after.totalWishes).toBe(before.totalWishes + 1);
    expect(after.countriesEntangled).toBeGreaterThanOrEqual(1);
    expect(after.mostActiveLocations.length).toBeGreaterThan(0);
    expect(after.mostActiveLocations[0]).toEqual(expect.objectContaining({ country: expect.any(String), countryCode: expect.any(String), count: expect.any(Number) }));
  });

  it("GET /api/wishes/live-activity answers one entry per country with a flag and a 50-character preview", async () => {
    const long = "Together we can build a world where every single child is safe and loved";
    await submit({ wish: long, country: "Nepal" });
    const { json } = await call<{ activities: LiveActivity[] }>("/api/wishes/live-activity");
    const nepal = json.activities.find((a) => a.countryCode === "NP");
    expect(nepal).toMatchObject({ country: "Nepal", flag: "🇳🇵", isNew: true, hasEntangledWishes: false });
    expect(nepal!.pendingWishCount).toBeGreaterThanOrEqual(1);
    expect([...nepal!.lastWish.replace("…", "")].length).toBeLessThanOrEqual(50);
    const codes = json.activities.map((a) => a.countryCode);
    expect(new Set(codes).size).toBe(codes.length);
    expectNoPrivateFields(json);
  });
});

describe("countries and reverse geocoding", () => {
  it("GET /api/countries lists at least 190 names", async () => {
    const { json } = await call<{ countries: string[] }>("/api/countries");
    expect(json.countries.length).toBeGreaterThanOrEqual(190);
    expect(json.countries).toContain("France");
  });

  it("GET /api/reverse-geocode answers the country offline, null at sea, 400 for bad numbers", async () => {
    expect((await call("/api/reverse-geocode?lat=48.85&lon=2.35")).json).toEqual({ success: true, address: { country: "France", countryCode: "FR" } });
    expect((await call("/api/reverse-geocode?lat=0&lon=-30")).json).toEqual({ success: true, address: null });
    for (const query of ["lat=abc&lon=2", "lat=95&lon=2", "lon=2", ""]) {
      const { status, json } = await call<{ error: string }>(`/api/reverse-geocode?${query}`);
      expect(status).toBe(400);
      expect(json.error).toMatch(/latitude|longitude/);
    }
  });
});

describe("cross-site requests", () => {
  it("refuses a POST from another site with a JSON 403 and stores nothing", async () => {
    const before = (await call<{ stats: SiteStats }>("/api/stats")).json.stats.totalWishes;
    const { status, json } = await call("/api/wishes", { body: validWish(), headers: { Origin: "https://evil.example" } });
    expect(status).toBe(403);
    expect(json).toMatchObject({ success: false, error: CROSS_SITE_REQUEST });
    expect((await call<{ stats: SiteStats }>("/api/stats")).json.stats.totalWishes).toBe(before);
  });
});

describe("bad input never becomes a 5xx", () => {
  it("answers REQUEST_BODY_INVALID for a non-object body", async () => {
    const { json } = await call("/api/wishes", { rawBody: "[]" });
    expect(json).toMatchObject({ error: REQUEST_BODY_INVALID });
  });
});
