import type { ToolCallHandler, ToolInterceptor } from "./types.js";

/**
 * Composes interceptors into one handler, onion order: the first interceptor is the outermost, the terminal
 * handler (the MCP call) is the innermost. Unlike koa-compose, an interceptor may call its handler again (retries).
 */
export function composeInterceptors(
  interceptors: readonly ToolInterceptor[],
  terminal: ToolCallHandler,
): ToolCallHandler {
  return interceptors.reduceRight<ToolCallHandler>(
    (next, interceptor) => async (request) => interceptor(request, next),
    terminal,
  );
}
