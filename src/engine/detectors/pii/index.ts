import type { CountryCode } from "libphonenumber-js/max";
import type { TextDetector } from "../../types.js";
import { createCreditCardDetector } from "./credit-card.js";
import { createEmailDetector } from "./email.js";
import { createIbanDetector } from "./iban.js";
import { createIpAddressDetector } from "./ip-address.js";
import { createPhoneDetector, DEFAULT_PHONE_REGIONS } from "./phone.js";
import { createUsSsnDetector } from "./us-ssn.js";

export const PII_TYPES = ["email", "phone", "credit_card", "iban", "us_ssn", "ip_address"] as const;
export type PiiType = (typeof PII_TYPES)[number];

export interface PiiDetectorOptions {
  /** Which PII types to detect; all of PII_TYPES when omitted. */
  types?: readonly PiiType[];
  /** Regions whose national number formats count as phone numbers; default US, GB, DE, FR. */
  phoneRegions?: readonly CountryCode[];
}

export { DEFAULT_PHONE_REGIONS };

/** One detector per requested PII type, in PII_TYPES order. */
export function createPiiDetectors(options: PiiDetectorOptions = {}): TextDetector[] {
  const wanted = new Set<PiiType>(options.types ?? PII_TYPES);
  const factories: Record<PiiType, () => TextDetector> = {
    email: createEmailDetector,
    phone: () => createPhoneDetector(options.phoneRegions ? { regions: options.phoneRegions } : {}),
    credit_card: createCreditCardDetector,
    iban: createIbanDetector,
    us_ssn: createUsSsnDetector,
    ip_address: createIpAddressDetector,
  };
  return PII_TYPES.filter((type) => wanted.has(type)).map((type) => factories[type]());
}
