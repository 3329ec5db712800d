import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, NavLink, Outlet, useLoaderData } from "@remix-run/react";
import * as styles from "~/components/admin/admin.css";
import { container } from "~/styles/layout.css";
import { isAdmin } from "~/server/admin/auth.server";

export const headers: HeadersFunction = () => ({
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { signedIn: await isAdmin(request, context.cloudflare.env) };
}

const SECTIONS = [
  { to: "/admin", label: "Dashboard", end: true },
  { to: "/admin/operations", label: "Operations", end: false },
  { to: "/admin/moderation", label: "Moderation", end: false },
  { to: "/admin/outbox", label: "Outbox", end: false },
  { to: "/admin/messages", label: "Messages", end: false },
  { to: "/admin/subscribers", label: "Subscribers", end: false },
  { to: "/admin/audit", label: "Audit trail", end: false },
] as const;

export default function AdminLayout() {
  const { signedIn } = useLoaderData<typeof loader>();
  return (
    <div className={`${container} ${styles.shell}`}>
      {signedIn ? (
        <nav className={styles.nav} aria-label="Admin">
          <ul className={styles.navList}>
            {SECTIONS.map((section) => (
              <li key={section.to}>
                <NavLink to={section.to} end={section.end} className={styles.navLink}>
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <Form method="post" action="/admin/logout">
            <button type="submit" className={styles.quietButton}>
              Sign out
            </button>
          </Form>
        </nav>
      ) : null}
      <Outlet />
    </div>
  );
}
