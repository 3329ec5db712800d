import { parseCookie } from "cookie";

/** One cookie of a request, as the browser sent it, or undefined: the one reader of the Cookie header. */
export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("Cookie");
  return header ? parseCookie(header)[name] : undefined;
}
