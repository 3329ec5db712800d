import "~/domain/zod-config";
import { z } from "zod";
import { onFirstUse } from "~/domain/on-first-use";
import { RequestTimeoutError, withDeadline } from "./timeout";
import { ProviderError } from "./types";

export const DEFAULT_IAM_URL = "https://iam.cloud.ibm.com/identity/token";
const REFRESH_MARGIN_MS = 5 * 60 * 1000;

const tokenResponse = onFirstUse(() => z.object({ access_token: z.string().min(1), expires_in: z.number().positive() }));

export interface IamTokenSource {
  /** A bearer token valid for at least the refresh margin, fetched only when needed. */
  token(): Promise<string>;
  /** Forgets the cached token, e.g. after the API answered 401. */
  invalidate(): void;
}

export interface IamTokenSourceOptions {
  apiKey: string;
  iamUrl: string;
  fetch: typeof fetch;
  now: () => number;
  /** A token request is given up on after this long (a retryable ProviderError). */
  timeoutMs: number;
}

export function createIamTokenSource(options: IamTokenSourceOptions): IamTokenSource {
  let cached: { token: string; refreshAtMs: number } | undefined;
  let inFlight: Promise<string> | undefined;

  const fetchToken = async (): Promise<string> => {
    const requestedAtMs = options.now();
    const parsed = await withDeadline(options.timeoutMs, async (signal) => {
      const response = await options
        .fetch(options.iamUrl, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
          body: new URLSearchParams({ grant_type: "urn:ibm:params:oauth:grant-type:apikey", apikey: options.apiKey }),
          signal,
        })
        .catch(() => {
          if (signal.aborted) throw signal.reason;
          throw new ProviderError("IBM Cloud IAM could not be reached.", true);
        });
      if (!response.ok) {
        const retryable = response.status === 429 || response.status >= 500;
        throw new ProviderError(
          retryable
            ? `IBM Cloud IAM is unavailable (HTTP ${response.status}).`
            : `IBM Cloud IAM refused the API key (HTTP ${response.status}).`,
          retryable,
        );
      }
      return tokenResponse.safeParse(await response.json().catch(() => undefined));
    }).catch((error: unknown) => {
      if (error instanceof RequestTimeoutError) throw new ProviderError(`IBM Cloud IAM did not answer in time (${error.message}).`, true);
      throw error;
    });
    if (!parsed.success) throw new ProviderError("IBM Cloud IAM answered without a usable token.", true);
    // expires_in is measured from our own clock, so skew between us and IAM cannot matter.
    const expiresAtMs = requestedAtMs + parsed.data.expires_in * 1000;
    cached = { token: parsed.data.access_token, refreshAtMs: expiresAtMs - REFRESH_MARGIN_MS };
    return cached.token;
  };

  return {
    token() {
      if (cached && options.now() < cached.refreshAtMs) return Promise.resolve(cached.token);
      inFlight ??= fetchToken().finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    },
    invalidate() {
      cached = undefined;
    },
  };
}
