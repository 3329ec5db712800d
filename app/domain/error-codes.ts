/**
 * The machine-readable `code` beside every API error's human sentence (`error`). Clients decide by these, never by
 * matching the sentence, so a reworded message cannot change behaviour.
 */
export const ERROR_CODE = {
  invalidRequest: "invalid_request",
  invalidField: "invalid_field",
  forbidden: "forbidden",
  crossSite: "cross_site",
  notFound: "not_found",
  methodNotAllowed: "method_not_allowed",
  conflict: "conflict",
  noPendingWishes: "no_pending_wishes",
  outOfCredits: "out_of_credits",
  tooLarge: "too_large",
  rateLimited: "rate_limited",
  dailyLimit: "daily_limit",
  cooldown: "cooldown",
  serverError: "server_error",
  unavailable: "unavailable",
} as const;
export type ErrorCode = (typeof ERROR_CODE)[keyof typeof ERROR_CODE];

/** The code an error gets when nothing more precise was said: one per HTTP status. */
export function defaultErrorCode(status: number, field?: string): ErrorCode {
  switch (status) {
    case 400:
      return field ? ERROR_CODE.invalidField : ERROR_CODE.invalidRequest;
    case 403:
      return ERROR_CODE.forbidden;
    case 404:
      return ERROR_CODE.notFound;
    case 405:
      return ERROR_CODE.methodNotAllowed;
    case 409:
      return ERROR_CODE.conflict;
    case 413:
      return ERROR_CODE.tooLarge;
    case 429:
      return ERROR_CODE.rateLimited;
    case 503:
      return ERROR_CODE.unavailable;
    default:
      return ERROR_CODE.serverError;
  }
}
