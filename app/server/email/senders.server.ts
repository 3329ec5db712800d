import { settingsOf } from "~/server/edge/settings.server";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Extra headers (the RFC 8058 unsubscribe pair); never user text. */
  headers?: Record<string, string>;
}

export interface MailSender {
  /** Shown to the admin: which way mail leaves this site. */
  name: "send_email" | "http";
  send(message: MailMessage): Promise<void>;
}

/** The mail settings come parsed from the env (app/server/edge/settings.server.ts); SEND_EMAIL is a binding. */
export type MailEnv = Env;

const MAIL_API_TIMEOUT_MS = 10_000;

function fromAddress(env: MailEnv): { name: string; email: string } {
  const { SITE_NAME: name, MAIL_FROM, SITE_URL } = settingsOf(env);
  return { name, email: MAIL_FROM ?? `no-reply@${new URL(SITE_URL).hostname}` };
}

/**
 * The configured way out: Cloudflare's `send_email` binding when bound, else an HTTP mail API, else none (mail
 * is then held in the outbox for the admin to read).
 */
export function mailSender(env: MailEnv, fetcher: typeof fetch = fetch): MailSender | null {
  const from = fromAddress(env);
  const binding = env.SEND_EMAIL;
  if (binding) {
    return {
      name: "send_email",
      async send({ to, subject, text, headers }) {
        await binding.send({ from, to, subject, text, headers });
      },
    };
  }
  const { MAIL_API_URL: url, MAIL_API_KEY: key } = settingsOf(env);
  if (url) {
    return {
      name: "http",
      async send({ to, subject, text, headers }) {
        const response = await fetcher(url, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            ...(key ? { Authorization: `Bearer ${key}` } : {}),
          },
          body: JSON.stringify({ from: `${from.name} <${from.email}>`, to, subject, text, ...(headers ? { headers } : {}) }),
          signal: AbortSignal.timeout(MAIL_API_TIMEOUT_MS),
        });
        if (!response.ok) throw new Error(`The mail API answered ${response.status}.`);
      },
    };
  }
  return null;
}
