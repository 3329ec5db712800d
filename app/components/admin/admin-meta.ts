import type { MetaDescriptor } from "@remix-run/cloudflare";

/** Every admin page: its own title, and kept out of search engines. */
export function adminMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} | Admin | Quantum Bell` }, { name: "robots", content: "noindex, nofollow" }];
}
