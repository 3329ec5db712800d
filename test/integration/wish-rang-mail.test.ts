import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { isolate } from "~/domain/bidi";
import { ringVerse } from "~/domain/verse/verse";
import { verseSources } from "~/server/rings/verse.server";
import { bellRoom } from "~/server/edge/bell-room-client.server";
import { mailStopToken } from "~/server/email/mail-stop.server";
import { browserFetch, call, freshFingerprint, freshIp, validWish } from "../support/api";
import { readyBell } from "../support/bell";

// Issue 36: a wish with an address brings two mails, its copy now and "your wish rang" when a ring takes it, both
// in the language of the page it was written on; none for a wish hidden or withdrawn, none past the address's stop.

beforeEach(async () => {
  await readyBell();
  await env.DB.prepare("UPDATE wishes SET status = 'entangled' WHERE status IN ('pending', 'submitted_for_batching')").run();
  await env.DB.prepare("UPDATE bell_rings SET status = 'completed' WHERE status IN ('queued', 'running')").run();
});

/** The site's name as mails write it: isolated from the sentence around it (ADR 0096). */
const SITE = isolate("Quantum Bell");

const address = (label: string) => `${label}-${crypto.randomUUID()}@example.org`;

/** A wish as the page in `language` sends it: its script names the page's language in Accept-Language. */
async function wishFrom(language: string, text: string, email?: string): Promise<string> {
  const { status, json } = await call<{ wishId: string }>("/api/wishes", {
    body: validWish({ wish: text, ...(email ? { email } : {}) }),
    headers: { "Accept-Language": language },
  });
  expect(status).toBe(201);
  return json.wishId;
}

async function ringAll(wishIds: string[]): Promise<string> {
  const { status, json } = await call<{ bellRingId: string }>("/api/bell/ring", { body: { deviceFingerprint: freshFingerprint(), wishIds } });
  expect(status).toBe(200);
  return json.bellRingId;
}

async function mailsTo(to: string) {
  const { results } = await env.DB.prepare("SELECT kind, subject, body FROM outbox WHERE lower(to_address) = lower(?) ORDER BY created_at").bind(to).all<{ kind: string; subject: string; body: string }>();
  return results;
}

