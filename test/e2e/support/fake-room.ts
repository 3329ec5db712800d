import type { Page } from "playwright-core";
import { expect } from "vitest";

/** The page's socket, answered by the test instead of the room: `send` gives the page a message. */
export async function fakeRoom(page: Page): Promise<{ connected: () => Promise<void>; send: (message: string) => void }> {
  let server: { send: (message: string) => void } | undefined;
  await page.routeWebSocket(/\/ws$/, (ws) => {
    server = ws;
  });
  return {
    connected: () => expect.poll(() => server !== undefined).toBe(true),
    send: (message) => server!.send(message),
  };
}
