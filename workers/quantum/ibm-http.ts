import type { z } from "zod";
import type { IamTokenSource } from "./ibm-auth";
import { RequestTimeoutError, withDeadline } from "./timeout";
import { ProviderError } from "./types";

export const DEFAULT_API_URL = "https://quantum.cloud.ibm.com/api/v1";
export const IBM_API_VERSION = "2025-05-01";
const MAX_RATE_LIMIT_RETRIES = 3;
/** Longer waits are not slept inside a request; the caller gets retryAfterSeconds and comes back later. */
const MAX_INLINE_WAIT_SECONDS = 10;
const DEFAULT_RETRY_AFTER_SECONDS = 1;
const USAGE_EXCEEDED = /usage exceeds instance limit/i;
const MAX_DETAIL_LENGTH = 200;

export interface IbmApi {
  get<T>(path: string, shape: z.ZodType<T>): Promise<T>;
  post<T>(path: string, body: unknown, shape: z.ZodType<T>): Promise<T>;
}

export interface IbmApiOptions {
  tokens: IamTokenSource;
  instanceCrn: string;
  apiUrl: string;
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  /** Strings that must never appear in an error message (the API key). */
  secrets: string[];
  /** Each call, answer body included, is given up on after this long (a retryable ProviderError). */
  timeoutMs: number;
}

/**
 * Qiskit Runtime REST calls with the headers every call needs. A 401 refreshes the token and
 * retries once; a 429 waits out Retry-After up to MAX_RATE_LIMIT_RETRIES times; every other
 * failure becomes a ProviderError that says whether trying again later can help.
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

  const failure = async (response: Response, label: string): Promise<ProviderError> => {
    const body = await response.text().catch(() => "");
    if (response.status === 409 && USAGE_EXCEEDED.test(body)) {
      return new ProviderError("The quantum instance has used up its time.", false);
    }
    const detail = redact(apiErrorMessage(body)).slice(0, MAX_DETAIL_LENGTH);
    const suffix = detail ? `: ${detail}` : "";
    if (response.status >= 500 || response.status === 408) {
      return new ProviderError(`IBM Quantum had a server error on ${label} (HTTP ${response.status})${suffix}`, true);
    }
    if (response.status === 401 || response.status === 403) {
      return new ProviderError(
        `IBM Quantum refused our credentials on ${label} (HTTP ${response.status})${suffix}`,
        false,
      );
    }
    return new ProviderError(`IBM Quantum rejected ${label} (HTTP ${response.status})${suffix}`, false);
  };

  const request = async <T>(method: "GET" | "POST", path: string, body: unknown, shape: z.ZodType<T>): Promise<T> => {
    const label = `${method} ${path}`;
    let refreshedToken = false;
    let rateLimitRetries = 0;
    for (;;) {
      const token = await options.tokens.token();
      const outcome = await withDeadline(options.timeoutMs, async (signal) => {
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
            throw new ProviderError(`IBM Quantum could not be reached on ${label} (${reason}).`, true);
          });
        // The body is read inside the deadline too: an answer can stall halfway.
        if (response.ok) return { ok: true as const, parsed: await parseBody(response, label, shape) };
        return { ok: false as const, response };
      }).catch((error: unknown) => {
        if (error instanceof RequestTimeoutError) {
          throw new ProviderError(`IBM Quantum did not answer ${label} in time (${error.message}).`, true);
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
        const waitSeconds = retryAfterSeconds(response);
        if (rateLimitRetries < MAX_RATE_LIMIT_RETRIES && waitSeconds <= MAX_INLINE_WAIT_SECONDS) {
          rateLimitRetries++;
          await options.sleep(waitSeconds * 1000);
          continue;
        }
        throw new ProviderError(`IBM Quantum is rate limiting ${label}; try again later.`, true, waitSeconds);
      }
      throw await withDeadline(options.timeoutMs, () => failure(response, label)).catch((error: unknown) =>
        error instanceof RequestTimeoutError
          ? new ProviderError(`IBM Quantum did not finish its error answer to ${label} in time.`, true)
          : error,
      );
    }
  };

  return {
    get: (path, shape) => request("GET", path, undefined, shape),
    post: (path, body, shape) => request("POST", path, body, shape),
  };
}

async function parseBody<T>(response: Response, label: string, shape: z.ZodType<T>): Promise<T> {
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ProviderError(`IBM Quantum answered ${label} with unreadable JSON.`, true);
  }
  const parsed = shape.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join(".") || "(root)";
    throw new ProviderError(`IBM Quantum answered ${label} in an unexpected shape (at ${where}).`, true);
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
