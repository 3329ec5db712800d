import { createServer, type Server } from "node:http";

/**
 * A stand-in for the operator's alert webhook (a Slack or Discord incoming webhook, or any JSON endpoint): it takes
 * `POST /hooks/operator` with a JSON body, as those services do, answering 204 (Discord's answer) to a JSON object
 * and 400 to anything else, and keeps what it accepted for the test to read at `GET /__received` (and forget at
 * `DELETE /__received`).
 */
export const WEBHOOK_PATH = "/hooks/operator";

export interface ReceivedHook {
  contentType: string | undefined;
  body: Record<string, unknown>;
}

export function startWebhookServer({ port }: { port: number }): Promise<{ server: Server; close: () => Promise<void> }> {
  const received: ReceivedHook[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const answer = (status: number, body?: unknown) => {
      response.writeHead(status, body === undefined ? {} : { "Content-Type": "application/json" });
      response.end(body === undefined ? undefined : JSON.stringify(body));
    };
    if (url.pathname === "/__received") {
      if (request.method === "DELETE") received.length = 0;
      return answer(200, received);
    }
    if (request.method !== "POST" || url.pathname !== WEBHOOK_PATH) return answer(404, { message: "Unknown Webhook" });
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (text += chunk));
    request.on("end", () => {
      try {
        const body = JSON.parse(text) as unknown;
        if (typeof body !== "object" || body === null || Array.isArray(body)) return answer(400, { message: "Cannot send an empty message" });
        received.push({ contentType: request.headers["content-type"], body: body as Record<string, unknown> });
        answer(204);
      } catch {
        answer(400, { message: "The request body contains invalid JSON." });
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(port, "127.0.0.1", () => resolve({ server, close: () => new Promise((done) => server.close(() => done())) })),
  );
}
