import { HAS_UNDERSCORE } from "../../scan/string-features.js";
import type { TextDetector } from "../../types.js";
import { createPrefixedTokenDetector } from "./prefixed-token.js";

/**
 * Stripe secret (`sk_`) and restricted (`rk_`) keys, live and test, and webhook signing secrets (`whsec_`).
 * Publishable keys (`pk_`) are meant to be public and are not reported.
 */
export function createStripeKeyDetector(): TextDetector {
  return createPrefixedTokenDetector({
    type: "stripe_key",
    prefix: /(?:[sr]k_(?:live|test)|whsec)_/,
    requires: HAS_UNDERSCORE, // `sk_live_`, `whsec_` and their kin have `_`
    bodyClass: "[A-Za-z0-9]",
    minBody: 16,
    maxBody: 247,
  });
}
