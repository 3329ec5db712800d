import type { z } from "zod";
import type { IamTokenSource } from "./ibm-auth";
import { RequestTimeoutError, withDeadline } from "./timeout";
import { ProviderError } from "./types";

/**
 * The one place the Qiskit Runtime REST version is pinned. 2026-04-15 is what IBM's own client sends
 * (qiskit-ibm-runtime 0.48, `api/rest/base.py`); its job metrics report `usage.qpu_charge_time_seconds`, which
 * reads 0 with `usage.status` "pending" until IBM settles it.
 */
export const IBM_API_VERSION = "2026-04-15";
const DEFAULT_RETRY_AFTER_SECONDS = 1;
const USAGE_EXCEEDED = /usage exceeds instance limit/i;
const MAX_DETAIL_LENGTH = 200;

export interface CallOptions {
  /** Overrides the deadline of this one call (job creation gets a long one, as in IBM's client). */
  timeoutMs?: number;
}

export interface IbmApi {
  get<T>(path: string, shape: z.ZodType<T>, options?: CallOptions): Promise<T>;
  /** With no `shape`, any successful answer (204 included) is accepted and its body ignored. */
  post<T>(path: string, body: unknown, shape: z.ZodType<T> | null, options?: CallOptions): Promise<T | undefined>;
}

export interface IbmApiOptions {
  tokens: IamTokenSource;
  instanceCrn: string;
  apiUrl: string;
  fetch: typeof fetch;
  now: () => number;
  /** Strings that must never appear in an error message (the API key). */
  secrets: string[];
  /** Each call, answer body included, is given up on after this long (a retryable ProviderError). */
  timeoutMs: number;
}

/**
 * Qiskit Runtime REST calls with the headers every call needs. A 401 refreshes the token and retries once. Nothing
 * here sleeps: a 429 becomes a retryable ProviderError carrying Retry-After, so the caller (the BellRoom, which runs
 * one task at a time) schedules the next attempt instead of waiting. Every other failure says whether trying again
 * can help, and a POST that got no answer says that its outcome is unknown.
 */
export function createIbmApi(options: IbmApiOptions): IbmApi {
  const redact = (text: string) =>
    options.secrets.reduce((out, secret) => (secret ? out.split(secret).join("[redacted]") : out), text);

  const retryAfterSeconds = (response: Response): number => {
    const header = response.headers.get("Retry-After")?.trim() ?? "";
    if (/^\d+(\.\d+)?$/.test(header)) return Number(header);
    const date = Date.parse(header);
    return Number.isNaN(date) ? DEFAULT_RETRY_AFTER_SECONDS : Math.max(0, (date - options.now()) / 1000);
  };

  const failure = async (response: Response, label: string, mayHaveLanded: boolean): Promise<ProviderError> => {
    const body = await response.text().catch(() => "");
    if (response.status === 409 && USAGE_EXCEEDED.test(body)) {
      return new ProviderError("The quantum instance has used up its time.", false, undefined, false, 409);
    }
    const detail = redact(apiErrorMessage(body)).slice(0, MAX_DETAIL_LENGTH);
    const suffix = detail ? `: ${detail}` : "";
    const { status } = response;
    if (status >= 500 || status === 408) {
      // IBM's front end (Cloudflare) answers 52x after giving up on the origin, which may have made the job anyway.
      return new ProviderError(`IBM Quantum had a server error on ${label} (HTTP ${status})${suffix}`, true, undefined, mayHaveLanded, status);
    }
    if (status === 401 || status === 403) {
      return new ProviderError(`IBM Quantum refused our credentials on ${label} (HTTP ${status})${suffix}`, false, undefined, false, status);
    }
    return new ProviderError(`IBM Quantum rejected ${label} (HTTP ${status})${suffix}`, false, undefined, false, status);
  };

  const request = async <T>(
    method: "GET" | "POST",
    path: string,
    body: unknown,
    shape: z.ZodType<T> | null,
    timeoutMs: number,
  ): Promise<T | undefined> => {
    const label = `${method} ${path.split("?")[0]}`;
    // A POST that may have reached IBM can have created something, although we never saw the answer.
    const mayHaveLanded = method === "POST";
    let refreshedToken = false;
    for (;;) {
      const token = await options.tokens.token();
      const outcome = await withDeadline(timeoutMs, async (signal) => {
        const response = await options
          .fetch(`${options.apiUrl}${path}`, {
            method,
            headers: {
              Authorization: `Bearer ${token}`,
              "Service-CRN": options.instanceCrn,
              "IBM-API-Version": IBM_API_VERSION,
              Accept: "application/json",
              ...(body === undefined ? {} : { "Content-Type": "application/json" }),
            },
            body: body === undefined ? undefined : JSON.stringify(body),
            signal,
          })
          .catch((error: unknown) => {
            if (signal.aborted) throw signal.reason;
            const reason = error instanceof Error ? redact(error.message) : "network error";
            throw new ProviderError(`IBM Quantum could not be reached on ${label} (${reason}).`, true, undefined, mayHaveLanded);
          });
        // The body is read inside the deadline too: an answer can stall halfway.
        if (response.ok) return { ok: true as const, parsed: shape ? await parseBody(response, label, shape, mayHaveLanded) : undefined };
        return { ok: false as const, response };
      }).catch((error: unknown) => {
        if (error instanceof RequestTimeoutError) {
          throw new ProviderError(`IBM Quantum did not answer ${label} in time (${error.message}).`, true, undefined, mayHaveLanded);
        }
        throw error;
      });
      if (outcome.ok) return outcome.parsed;
      const { response } = outcome;

      if (response.status === 401 && !refreshedToken) {
        refreshedToken = true;
        options.tokens.invalidate();
        continue;
      }
      if (response.status === 429) {
        await response.body?.cancel();
        throw new ProviderError(`IBM Quantum is rate limiting ${label}; try again later.`, true, retryAfterSeconds(response), false, 429);
      }
      throw await withDeadline(timeoutMs, () => failure(response, label, mayHaveLanded)).catch((error: unknown) =>
        error instanceof RequestTimeoutError
          ? new ProviderError(`IBM Quantum did not finish its error answer to ${label} in time.`, true, undefined, mayHaveLanded)
          : error,
      );
    }
  };

  return {
    get: <T>(path: string, shape: z.ZodType<T>, call?: CallOptions) =>
      request("GET", path, undefined, shape, call?.timeoutMs ?? options.timeoutMs).then((value) => value as T),
    post: (path, body, shape, call) => request("POST", path, body, shape, call?.timeoutMs ?? options.timeoutMs),
  };
}

/** A successful answer we cannot read: to a POST, the thing it made exists all the same (`landed`). */
async function parseBody<T>(response: Response, label: string, shape: z.ZodType<T>, landed: boolean): Promise<T> {
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ProviderError(`IBM Quantum answered ${label} with unreadable JSON.`, true, undefined, landed, response.status);
  }
  const parsed = shape.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join(".") || "(root)";
    throw new ProviderError(`IBM Quantum answered ${label} in an unexpected shape (at ${where}).`, true, undefined, landed, response.status);
  }
  return parsed.data;
}

/** IBM error bodies look like {"errors":[{"message":"…"}]}; anything else yields no detail. */
function apiErrorMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { errors?: { message?: unknown }[] };
    const message = parsed.errors?.[0]?.message;
    return typeof message === "string" ? message : "";
  } catch {
    return "";
  }
}
