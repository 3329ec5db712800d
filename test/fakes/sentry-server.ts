import { createServer, type Server } from "node:http";

/**
 * A stand-in Sentry ingest for tests, built from Sentry's published envelope format
 * (https://develop.sentry.dev/sdk/data-model/envelopes/): `POST /api/{project_id}/envelope/`, authenticated by the
 * DSN's public key (`sentry_key` in the query or `X-Sentry-Auth`), a body of newline-separated JSON: the envelope
 * header, then for each item its header and payload. It keeps what it accepted for the test to read at
 * `GET /__envelopes` (and forget at `DELETE /__envelopes`).
 */
export const SENTRY_PUBLIC_KEY = "0123456789abcdef0123456789abcdef";
export const SENTRY_PROJECT = "4507";

export interface ReceivedEnvelope {
  header: { event_id?: string; sent_at?: string; dsn?: string; sdk?: { name: string } };
  items: { header: { type: string; length?: number }; payload: Record<string, unknown> }[];
}

function parseEnvelope(body: string): ReceivedEnvelope {
  const lines = body.split("\n");
  const header = JSON.parse(lines.shift()!) as ReceivedEnvelope["header"];
  const items: ReceivedEnvelope["items"] = [];
  while (lines.length > 0 && lines[0] !== "") {
    const itemHeader = JSON.parse(lines.shift()!) as { type: string; length?: number };
    items.push({ header: itemHeader, payload: JSON.parse(lines.shift() ?? "{}") as Record<string, unknown> });
  }
  return { header, items };
}

function authenticated(url: URL, auth: string | undefined): boolean {
  return url.searchParams.get("sentry_key") === SENTRY_PUBLIC_KEY || (auth ?? "").includes(`sentry_key=${SENTRY_PUBLIC_KEY}`);
}

export function startSentryServer({ port }: { port: number }): Promise<{ server: Server; close: () => Promise<void> }> {
  const received: ReceivedEnvelope[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === "/__envelopes") {
      if (request.method === "DELETE") received.length = 0;
      return answer(200, received);
    }
    if (request.method !== "POST" || url.pathname !== `/api/${SENTRY_PROJECT}/envelope/`) return answer(404, { detail: "not found" });
    if (!authenticated(url, request.headers["x-sentry-auth"] as string | undefined)) return answer(401, { detail: "missing authorization" });
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      try {
        const envelope = parseEnvelope(body);
        if (!envelope.header.event_id && !envelope.header.sent_at) return answer(400, { detail: "invalid envelope header" });
        received.push(envelope);
        answer(200, { id: envelope.header.event_id });
      } catch {
        answer(400, { detail: "invalid envelope" });
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(port, "127.0.0.1", () => resolve({ server, close: () => new Promise((done) => server.close(() => done())) })),
  );
}
