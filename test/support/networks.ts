import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { KNOWN_NETWORK_MIN_AGE_MS } from "~/domain/admin";
import { freshIp, submit } from "./api";

/** A fresh network the site has known for two days (a wish that old): its reports count toward hiding. */
export async function knownNetwork(): Promise<string> {
  const ip = freshIp();
  const { status, json } = await submit({ wish: "May every reader here find a kind word today" }, ip);
  expect(status).toBe(201);
  await env.DB.prepare("UPDATE wishes SET created_at = created_at - ? WHERE id = ?").bind(2 * KNOWN_NETWORK_MIN_AGE_MS, json.wishId).run();
  return ip;
}
