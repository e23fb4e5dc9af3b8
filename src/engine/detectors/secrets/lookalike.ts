import { isDocumentationExample } from "./documentation-example.js";
import { isPlaceholderValue } from "./placeholder.js";

/**
 * A value shaped like a credential that stands in for one: a placeholder (`<your-key>`, `YOUR_API_KEY`, `xxxx`,
 * one repeated character), a value that says what it is (`example`, `dummy`, `sample`, `fake`, `test` as a word),
 * a documentation example (see documentation-example.ts), or an identifier whose own format says it is public:
 * a content digest (`sha256:...`, subresource integrity `sha512-...`) or a Stripe object id (`cus_...`, `sub_...`:
 * Stripe's API keys are `sk_`/`rk_`, its object ids are not credentials). Every secret detector asks this before
 * reporting.
 *
 * Bare hex, UUIDs and base64 are NOT look-alikes here, even though digests and ids are written that way: in an
 * `Authorization` header or under a credential name they are what many real tokens look like (Twilio auth tokens
 * and Mailgun keys are hex, Heroku API keys are UUIDs), and missing one costs more than redacting an id.
 */

const STAND_IN_WORDS =
  /example|dummy|sample|placeholder|redacted|fake|xxxx|your[_-]?(?:api|key|token|secret)/i;
const PUBLIC_IDENTIFIER =
  /^(?:sha(?:1|224|256|384|512):[0-9a-f]{32,128}|sha(?:256|384|512)-[A-Za-z0-9+/]{40,}={0,2}|(?:cus|sub|ch|pi|pm|in|ii|price|prod|evt|txn|re|acct|si|seti|src|card|ba|po|tr|py|cs|plan|coupon)_[A-Za-z0-9]{8,32})$/;
// A value encrypted by the application's own key (Jasypt and Spring Cloud Config write `ENC(...)`, `{cipher}...`):
// useless without that key, and how such configuration is meant to be stored.
const ENCRYPTED_VALUE = /^(?:ENC\(|\{cipher\})/;
// "test" only as a word of its own (`my_test_key`, `test-token`): inside random base62 it is chance.
const TEST_WORD = /(?:^|[^a-z])test(?:[^a-z]|$)/i;

export function isLookalikeSecret(value: string): boolean {
  return (
    isPlaceholderValue(value) ||
    ENCRYPTED_VALUE.test(value) ||
    PUBLIC_IDENTIFIER.test(value) ||
    STAND_IN_WORDS.test(value) ||
    TEST_WORD.test(value) ||
    isDocumentationExample(value)
  );
}
