import { data } from "@remix-run/cloudflare";
import { ApiError } from "../edge/http.server";
import { requireAdminAction } from "./auth.server";
import { readFormData } from "../edge/request.server";
import { ADMIN_ACTION_UNKNOWN } from "~/domain/messages";
import { errorSentence } from "~/domain/app-error";
import { DEFAULT_LOCALE } from "~/domain/locale";
import { translatorFor } from "~/i18n/catalogues.server";
import { addressTarget, recordAdminAction } from "./audit.server";

export interface ActionResult {
  ok: boolean;
  message: string;
}

/** The admin page a form posted to, as the audit trail names it: /admin is the dashboard. */
function section(request: Request): string {
  return new URL(request.url).pathname.replace(/^\/admin\/?/, "").replace(/\/.*/, "") || "dashboard";
}

/** What an action was taken on: a wish or message id, a ring, or an address by its keyed hash (ADR 0112). */
const ID_KINDS: Record<string, string> = { moderation: "wish", messages: "message" };

async function targetOf(env: Env, request: Request, form: FormData): Promise<string | null> {
  const email = formText(form, "email");
  if (email) return addressTarget(env, email);
  const ring = formText(form, "ringId");
  if (ring) return `ring ${ring}`;
  const id = formText(form, "id");
  return id ? `${ID_KINDS[section(request)] ?? "item"} ${id}` : null;
}

/**
 * Runs one admin form action: refuses cross-site and signed-out requests first, then answers the form with a
 * sentence to show (a refusal from the rules keeps its status, so tests and tools can tell it from a success).
 * Each action that ran, done or refused by the rules, is one row of the audit trail.
 */
export async function adminAction(request: Request, env: Env, run: (form: FormData) => Promise<string>) {
  const actor = await requireAdminAction(request, env);
  const form = await readFormData(request);
  const audit = async (outcome: string) =>
    recordAdminAction(env, { actor, action: `${section(request)}: ${formText(form, "intent") || "(none)"}`, target: await targetOf(env, request, form), outcome });
  try {
    const message = await run(form);
    await audit(message);
    return data<ActionResult>({ ok: true, message });
  } catch (error) {
    // The admin speaks English only; its own sentences (some in no visitor catalogue) read as written.
    if (error instanceof ApiError) {
      const message = errorSentence(translatorFor(DEFAULT_LOCALE), error.error);
      await audit(`refused (${error.status}): ${message}`);
      return data<ActionResult>({ ok: false, message }, { status: error.status });
    }
    await audit("failed: the server met an error (see the log of this request id)");
    throw error;
  }
}

export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
}

export function unknownIntent(): never {
  throw new ApiError(400, ADMIN_ACTION_UNKNOWN);
}

export const DELETION_NOT_CONFIRMED = "Tick \"Delete for good\" to confirm: nothing was deleted.";

/** A deletion runs only with its form's confirmation box ticked. */
export function requireConfirmation(form: FormData): void {
  if (formText(form, "confirm") !== "yes") throw new ApiError(400, DELETION_NOT_CONFIRMED);
}
