import { defaultErrorCode, type ErrorCode } from "./error-codes";
import type { Translate } from "./messages";

/**
 * A message as it travels before anyone reads it: its catalogue id (the English ICU source, app/i18n/catalogues) and
 * the values its placeholders take. Lingui's MessageDescriptor, less what only the extractor reads.
 */
export interface MessageDescriptor {
  readonly id: string;
  readonly values?: Readonly<Record<string, string | number>>;
}

/**
 * An error as the rules, the server and the Durable Objects decide it (docs/api.md#errors): a status and a machine
 * code for clients, and the message a person will read, still unrendered. It is plain data, so it crosses a Durable
 * Object's RPC as it is; it becomes a sentence once, at the edge, in the request's language.
 */
export interface AppError {
  readonly status: number;
  readonly code: ErrorCode;
  readonly message: MessageDescriptor;
  /** The input at fault, when one is. */
  readonly field?: string;
  /** Seconds to wait (a 429's `retryAfter` and `Retry-After`). */
  readonly retryAfter?: number;
}

export interface AppErrorDetails {
  values?: MessageDescriptor["values"];
  /** Defaults to the status's own code (defaultErrorCode). */
  code?: ErrorCode;
  field?: string;
  retryAfter?: number;
}

/** An error named by its message id (a sentence of app/domain/messages.ts) and the values it takes. */
export function appError(status: number, id: string, { values, code, field, retryAfter }: AppErrorDetails = {}): AppError {
  return {
    status,
    code: code ?? defaultErrorCode(status, field),
    message: values ? { id, values } : { id },
    ...(field ? { field } : {}),
    ...(retryAfter !== undefined ? { retryAfter } : {}),
  };
}

/** Whether something that crossed a boundary (an RPC answer, a relay's body) is an AppError. */
export function isAppError(value: unknown): value is AppError {
  if (typeof value !== "object" || value === null) return false;
  const { status, code, message } = value as Partial<AppError>;
  return typeof status === "number" && typeof code === "string" && typeof message === "object" && message !== null && typeof message.id === "string";
}

/** The error's sentence in one language: the only place an error becomes words. */
export function errorSentence(t: Translate, error: AppError): string {
  return t(error.message.id, error.message.values as Record<string, string | number> | undefined);
}
