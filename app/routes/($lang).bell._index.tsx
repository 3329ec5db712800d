import { replace } from "@remix-run/cloudflare";

/** /bell on its own has nothing to show: the bell lives on the home page. A 302 that replaces the history entry. */
export function loader() {
  return replace("/");
}

// A component makes this a page route, so links to /bell inside the app redirect on the client too.
export default function BellIndex() {
  return null;
}
