import { isLocale, DEFAULT_LOCALE, localizePath, type Locale } from "~/domain/locale";
import { ANONYMOUS_NAME, mailStopLine } from "~/domain/messages";
import { storyOf, storySentence } from "~/domain/provider-story";
import type { FriendWish } from "~/domain/wish";
import { isolate, isolating } from "~/domain/bidi";
import type { Translate } from "~/domain/messages";
import { translatorFor } from "~/i18n/catalogues.server";
import { settingsOf } from "../edge/settings.server";

/**
 * Every mail a visitor's action sends, written in the language stored with what triggered it (the wish's, the
 * subscription's, the friend form's page): one module, so a letter cannot be added in English only. Every name, the
 * site's and a visitor's, and every visitor's words are isolated (ADR 0096): an Arabic letter keeps its own order
 * around "Quantum Bell" and an English wish.
 */
export interface Letter {
  subject: string;
  body: string;
}

type SiteEnv = Env;

/** A stored locale, read defensively: rows from before migration 0022 have none and are English. */
export function letterLocale(value: string | null | undefined): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

const siteName = (env: SiteEnv) => settingsOf(env).SITE_NAME;
const siteBase = (env: SiteEnv) => settingsOf(env).SITE_URL;

/** The letter's translator: its language, each value isolated (addresses stay bare, so mail clients still link them). */
const letterTranslator = (locale: Locale): Translate => isolating(translatorFor(locale));

/** A visitor's words on a line of their own, indented and quoted, in their own direction. */
const quoted = (words: string) => `    "${isolate(words)}"`;

/** A page of the site in the letter's language ("/bell/x" → "https://…/fr/bell/x"). */
export function siteLink(env: SiteEnv, path: string, locale: Locale): string {
  return `${siteBase(env)}${localizePath(path, locale)}`;
}

export function friendWishLetter(env: SiteEnv, locale: Locale, input: FriendWish, stopUrl: string): Letter {
  const t = letterTranslator(locale);
  const sender = input.name ?? t("A friend");
  const lines = [t("Hello,"), "", t("{sender} sent you a wish for peace from {siteName}:", { sender, siteName: siteName(env) }), "", quoted(input.wish), ""];
  if (input.message) lines.push(input.name ? t("{name} adds:", { name: input.name }) : t("They add:"), "", isolate(input.message), "");
  lines.push(
    `${t("{siteName} is a digital wishing well.", { siteName: siteName(env) })} ${storySentence(t, storyOf(settingsOf(env).QUANTUM_PROVIDER), "shareLine")}`,
    t("Add your own wish and ring the bell: {url}", { url: siteLink(env, "/", locale) }),
    "",
    t("You received this message because someone entered your address on our site. We keep no list of it."),
    mailStopLine(t, stopUrl),
  );
  // The subject is the site's own words only: a sender's name in it would let anyone write a stranger's subject line.
  return { subject: t("A wish for peace for you, from {siteName}", { siteName: siteName(env) }), body: lines.join("\n") };
}

export function wishCopyLetter(env: SiteEnv, locale: Locale, wish: { text: string; name: string | null }, stopUrl: string): Letter {
  const t = letterTranslator(locale);
  const body = [
    t("Dear {name},", { name: wish.name || t(ANONYMOUS_NAME) }),
    "",
    t("Thank you for sending your wish into the universe with {siteName}. Here it is, as you wrote it:", { siteName: siteName(env) }),
    "",
    quoted(wish.text),
    "",
    t("It waits on the Wish Wall with wishes from around the world until the next ring of the bell entangles it with them."),
    t("We will write once more when a ring takes it, with the line the bell answered."),
    t("Visit the bell: {url}", { url: siteLink(env, "/", locale) }),
    "",
    t("You received this message because you asked for a copy of your wish."),
    mailStopLine(t, stopUrl),
  ].join("\n");
  return { subject: t("Your wish, from {siteName}", { siteName: siteName(env) }), body };
}

/** "Your wish rang": the second of the two mails a wish with an address brings, sent once a ring takes it. */
export function wishRangLetter(
  env: SiteEnv,
  locale: Locale,
  /** `verse`: the ring's verse in `locale` (ADR 0091), a line each. */
  wish: { text: string; name: string | null; ringId: string; verse: readonly string[] },
  stopUrl: string,
): Letter {
  const t = letterTranslator(locale);
  const body = [
    t("Dear {name},", { name: wish.name || t(ANONYMOUS_NAME) }),
    "",
    t("The bell has rung with your wish:"),
    "",
    quoted(wish.text),
    "",
    t("Its quantum circuit answered, and this verse was written for its ring:"),
    "",
    ...wish.verse.map((line) => `    ${line}`),
    "",
    t("See the ring and the wishes it joined: {url}", { url: siteLink(env, `/bell/${wish.ringId}`, locale) }),
    "",
    t("You received this message because you asked for a copy of your wish."),
    mailStopLine(t, stopUrl),
  ].join("\n");
  return { subject: t("Your wish rang on {siteName}", { siteName: siteName(env) }), body };
}

export function confirmationLetter(env: SiteEnv, locale: Locale, confirmUrl: string, stopUrl: string): Letter {
  const t = letterTranslator(locale);
  const name = siteName(env);
  return {
    subject: t("Please confirm your {siteName} newsletter subscription", { siteName: name }),
    body: [
      t("Hello,"),
      "",
      t("Someone, hopefully you, asked to receive the {siteName} newsletter at this address.", { siteName: name }),
      t("To confirm, open this link:"),
      "",
      confirmUrl,
      "",
      t("If it was not you, ignore this message: without confirmation nothing is sent and the address is forgotten."),
      "",
      t("With hope, the {siteName} team", { siteName: name }),
      "",
      mailStopLine(t, stopUrl),
    ].join("\n"),
  };
}
