import { DEFAULT_SITE_NAME } from "~/domain/site";

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

export type MailEnv = Env & {
  SEND_EMAIL?: SendEmail;
  MAIL_API_URL?: string;
  MAIL_API_KEY?: string;
  MAIL_FROM?: string;
};

const MAIL_API_TIMEOUT_MS = 10_000;

function fromAddress(env: MailEnv): { name: string; email: string } {
  const name = env.SITE_NAME || DEFAULT_SITE_NAME;
  if (env.MAIL_FROM) return { name, email: env.MAIL_FROM };
  let host = "localhost";
  try {
    host = new URL(env.SITE_URL).hostname;
  } catch {
    // A malformed SITE_URL still leaves a usable sender address.
  }
  return { name, email: `no-reply@${host}` };
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
  const url = env.MAIL_API_URL;
  if (url) {
    return {
      name: "http",
      async send({ to, subject, text, headers }) {
        const response = await fetcher(url, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            ...(env.MAIL_API_KEY ? { Authorization: `Bearer ${env.MAIL_API_KEY}` } : {}),
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
