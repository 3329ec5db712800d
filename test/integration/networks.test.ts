import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CONTACT_HOURLY_LIMIT } from "~/domain/contact";
import { IPV6_NETWORK_ALLOWANCE_MULTIPLIER } from "~/domain/network";
import { browserFetch, call, freshFingerprint, submit } from "../support/api";

// Issue 31, point 4: a network is an IPv4 address or an IPv6 /48, written canonically, for every per-network rule.

/** A /48 no other test uses. */
function fresh48(): string {
  const hextet = () => Math.floor(Math.random() * 0xffff).toString(16);
  return `2001:db8:${hextet()}`;
}

const resonanceCount = async (id: string) =>
  (await env.DB.prepare("SELECT resonance_count AS n FROM wishes WHERE id = ?").bind(id).first<{ n: number }>())!.n;

describe("one network, however many /64s or spellings", () => {
  it("40 /64s of one /48 move a wish's resonance count by one", async () => {
    const { json } = await submit({ wish: "May the coastal towns keep their lights through winter" });
    const site = fresh48();
    for (let i = 0; i < 40; i += 1) {
      const ip = `${site}:${i.toString(16)}::1`;
      expect((await call(`/api/wishes/${json.wishId}/resonate`, { body: { deviceFingerprint: freshFingerprint() }, ip })).status).toBe(200);
    }
    expect(await resonanceCount(json.wishId)).toBe(1);
  });

  it("twelve spellings of one IPv4 address are one network", async () => {
    const { json } = await submit({ wish: "May the mountain roads stay open for every traveller" });
    const n = Math.floor(Math.random() * 250) + 1;
    const spellings = [
      `198.51.100.${n}`,
      ` 198.51.100.${n} `,
      `198.051.100.${n}`.replace("051", "0063"),
      `0xc6.51.100.${n}`,
      String(((198 * 256 + 51) * 256 + 100) * 256 + n),
      `198.51.${100 * 256 + n}`,
      `198.51.100.${n}.`,
      `::ffff:198.51.100.${n}`,
      `::FFFF:198.51.100.${n}`,
      `0:0:0:0:0:ffff:198.51.100.${n}`,
      `::ffff:c633:${(100 * 256 + n).toString(16)}`,
      `[::ffff:198.51.100.${n}]`,
    ];
    for (const ip of spellings) {
      expect((await call(`/api/wishes/${json.wishId}/resonate`, { body: { deviceFingerprint: freshFingerprint() }, ip })).status, ip).toBe(200);
    }
    expect(await resonanceCount(json.wishId)).toBe(1);
  });

  it(`a rate limit gives each /64 its allowance and the whole /48 ${IPV6_NETWORK_ALLOWANCE_MULTIPLIER} times it, no more`, async () => {
    const site = fresh48();
    let sent = 0;
    for (let line = 0; line < 6; line += 1) {
      for (let i = 0; i < CONTACT_HOURLY_LIMIT; i += 1) {
        const response = await browserFetch("/contact", {
          form: { name: "Ana", email: "ana@example.org", subject: "Hello", message: "A kind note for the operators of the bell." },
          ip: `${site}:${line.toString(16)}::7`,
        });
        if (response.status === 200) sent += 1;
        else expect(response.status).toBe(429);
      }
    }
    expect(sent).toBe(CONTACT_HOURLY_LIMIT * IPV6_NETWORK_ALLOWANCE_MULTIPLIER);
  });
});
