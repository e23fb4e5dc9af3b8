// The list lives in the rule registry (src/engine/rules/built-in/secrets.ts); this re-export keeps old imports.
export { SECRET_TYPES, type SecretType } from "../../rules/registry.js";
