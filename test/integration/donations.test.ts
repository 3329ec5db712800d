import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DONATION_SETTINGS } from "~/domain/donations";
import { builtWorker as worker } from "../support/build";

// Each donation page is the operator's setting (ADR 0113): an unset one shows no tile on /gift, and with none set the
// page says so instead of linking anywhere.
async function gift(change: Record<string, string>): Promise<string> {
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request("http://localhost/gift") as Parameters<typeof worker.fetch>[0], { ...env, ...change } as Env, ctx);
  await waitOnExecutionContext(ctx);
  expect(response.status).toBe(200);
  return response.text();
}

describe("the donation pages on /gift", () => {
  it("shows a tile only for each page that is set", async () => {
    const html = await gift({ DONATE_PAYPAL_URL: "https://www.paypal.com/paypalme/bell-trust", DONATE_PATREON_URL: "" });
    expect(html).toContain('href="https://www.paypal.com/paypalme/bell-trust"');
    expect(html).not.toContain("patreon.com");
    expect(html).toContain("buymeacoffee.com/quantumbell");
  });

  it("links nowhere, and says so, when no page is set", async () => {
    const html = await gift(Object.fromEntries(DONATION_SETTINGS.map((name) => [name, ""])));
    expect(html).toContain("No donation page is set up on this site yet.");
    for (const host of ["paypal.com", "stripe.com", "patreon.com", "coinbase.com", "buymeacoffee.com"]) expect(html).not.toContain(host);
  });

  it("hides a page whose setting is not an https URL", async () => {
    const html = await gift({ DONATE_STRIPE_URL: "http://donate.stripe.com/insecure" });
    expect(html).not.toContain("donate.stripe.com");
  });
});
