/**
 * What happens when a user callback (an audit sink, a message formatter...) throws or rejects: it is reported and
 * the call goes on as if the callback had not been given. A callback never decides a call by failing, and never
 * takes the process down (an async audit sink that rejects would otherwise be an unhandled rejection).
 */
export type CallbackFailureHandler = (error: unknown, callback: string) => void;

export type ReportCallbackFailure = (callback: string, error: unknown) => void;

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** Reports to `handler` when given; otherwise (or when the handler itself throws) as a Node process warning. */
export function callbackFailureReporter(handler: CallbackFailureHandler | undefined): ReportCallbackFailure {
  return (callback, error) => {
    if (handler) {
      try {
        handler(error, callback);
        return;
      } catch (handlerError) {
        error = handlerError;
        callback = `onCallbackError (reporting a failure of ${callback})`;
      }
    }
    process.emitWarning(`mcp-tollgate: the ${callback} callback failed: ${describe(error)}`, {
      code: "TOLLGATE_CALLBACK_FAILED",
    });
  };
}

/** Calls `fn(arg)`; a throw or a rejected promise is reported, never propagated. */
export function callGuarded<T>(
  report: ReportCallbackFailure,
  callback: string,
  fn: (arg: T) => unknown,
  arg: T,
): void {
  let returned: unknown;
  try {
    returned = fn(arg);
  } catch (error) {
    report(callback, error);
    return;
  }
  if (
    returned !== null &&
    typeof returned === "object" &&
    typeof (returned as Promise<unknown>).then === "function"
  ) {
    (returned as Promise<unknown>).then(undefined, (error: unknown) => report(callback, error));
  }
}
