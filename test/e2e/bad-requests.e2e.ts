import { request as httpRequest } from "node:http";
import { describe, expect, it } from "vitest";
import { queryLocal } from "../../scripts/lib/wrangler.mjs";
import { baseURL, persistDir } from "./support/browser";

// Issue 46, point 4, over real HTTP (a Request with a body on GET cannot even be built inside the Worker's runtime):
// odd requests are answered 4xx, and none is an uncaught error on /admin/operations.

const uncaught = (): number => {
  const rows = queryLocal("SELECT COALESCE(SUM(count), 0) AS n FROM error_counts WHERE code = 'uncaught'", persistDir()) as { n: number }[];
  return rows[0]!.n;
};

interface Sent {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Written as it is; chunked when no Content-Length is given. */
  body?: string;
  /** Breaks the connection after writing the body's first part, as an upload that is cut off. */
  abort?: boolean;
}

/** One raw request; resolves with its status, or 0 when the connection ended without an answer. */
function send({ method, path, headers = {}, body, abort }: Sent): Promise<number> {
  const target = new URL(path, baseURL());
  return new Promise((resolve) => {
    // A connection of its own (no agent): a refused body may leave a kept-alive one closed under the next request.
    const sent = httpRequest({ host: target.hostname, port: target.port, path: target.pathname + target.search, method, agent: false, headers: { Origin: baseURL(), ...headers } }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    sent.on("error", () => resolve(0));
    if (body !== undefined) sent.write(body);
    if (abort) {
      // Let the first part reach the Worker, then break the connection mid-body.
      setTimeout(() => sent.destroy(), 300);
      return;
    }
    sent.end();
  });
}

describe("requests the site cannot serve as asked", () => {
  it("a GET or HEAD with a body is a 400 on pages and the API, never an uncaught error", async () => {
    const before = uncaught();
    const withLength = (body: string) => ({ "Content-Length": String(Buffer.byteLength(body)), "Content-Type": "text/plain" });
    expect(await send({ method: "GET", path: "/", headers: withLength("hello"), body: "hello" })).toBe(400);
    // A chunked one may be dropped before the Worker sees it (the page is then served) or refused: never a 500.
    expect(await send({ method: "GET", path: "/about", headers: { "Transfer-Encoding": "chunked" }, body: "hello" })).toBeOneOf([200, 400]);
    expect(await send({ method: "HEAD", path: "/wall", headers: withLength("hello"), body: "hello" })).toBe(400);
    expect(await send({ method: "GET", path: "/api/stats", headers: withLength("{}"), body: "{}" })).toBe(400);
    // An empty body on a GET is no body at all.
    expect(await send({ method: "GET", path: "/about", headers: { "Content-Length": "0" }, body: "" })).toBe(200);
    expect(uncaught()).toBe(before);
  });

  it("GET /?_data= with a route that is not there is a 4xx, never an uncaught error", async () => {
    const before = uncaught();
    for (const data of ["x", "root", "routes/nothing", "%00"]) {
      const status = await send({ method: "GET", path: `/?_data=${data}` });
      expect(status, data).toBeGreaterThanOrEqual(400);
      expect(status, data).toBeLessThan(500);
    }
    expect(uncaught()).toBe(before);
  });

  it("an upload cut off mid-body is dropped without an uncaught error, and the next request is served", async () => {
    const before = uncaught();
    const form = { "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked" };
    const json = { "Content-Type": "application/json", "Content-Length": "4000" };
    await send({ method: "POST", path: "/contact", headers: form, body: "email=a%40example.org&message=", abort: true });
    await send({ method: "POST", path: "/api/wishes", headers: json, body: '{"wish":"May', abort: true });
    expect((await fetch(`${baseURL()}/api/stats`)).status).toBe(200);
    expect(uncaught()).toBe(before);
  });
});
