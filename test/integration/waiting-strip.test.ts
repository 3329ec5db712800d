import { env, exports } from "cloudflare:workers";
import { expect, it } from "vitest";
import { WAITING_STRIP_SIZE } from "~/domain/distinct-networks";
import { call, freshIp, ORIGIN, submit } from "../support/api";

/** The waiting strip's lines as the home page renders them on the server. */
async function stripLines(): Promise<string[]> {
  const html = await (await exports.default.fetch(`${ORIGIN}/`)).text();
  const section = html.slice(html.indexOf('id="pending-title"'));
  const list = section.slice(section.indexOf("<ol"), section.indexOf("</ol>"));
  return [...list.matchAll(/<li[^>]*>[\s\S]*?<\/li>/g)].map((match) => match[0]);
}

it("the waiting strip lists one wish per network: a network that writes five holds one line of five", async () => {
  await env.DB.prepare("UPDATE wishes SET status = 'entangled' WHERE status = 'pending'").run();
  const others = ["harbour", "orchard", "valley"];
  for (const place of others) expect((await submit({ wish: `May the ${place} wake to a gentle morning` }, freshIp())).status).toBe(201);
  const flooder = freshIp();
  for (let i = 0; i < WAITING_STRIP_SIZE; i += 1) expect((await submit({ wish: `May the flooding network hold the strip, take ${"abcde"[i]}` }, flooder)).status).toBe(201);

  const lines = await stripLines();
  expect(lines.filter((line) => line.includes("flooding network"))).toHaveLength(1);
  for (const place of others) expect(lines.some((line) => line.includes(`May the ${place} wake`))).toBe(true);
  // The queue itself is untouched: every waiting wish is still counted and listed by the API, oldest first.
  const pending = await call<{ wishes: { id: string }[] }>("/api/wishes/status/pending");
  expect(pending.json.wishes).toHaveLength(others.length + WAITING_STRIP_SIZE);
});
