import type { z } from "zod";
import type { pushSubscriptionSchema } from "~/domain/push";
import { callApi } from "~/lib/api-client";

/**
 * "Tell me when my wish rings" in the browser: loaded only when the visitor presses the button, so neither this nor
 * the service worker weighs on a page's first load (docs/product.md#the-loop-back, ADR 0059).
 */
export type PushOutcome = "subscribed" | "denied" | "unavailable" | "failed";

export const PUSH_WORKER_PATH = "/push-sw.js";

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export async function subscribeToRing(wishId: string, deviceFingerprint: string): Promise<PushOutcome> {
  const key = await callApi("pushKey");
  if (!key.ok) return "unavailable";
  const { publicKey } = key.data;
  if ((await Notification.requestPermission()) !== "granted") return "denied";
  await navigator.serviceWorker.register(PUSH_WORKER_PATH, { scope: "/" });
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const result = await callApi("subscribePush", {
    params: { id: wishId },
    body: { deviceFingerprint, subscription: subscription.toJSON() as z.input<typeof pushSubscriptionSchema> },
  });
  return result.ok ? "subscribed" : "failed";
}
