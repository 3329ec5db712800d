import { HOUR_MS } from "~/domain/limits";
import { monotonicFactory } from "ulidx";
import { CONTACT_HOURLY_LIMIT, contactSchema, fieldErrors } from "~/domain/contact";
import { database } from "../db/client.server";
import { contactMessages } from "../db/schema";
import { networkHashes } from "../edge/hashing.server";
import { hitNetworkLimit } from "../edge/rate-limit.server";
import { settingsOf } from "~/server/edge/settings.server";

const newId = monotonicFactory();

export type ContactResult =
  | { status: "sent" }
  | { status: "invalid"; errors: Record<string, string> }
  | { status: "rate-limited"; retryAfterSeconds: number };

/**
 * Stores a contact message for the operators (read in /admin). The sender's e-mail is kept only so we can reply:
 * no page or API ever shows it. The IP is kept as a keyed hash, for the hourly limit and nothing else.
 */
export async function submitContact(env: Env, request: Request, form: FormData): Promise<ContactResult> {
  const parsed = contactSchema.safeParse(Object.fromEntries([...form].filter(([, value]) => typeof value === "string")));
  if (!parsed.success) return { status: "invalid", errors: fieldErrors(parsed.error) };
  const network = await networkHashes(settingsOf(env).HASH_SECRET, request);
  const ipHash = network.network;
  const limit = await hitNetworkLimit(env, network, "contact", CONTACT_HOURLY_LIMIT, HOUR_MS);
  if (!limit.allowed) return { status: "rate-limited", retryAfterSeconds: limit.retryAfter };
  const { name, email, subject, message } = parsed.data;
  await database(env)
    .insert(contactMessages)
    .values({ id: newId(), name, email, subject, message, ipHash, createdAt: Date.now() });
  return { status: "sent" };
}