describe('"your wish rang"', () => {
  it("follows the copy once a ring takes the wish, in French for a wish written on /fr, with the line and the link", async () => {
    const french = address("fr");
    const english = address("en");
    const hidden = address("hidden");
    const withdrawn = address("withdrawn");
    const ids = [
      await wishFrom("fr", "Que la paix revienne dans chaque maison du port", french),
      await wishFrom("en", "May the harbour lights stay on for everyone", english),
      await wishFrom("en", "May the valley sleep without sirens tonight", hidden),
      await wishFrom("en", "May the river towns keep their bridges standing", withdrawn),
    ];
    const ringId = await ringAll(ids);
    // Taken by the ring, then hidden by reports or withdrawn by its writer before the result arrived.
    await env.DB.prepare("UPDATE wishes SET hidden = 1 WHERE id = ?").bind(ids[2]).run();
    await env.DB.prepare("UPDATE wishes SET hidden = 1, withdrawn_at = ?, email = NULL WHERE id = ?").bind(Date.now(), ids[3]).run();
    expect(await runDurableObjectAlarm(bellRoom(env))).toBe(true);

    const ring = await env.DB.prepare("SELECT status FROM bell_rings WHERE id = ?").bind(ringId).first<{ status: string }>();
    expect(ring?.status).toBe("completed");
    // The ring's verse (ADR 0091), written in each wish's language, a line each, from the wishes still shown.
    const source = (await verseSources(env, [ringId])).get(ringId)!;
    expect(source.wishes).toHaveLength(2);
    const indented = (lines: string[]) => lines.map((line) => `    ${line}`).join("\n");
    const [frenchVerse, englishVerse] = [ringVerse(source, "fr")!, ringVerse(source, "en")!];
    expect(frenchVerse).toHaveLength(3);

    await expect.poll(async () => (await mailsTo(french)).length).toBe(2);
    const [copy, rang] = await mailsTo(french);
    expect(copy).toMatchObject({ kind: "wish-copy", subject: `Votre vœu, de la part de ${SITE}` });
    expect(copy.body).toContain("Nous vous écrirons encore une fois");
    expect(rang.kind).toBe("wish-rang");
    expect(rang.subject).toBe(`Votre vœu a sonné sur ${SITE}`);
    expect(rang.body).toContain("La cloche a sonné avec votre vœu");
    expect(rang.body).toContain("Que la paix revienne dans chaque maison du port");
    expect(frenchVerse).not.toEqual(englishVerse);
    expect(rang.body).toContain(`Son circuit quantique a répondu, et ce poème a été écrit pour sa sonnerie :\n\n${indented(frenchVerse)}\n`);
    expect(rang.body).toContain(`http://localhost:5002/fr/bell/${ringId}`);
    expect(rang.body).toMatch(/\/mail\/stop\?t=[0-9a-f]{64}/);

    await expect.poll(async () => (await mailsTo(english)).length).toBe(2);
    const englishMails = await mailsTo(english);
    expect(englishMails.map((mail) => mail.kind)).toEqual(["wish-copy", "wish-rang"]);
    expect(englishMails[1].subject).toBe(`Your wish rang on ${SITE}`);
    expect(englishMails[1].body).toContain(`Its quantum circuit answered, and this verse was written for its ring:\n\n${indented(englishVerse)}\n`);
    expect(englishMails[1].body).toContain(`http://localhost:5002/bell/${ringId}`);

    expect((await mailsTo(hidden)).map((mail) => mail.kind)).toEqual(["wish-copy"]);
    expect((await mailsTo(withdrawn)).map((mail) => mail.kind)).toEqual(["wish-copy"]);

    // The cron racing the alarm over the finished ring sends nothing twice.
    await bellRoom(env).poll();
    expect((await mailsTo(french)).filter((mail) => mail.kind === "wish-rang")).toHaveLength(1);
  });

  it("is not sent to an address that used the one-click stop after writing", async () => {
    const stopped = address("stopped");
    const id = await wishFrom("fr", "Que les cloches des villages sonnent pour la paix", stopped);
    await expect.poll(async () => (await mailsTo(stopped)).length).toBe(1);
    // RFC 8058: the mail system POSTs the List-Unsubscribe address.
    const token = await mailStopToken(env, stopped);
    const unsubscribed = await call(`/api/mail/unsubscribe?t=${token}`, { method: "POST", rawBody: "List-Unsubscribe=One-Click", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(unsubscribed.status).toBeLessThan(300);
    await ringAll([id]);
    expect(await runDurableObjectAlarm(bellRoom(env))).toBe(true);
    expect((await mailsTo(stopped)).map((mail) => mail.kind)).toEqual(["wish-copy"]);
  });

  it("speaks the language of the page whose form posted the wish without JavaScript", async () => {
    const to = address("form");
    const response = await browserFetch("/fr?index", {
      form: { wish: "Que la mer reste calme pour les pêcheurs du nord", email: to },
      ip: freshIp(),
    });
    expect(response.status).toBe(302);
    const id = new URL(response.headers.get("Location")!, "http://localhost").searchParams.get("submitted")!;
    const row = await env.DB.prepare("SELECT locale FROM wishes WHERE id = ?").bind(id).first<{ locale: string }>();
    expect(row?.locale).toBe("fr");
    await ringAll([id]);
    expect(await runDurableObjectAlarm(bellRoom(env))).toBe(true);
    await expect.poll(async () => (await mailsTo(to)).map((mail) => mail.subject)).toEqual([`Votre vœu, de la part de ${SITE}`, `Votre vœu a sonné sur ${SITE}`]);
  });
});

describe("every visitor mail in the language of the page that sent it", () => {
  it("the friend mail follows the dialog's Accept-Language, the newsletter letter the form's /fr path", async () => {
    const friend = address("friend");
    const sent = await call("/api/send-wish-to-friend", {
      body: { wish: "Que la paix te trouve où que tu sois", friendEmail: friend, name: "Alex" },
      headers: { "Accept-Language": "fr" },
    });
    expect(sent.status).toBe(200);
    const [friendMail] = await mailsTo(friend);
    expect(friendMail.subject).toBe(`Un vœu de paix pour vous, de la part de ${isolate("Quantum Bell")}`);
    expect(friendMail.body).toContain("Ajoutez votre propre vœu et faites sonner la cloche : http://localhost:5002/fr");

    const reader = address("reader");
    const subscribed = await browserFetch("/fr/newsletter", { form: { email: reader } });
    expect(subscribed.status).toBe(200);
    const [letter] = await mailsTo(reader);
    expect(letter.subject).toBe(`Merci de confirmer votre abonnement à la lettre de ${SITE}`);
    expect(letter.body).toMatch(/http:\/\/localhost:5002\/fr\/newsletter\?token=[0-9a-f]{64}/);
    const stored = await env.DB.prepare("SELECT locale FROM newsletter_subscribers WHERE email = ?").bind(reader).first<{ locale: string }>();
    expect(stored?.locale).toBe("fr");
  });
});
