// `node scripts/vapid-keys.mjs`: a new VAPID key pair (RFC 8292) for Web Push, as the operator sets it
// (`wrangler secret put VAPID_PRIVATE_KEY`; VAPID_PUBLIC_KEY as a secret or a variable). Generate it once: browsers
// subscribed with one public key are not reached when it changes.
import { createECDH } from "node:crypto";

const pair = createECDH("prime256v1");
pair.generateKeys();
console.log(`VAPID_PUBLIC_KEY="${pair.getPublicKey().toString("base64url")}"`);
console.log(`VAPID_PRIVATE_KEY="${pair.getPrivateKey().toString("base64url")}"`);
