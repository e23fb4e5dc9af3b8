import { createRequire } from "node:module";
import type * as Pino from "pino";
import type * as PromClient from "prom-client";

/*
 * pino and prom-client serve only the policy server. Importing the package (or running `tollgate scan`) must not pay
 * for them, so they are loaded on first use. Both are CommonJS, which lets a synchronous require() load them here:
 * createPolicyServer stays synchronous. The types come from `import type`, which leaves no import at run time.
 */
const requireHere = createRequire(import.meta.url);

let pino: typeof Pino | undefined;
let promClient: typeof PromClient | undefined;

/** pino, loaded on the first call. */
export function loadPino(): typeof Pino {
  pino ??= requireHere("pino") as typeof Pino;
  return pino;
}

/** prom-client, loaded on the first call. */
export function loadPromClient(): typeof PromClient {
  promClient ??= requireHere("prom-client") as typeof PromClient;
  return promClient;
}
