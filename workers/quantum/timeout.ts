export { DEFAULT_JOB_CREATE_TIMEOUT_MS, DEFAULT_REQUEST_TIMEOUT_MS } from "../../app/domain/ring-job-defaults";

export class RequestTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`no answer within ${timeoutMs / 1000} s`);
    this.name = "RequestTimeoutError";
  }
}

/**
 * Runs one remote call with a deadline. The call gets an AbortSignal to pass to `fetch`; whether or not it honours
 * it, the returned promise settles by the deadline, so a service that never answers (or stops mid-body) cannot hold
 * the BellRoom, which runs every ring and poll one at a time.
 */
export async function withDeadline<T>(timeoutMs: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new RequestTimeoutError(timeoutMs);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    return await Promise.race([run(controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
