import { randomUUID } from "node:crypto";

// Ids a caller sends are echoed (they correlate the agent's audit with ours) only when they are short and
// plain, so a header cannot inject into log lines.
const ACCEPTABLE = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && ACCEPTABLE.test(value) ? value : randomUUID();
}
