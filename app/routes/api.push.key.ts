import { API } from "~/domain/contract/api";
import { PUSH_UNAVAILABLE } from "~/domain/messages";
import { apiRoute, serve } from "~/server/edge/api-route.server";
import { ApiError, ok } from "~/server/edge/http.server";
import { vapidPublicKey } from "~/server/push/push.server";

/** The VAPID public key a browser subscribes with (its `applicationServerKey`); 404 while push is not set up. */
export const loader = apiRoute(
  serve(API.pushKey, async ({ context }) => {
    const publicKey = vapidPublicKey(context.cloudflare.env);
    if (!publicKey) throw new ApiError(404, PUSH_UNAVAILABLE);
    return ok({ publicKey });
  }),
);
export const action = loader;
