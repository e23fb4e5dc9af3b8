import { createHmac } from "node:crypto";

export type Replacement = "placeholder" | "mask" | "hash";

export interface RedactionSettings {
  hashKey: string | undefined;
  maskKeepLast: number;
}

/** Text that stands in for a redacted value. Placeholders never trip a detector, so a second check is a no-op. */
export function replacementFor(
  strategy: Replacement,
  type: string,
  value: string,
  settings: RedactionSettings,
): string {
  switch (strategy) {
    case "placeholder":
      return `[REDACTED:${type}]`;
    case "mask": {
      const keep = value.length > settings.maskKeepLast * 3 ? settings.maskKeepLast : 0;
      return "*".repeat(value.length - keep) + value.slice(value.length - keep);
    }
    case "hash": {
      // Keyed (HMAC) so equal values give equal tokens for joins, but tokens cannot be brute-forced offline
      // from small value spaces such as phone numbers without the key.
      const digest = createHmac("sha256", settings.hashKey ?? "")
        .update(`${type}\u0000${value}`)
        .digest("hex");
      return `[HASH:${type}:${digest.slice(0, 16)}]`;
    }
  }
}
