/**
 * The fake IBM service (./ibm-fake.ts) behind real HTTP, for a Worker or a browser in another process. Besides IAM
 * (/identity/token) and the Runtime API (/api/v1/...) it answers a control API that tests use to steer it:
 *
 *   POST /__fake/reset          JSON IbmFakeScenario → 204; forgets jobs, calls, tokens and the rate window
 *   GET  /__fake/state          → { calls, jobs } (IbmFakeState)
 *   POST /__fake/advance-clock  JSON { ms } → { now } (the fake's clock, ms since the epoch)
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createIbmFake, parseScenario, type IbmFake, type IbmFakeScenario } from "./ibm-fake";

export interface IbmFakeServer {
  /** http://HOST:PORT */
  url: string;
  /** url + "/api/v1" */
  apiUrl: string;
  /** url + "/identity/token" */
  iamUrl: string;
  port: number;
  fake: IbmFake;
  close(): Promise<void>;
}

export interface IbmFakeServerOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** The scenario before the first reset. */
  scenario?: IbmFakeScenario;
}

const CONTROL = "/__fake/";
// Hop-by-hop and framing headers belong to this connection, not to the request the fake sees.
const SKIPPED_HEADERS = new Set(["host", "connection", "keep-alive", "transfer-encoding", "content-length"]);

export async function startIbmFakeServer(options: IbmFakeServerOptions = {}): Promise<IbmFakeServer> {
  const host = options.host ?? "127.0.0.1";
  const fake = createIbmFake(options.scenario);

  const server = createServer((req, res) => {
    serve(fake, req, res).catch(() => {
      // A scripted network error, or a caller that went away: drop the connection like a broken network does.
      res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;

  return {
    url,
    apiUrl: `${url}/api/v1`,
    iamUrl: `${url}/identity/token`,
    port,
    fake,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Hanging creations would otherwise hold close() open.
        server.closeAllConnections();
      }),
  };
}

async function serve(fake: IbmFake, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort(new Error("The caller closed the connection."));
  });
  const body = req.method === "GET" || req.method === "HEAD" ? undefined : await readBody(req);
  const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "127.0.0.1"}`);

  if (url.pathname.startsWith(CONTROL)) {
    return send(res, control(fake, req.method ?? "GET", url.pathname.slice(CONTROL.length), body));
  }
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (!SKIPPED_HEADERS.has(req.rawHeaders[i].toLowerCase())) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  }
  const request = new Request(url, { method: req.method, headers, body, signal: controller.signal });
  return send(res, await fake.handle(request, controller.signal));
}

function control(fake: IbmFake, method: string, action: string, body: Uint8Array | undefined): Response {
  let json: unknown;
  try {
    json = body?.length ? JSON.parse(new TextDecoder().decode(body)) : undefined;
  } catch {
    return Response.json({ error: "The body is not JSON." }, { status: 400 });
  }
  try {
    if (method === "POST" && action === "reset") {
      fake.reset(parseScenario(json));
      return new Response(null, { status: 204 });
    }
    if (method === "GET" && action === "state") return Response.json(fake.state());
    if (method === "POST" && action === "advance-clock") {
      const ms = (json as { ms?: unknown } | undefined)?.ms;
      if (typeof ms !== "number" || !Number.isFinite(ms)) throw new TypeError("advance-clock wants { ms: number }.");
      fake.advanceClock(ms);
      return Response.json({ now: fake.now() });
    }
  } catch (error) {
    return Response.json({ error: error instanceof Error ? error.message : String(error) }, { status: 400 });
  }
  return Response.json({ error: `No control endpoint ${method} /__fake/${action}` }, { status: 404 });
}

async function readBody(req: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  const reader = response.body?.getReader();
  for (let part = await reader?.read(); part && !part.done; part = await reader?.read()) res.write(part.value);
  res.end();
}
