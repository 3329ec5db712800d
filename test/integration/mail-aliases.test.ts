import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LOCALES } from "~/domain/locale";
import { translatorFor } from "~/i18n/catalogues.server";
import { bellRoom } from "~/server/edge/bell-room-client.server";
import { RECIPIENT_DAILY_MAIL_CAP, SENDER_RECIPIENT_DAILY_MAIL_CAP } from "~/server/email/outbox.server";
import { browserFetch, call, freshFingerprint, freshIp, validWish } from "../support/api";
import { readyBell } from "../support/bell";
import { isolating } from "~/domain/bidi";

// Issue 46.2: one inbox, one cap. Aliases of an inbox share its caps and its stop; a stopped recipient is answered as
// an accepted one; no visitor's text reaches a mail's subject (docs/decisions/0104-one-inbox-one-key.md).

const LINK = /\/mail\/stop\?t=([0-9a-f]{64}(?:[0-9a-f]{32})?)\b/;

const friendMail = (friendEmail: string, ip = freshIp(), extra: Record<string, string> = {}, language = "en") =>
  call<Record<string, unknown>>("/api/send-wish-to-friend", { body: { wish: "May peace find you", friendEmail, ...extra }, ip, headers: { "Accept-Language": language } });

/** The outbox rows whose address holds this piece (a test's own id), any case. */
const rowsWith = async (piece: string) =>
  (await env.DB.prepare("SELECT to_address AS address, kind, subject, body FROM outbox WHERE instr(lower(to_address), lower(?)) > 0 ORDER BY created_at, id").bind(piece).all<{ address: string; kind: string; subject: string; body: string }>())
    .results;

const stop = (token: string) => browserFetch(`/mail/stop?t=${token}`, { method: "POST", form: { t: token } });

describe("one inbox, one cap", () => {
  it("40 friend mails from 40 networks to 40 +aliases of one inbox queue the inbox's cap, no more", async () => {
    const user = `someone${crypto.randomUUID().slice(0, 8)}`;
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => friendMail(`${user}+${i}@example.org`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(RECIPIENT_DAILY_MAIL_CAP);
    expect(await rowsWith(`${user}+`)).toHaveLength(RECIPIENT_DAILY_MAIL_CAP);
  });

  it("one network's share of an inbox counts every spelling of it, Gmail's dots included", async () => {
    const user = `ab${crypto.randomUUID().slice(0, 8)}`;
    const network = freshIp();
    const spellings = [`${user}@gmail.com`, `${user.slice(0, 1)}.${user.slice(1)}+x@gmail.com`, `${user.toUpperCase()}+y@googlemail.com`];
    const statuses = [];
    for (const address of spellings) statuses.push((await friendMail(address, network)).status);
    expect(statuses).toEqual([...Array(SENDER_RECIPIENT_DAILY_MAIL_CAP).fill(200), 429]);
  });

  it("a stop made from the +0 alias's mail stops +77 and every other spelling", async () => {
    const user = `st.op${crypto.randomUUID().slice(0, 8)}`;
    expect((await friendMail(`${user}+0@gmail.com`)).status).toBe(200);
    const [mail] = await rowsWith(`${user}+0@gmail.com`);
    expect((await stop(LINK.exec(mail!.body)![1]!)).status).toBe(200);
    for (const alias of [`${user}+77@gmail.com`, `${user.replaceAll(".", "")}@googlemail.com`, `${user.toUpperCase()}@GMAIL.COM`]) {
      expect((await friendMail(alias)).status).toBe(200);
      expect(await rowsWith(alias), alias).toEqual([]);
    }
    expect(await rowsWith(`${user}+0@gmail.com`)).toHaveLength(1);
  });
});

describe("a stopped recipient", () => {
  it("is answered exactly as an accepted one, caps included, so nobody learns that an address opted out", async () => {
    const stopped = `stopped-${crypto.randomUUID()}@example.org`;
    const accepted = `accepted-${crypto.randomUUID()}@example.org`;
    expect((await friendMail(stopped)).status).toBe(200);
    const [mail] = await rowsWith(stopped);
    expect((await stop(LINK.exec(mail!.body)![1]!)).status).toBe(200);

    const answersFor = async (address: string) => {
      const network = freshIp();
      const answers = [];
      for (let i = 0; i < SENDER_RECIPIENT_DAILY_MAIL_CAP + 1; i += 1) {
        const { status, json, headers } = await friendMail(address, network);
        answers.push({ status, json, type: headers.get("Content-Type"), retryAfter: headers.get("Retry-After") });
      }
      return answers;
    };
    const [forStopped, forAccepted] = [await answersFor(stopped), await answersFor(accepted)];
    expect(forStopped).toEqual(forAccepted);
    expect(forStopped.map((answer) => answer.status)).toEqual([...Array(SENDER_RECIPIENT_DAILY_MAIL_CAP).fill(200), 429]);
    expect(JSON.stringify(forStopped)).not.toContain("stopped");
    // Nothing was written that could reach the stopped address.
    expect(await rowsWith(stopped)).toHaveLength(1);
  });
});

describe("mail subjects", () => {
  it("are the site's fixed words in each language: never the sender's name, message or wish", async () => {
    await readyBell();
    const siteName = env.SITE_NAME ?? "Quantum Bell";
    const id = crypto.randomUUID();
    const extra = { name: "Mallory Quill", message: "Remember the winter river" };
    for (const language of LOCALES) expect((await friendMail(`subject-${language}-${id}@example.org`, freshIp(), extra, language)).status).toBe(200);
    const wish = await call<{ wishId: string }>("/api/wishes", { body: validWish({ wish: "May the quill keep writing of peace", name: "Mallory Quill", email: `subject-wish-${id}@example.org` }) });
    expect(wish.status).toBe(201);
    expect((await browserFetch("/newsletter", { method: "POST", form: { email: `subject-reader-${id}@example.org` } })).status).toBe(200);
    await env.DB.prepare("UPDATE wishes SET status = 'entangled' WHERE status IN ('pending', 'submitted_for_batching') AND id <> ?").bind(wish.json.wishId).run();
    expect((await call("/api/bell/ring", { body: { deviceFingerprint: freshFingerprint(), wishIds: [wish.json.wishId] } })).status).toBe(200);
    expect(await runDurableObjectAlarm(bellRoom(env))).toBe(true);
    await expect.poll(async () => (await rowsWith(id)).map((row) => row.kind).sort()).toEqual(
      [...Array(LOCALES.length).fill("friend-wish"), "newsletter-confirm", "wish-copy", "wish-rang"].sort(),
    );

    const fixed = new Set(
      LOCALES.flatMap((locale) => {
        // The letters isolate the site's name in every subject (ADR 0096).
        const t = isolating(translatorFor(locale));
        return [
          t("A wish for peace for you, from {siteName}", { siteName }),
          t("Your wish, from {siteName}", { siteName }),
          t("Your wish rang on {siteName}", { siteName }),
          t("Please confirm your {siteName} newsletter subscription", { siteName }),
        ];
      }),
    );
    for (const row of await rowsWith(id)) {
      expect(fixed, `${row.kind}: ${row.subject}`).toContain(row.subject);
      expect(row.subject).not.toMatch(/Mallory|Quill|winter|peace find/i);
    }
    const friend = (await rowsWith(`subject-fr-${id}@`))[0]!;
    expect(friend.subject).toBe("Un vœu de paix pour vous, de la part de \u2068Quantum Bell\u2069");
    // The name stays where the reader expects it: in the letter.
    expect(friend.body).toContain("Mallory Quill");
  });
});
