import { createHash, timingSafeEqual } from "node:crypto";

const digest = (value: string): Buffer => createHash("sha256").update(value, "utf8").digest();

/**
 * Builds the check for the `Authorization` header. Accepts `Bearer <token>`, and `Basic` credentials whose secret
 * is the token (what AxonFlow-style clients send as client id / secret). Both sides are hashed first so the
 * constant-time compare also hides the token's length.
 */
export function createTokenCheck(token: string): (header: string | undefined) => boolean {
  const expected = digest(token);
  return (header) => {
    if (typeof header !== "string") return false;
    const space = header.indexOf(" ");
    if (space === -1) return false;
    const scheme = header.slice(0, space).toLowerCase();
    const value = header.slice(space + 1).trim();
    let secret: string;
    if (scheme === "bearer") {
      secret = value;
    } else if (scheme === "basic") {
      const decoded = Buffer.from(value, "base64").toString("utf8");
      const colon = decoded.indexOf(":");
      if (colon === -1) return false;
      secret = decoded.slice(colon + 1);
    } else {
      return false;
    }
    return timingSafeEqual(digest(secret), expected);
  };
}
