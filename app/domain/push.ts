import "./zod-config";
import { z } from "zod";
import { onFirstUse } from "./on-first-use";
import { PUSH_ENDPOINT_REFUSED, PUSH_FAILED, REQUEST_BODY_INVALID } from "./messages";

/**
 * "Tell me when my wish rings" by Web Push (docs/product.md#the-loop-back, ADR 0059): what a browser's subscription must look like, and
 * which push services the site will send to.
 */

/** Hosts of the browsers' own push services (Chrome/Edge via FCM, Firefox autopush, Windows WNS, Safari/Apple). */
export const BROWSER_PUSH_HOSTS = ["fcm.googleapis.com", ".push.services.mozilla.com", ".notify.windows.com", ".push.apple.com"] as const;

/**
 * A subscription's endpoint is a URL the server will POST to, so it is accepted only on HTTPS and on a known push
 * service (or one the operator names in PUSH_SERVICE_HOSTS): the site is never made to post to anyone else.
 */
export function pushEndpointAllowed(endpoint: string, extraHosts: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" || url.username || url.password) return false;
  const host = url.host.toLowerCase();
  return [...BROWSER_PUSH_HOSTS, ...extraHosts].some((known) => (known.startsWith(".") ? host.endsWith(known) : host === known.toLowerCase()));
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
/** A P-256 public key, uncompressed (65 bytes: 87 base64url characters), and a 16-byte secret (22 characters). */
const P256DH_LENGTH = 87;
const AUTH_LENGTH = 22;
export const PUSH_ENDPOINT_MAX_LENGTH = 1024;

const pushKey = onFirstUse(() =>
  z
    .string({ error: PUSH_FAILED })
    .regex(BASE64URL, { error: PUSH_FAILED })
    .transform((key) => key.replace(/=+$/, "")),
);

export const pushSubscriptionSchema = onFirstUse(() =>
  z.object(
    {
      // Every refusal says a sentence of the catalogues, never zod's own English (docs/api.md#errors).
      endpoint: z.string({ error: PUSH_ENDPOINT_REFUSED }).max(PUSH_ENDPOINT_MAX_LENGTH, { error: PUSH_ENDPOINT_REFUSED }).url({ error: PUSH_ENDPOINT_REFUSED }),
      keys: z.object(
        {
          p256dh: pushKey.refine((key) => key.length === P256DH_LENGTH && key.startsWith("B"), { error: PUSH_FAILED }),
          auth: pushKey.refine((key) => key.length === AUTH_LENGTH, { error: PUSH_FAILED }),
        },
        { error: PUSH_FAILED },
      ),
    },
    { error: REQUEST_BODY_INVALID },
  ),
);
export type PushSubscriptionInput = z.output<typeof pushSubscriptionSchema>;

/**
 * What the service worker is sent: the page to open and the words to show, already in the wish's language, with that
 * language and its direction, so an Arabic notice reads from the right whatever the device's own language (ADR 0096).
 */
export interface RingPushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
  lang: string;
  dir: "ltr" | "rtl";
}

/** A push the browser need not receive after a day: the ring is on its page whenever they come back. */
export const RING_PUSH_TTL_SECONDS = 24 * 60 * 60;
