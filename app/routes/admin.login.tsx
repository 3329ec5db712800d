import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { adminMeta } from "~/components/admin/admin-meta";
import * as styles from "~/components/admin/admin.css";
import { attemptLogin, isAdmin, refuseCrossSite } from "~/server/admin/auth.server";
import { recordAdminAction } from "~/server/admin/audit.server";
import { readFormData } from "~/server/edge/request.server";

export const meta: MetaFunction = () => adminMeta("Sign in");

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await isAdmin(request, context.cloudflare.env)) throw redirect("/admin");
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  refuseCrossSite(request, env);
  const form = await readFormData(request);
  const password = form.get("password");
  const outcome = await attemptLogin(request, env, typeof password === "string" ? password : "");
  if (!outcome.ok) return data({ error: outcome.error }, { status: outcome.status });
  await recordAdminAction(env, { actor: outcome.actor, action: "sign-in", outcome: "Signed in with the password." });
  throw redirect("/admin", { headers: outcome.headers });
}

export default function AdminLogin() {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className={styles.loginCard} aria-labelledby="admin-login-title">
      <h1 id="admin-login-title">Admin sign-in</h1>
      <div className={styles.field}>
        <label htmlFor="admin-password">Password</label>
        <input
          id="admin-password"
          className={styles.input}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          aria-invalid={result?.error ? true : undefined}
          aria-describedby={result?.error ? "admin-login-error" : undefined}
        />
      </div>
      {result?.error ? (
        <p id="admin-login-error" role="alert" className={styles.notice.error}>
          {result.error}
        </p>
      ) : null}
      <button type="submit" className={styles.button} disabled={busy}>
        {busy ? "Signing in…" : "Sign in"}
      </button>
    </Form>
  );
}
