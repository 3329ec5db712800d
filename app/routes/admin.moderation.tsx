import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AUTO_HIDE_REPORTS } from "~/domain/admin";
import { ActionNotice } from "~/components/admin/action-notice";
import { adminMeta } from "~/components/admin/admin-meta";
import * as styles from "~/components/admin/admin.css";
import { adminAction, formText, requireConfirmation, unknownIntent } from "~/server/admin/action.server";
import { DeleteForm } from "~/components/admin/delete-form";
import { deleteWishByOperator } from "~/server/privacy/erasure.server";
import { requireAdmin } from "~/server/admin/auth.server";
import { findWishForModeration, hideWish, moderationQueue, unhideWish } from "~/server/admin/moderation.server";
import type { ModerationItem } from "~/server/admin/moderation.server";

export const meta: MetaFunction = () => adminMeta("Moderation");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  await requireAdmin(request, env);
  const lookup = new URL(request.url).searchParams.get("id")?.trim() ?? "";
  const [queue, found] = await Promise.all([moderationQueue(env), lookup ? findWishForModeration(env, lookup) : null]);
  return { queue, lookup, found };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  return adminAction(request, env, async (form) => {
    const intent = formText(form, "intent");
    const id = formText(form, "id");
    if (intent === "hide") return (await hideWish(env, id)) ? `Wish ${id} is hidden.` : `Wish ${id} was already hidden.`;
    if (intent === "unhide") return (await unhideWish(env, id)) ? `Wish ${id} is visible again.` : `Wish ${id} was already visible.`;
    if (intent === "delete") {
      requireConfirmation(form);
      await deleteWishByOperator(env, id);
      return `Wish ${id} is deleted.`;
    }
    return unknownIntent();
  });
}

const dateTime = (ms: number) => new Date(ms).toISOString().replace("T", " ").slice(0, 16) + " UTC";

function ModerationButton({ item }: { item: ModerationItem }) {
  const intent = item.hidden ? "unhide" : "hide";
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={item.id} />
      <button type="submit" className={item.hidden ? styles.quietButton : styles.button} aria-label={`${item.hidden ? "Unhide" : "Hide"} wish ${item.id}`}>
        {item.hidden ? "Unhide" : "Hide"}
      </button>
    </Form>
  );
}

function WishRow({ item }: { item: ModerationItem }) {
  return (
    <tr>
      <td className={styles.wishText}>
        <p>{item.text}</p>
        <p className={styles.muted}>
          {item.name ?? "Anonymous"}
          {item.country ? ` · ${item.country}` : ""} · {item.theme} · {dateTime(item.createdAt)}
          <br />
          <span>id {item.id}</span>
        </p>
        {item.reasons.length > 0 ? (
          <ul aria-label="Reasons given">
            {item.reasons.map((reason, i) => (
              <li key={i}>{reason}</li>
            ))}
          </ul>
        ) : null}
      </td>
      <td>{item.reportCount}</td>
      <td>
        <span className={item.hidden ? styles.badge.bad : styles.badge.good}>{item.hidden ? "hidden" : "visible"}</span>
        <div className={styles.muted}>{item.status}</div>
      </td>
      <td>
        <ModerationButton item={item} />
        <DeleteForm intent="delete" fields={{ id: item.id }} label={`Delete wish ${item.id}`} />
      </td>
    </tr>
  );
}

function WishTable({ items, caption }: { items: ModerationItem[]; caption: string }) {
  return (
    <table className={styles.table}>
      <caption className={styles.muted}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Wish</th>
          <th scope="col">Reports</th>
          <th scope="col">State</th>
          <th scope="col">Action</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <WishRow key={item.id} item={item} />
        ))}
      </tbody>
    </table>
  );
}

export default function AdminModeration() {
  const { queue, lookup, found } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <>
      <h1>Moderation</h1>
      <ActionNotice result={result} />

      <section className={styles.section} aria-labelledby="find-title">
        <h2 id="find-title" className={styles.sectionTitle}>
          Find a wish by id
        </h2>
        <Form method="get" className={styles.form}>
          <div className={styles.field}>
            <label htmlFor="wish-id">Wish id</label>
            <input id="wish-id" className={styles.input} name="id" defaultValue={lookup} required autoComplete="off" spellCheck={false} />
          </div>
          <button type="submit" className={styles.quietButton}>
            Find
          </button>
        </Form>
        {lookup ? (
          found ? (
            <WishTable items={[found]} caption={`The wish with id ${found.id}`} />
          ) : (
            <p role="alert" className={styles.notice.error}>
              {`No wish has the id ${lookup}.`}
            </p>
          )
        ) : null}
      </section>

      <section className={styles.section} aria-labelledby="queue-title">
        <h2 id="queue-title" className={styles.sectionTitle}>
          Review queue
        </h2>
        <p className={styles.muted}>
          Reported and hidden wishes, most reported first. A wish reported by {AUTO_HIDE_REPORTS} visitors is hidden
          automatically until you review it.
        </p>
        {queue.length === 0 ? (
          <p>Nothing to review: no wish has been reported or hidden.</p>
        ) : (
          <WishTable items={queue} caption={`${queue.length} wishes to review`} />
        )}
      </section>
    </>
  );
}
