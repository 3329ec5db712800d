import { data } from "@remix-run/cloudflare";
import { ApiError } from "../edge/http.server";
import { requireAdminAction } from "./auth.server";
import { readFormData } from "../edge/request.server";
import { ADMIN_ACTION_UNKNOWN } from "~/domain/messages";
import { errorSentence } from "~/domain/app-error";
import { DEFAULT_LOCALE } from "~/domain/locale";
import { translatorFor } from "~/i18n/catalogues.server";

export interface ActionResult {
  ok: boolean;
  message: string;
}

/**
 * Runs one admin form action: refuses cross-site and signed-out requests first, then answers the form with a
 * sentence to show (a refusal from the rules keeps its status, so tests and tools can tell it from a success).
 */
export async function adminAction(request: Request, env: Env, run: (form: FormData) => Promise<string>) {
  await requireAdminAction(request, env);
  const form = await readFormData(request);
  try {
    return data<ActionResult>({ ok: true, message: await run(form) });
  } catch (error) {
    // The admin speaks English only; its own sentences (some in no visitor catalogue) read as written.
    if (error instanceof ApiError) return data<ActionResult>({ ok: false, message: errorSentence(translatorFor(DEFAULT_LOCALE), error.error) }, { status: error.status });
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
