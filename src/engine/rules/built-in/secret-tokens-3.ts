import { HEX, p, token, URLSAFE } from "./secret-tokens.js";

/*
 * Vendor tokens of session 13, read by the same shared detector as secret-tokens.ts (`token()` registers every record
 * it builds). The vendors come from the tune parts' misses (CredSweeper's samples in the session-12 part): what each
 * vendor's token looks like (prefix, alphabet, length) is a public fact, re-expressed in this project's record shape;
 * no pattern, file text or example of another project is copied. Examples are derived from the forms at test time.
 *
 * A new vendor secret is one entry below.
 */

const BASE36_LOWER = "a-z0-9";

export const TOKEN_RULES_3 = [
  token({
    type: "llamacloud_key",
    summary: "LlamaCloud (LlamaIndex) API keys (`llx-` and 48 URL-safe characters)",
    forms: [p(["llx-"], URLSAFE, [44, 52], { minClasses: 3 })],
  }),
  token({
    type: "docker_swarm_token",
    summary: "Docker Swarm join tokens (`SWMTKN-1-`, 50 base36, `-`, 25 base36)",
    forms: [
      p(["SWMTKN-1-"], "a-z0-9-", 76, {
        shape: /[a-z0-9]{50}-[a-z0-9]{25}/,
        example: (r) => `${r(50, BASE36_LOWER)}-${r(25, BASE36_LOWER)}`,
      }),
    ],
  }),
  token({
    type: "wundergraph_key",
    summary: "WunderGraph Cosmo API keys (`cosmo_` and 32 hex)",
    forms: [p(["cosmo_"], HEX, 32)],
  }),
];
