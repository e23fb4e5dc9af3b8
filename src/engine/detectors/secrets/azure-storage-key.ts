import { HAS_EQUALS } from "../../scan/string-features.js";
import type { TextDetector } from "../../types.js";
import { createPrefixedTokenDetector } from "./prefixed-token.js";

/**
 * Azure account keys inside connection strings: `AccountKey=` (Storage, Cosmos DB table API) and
 * `SharedAccessKey=` (Service Bus, Event Hubs, IoT Hub). Only the base64 key is reported; endpoint and account name
 * stay readable. Keys are 44 (256-bit) or 88 (512-bit) base64 characters.
 */
export function createAzureStorageKeyDetector(): TextDetector {
  return createPrefixedTokenDetector({
    type: "azure_storage_key",
    prefix: /(?:AccountKey|SharedAccessKey)=/,
    requires: HAS_EQUALS, // both prefixes end in `=`
    bodyClass: "[A-Za-z0-9+/=]",
    minBody: 40,
    maxBody: 100,
    spanBodyOnly: true,
    minEntropy: 3.5,
  });
}
