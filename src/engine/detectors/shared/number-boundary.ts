import { codeAt, isAlnumCode, isDigitCode, isWordCode } from "./char-codes.js";

/**
 * True when the numeric span `[start, end)` stands on its own: it is not glued to a word (`abc123`), and not one
 * piece of a longer dotted or dashed number (`1.2.3.4.5`, the last group of a UUID `a456-426614174000`).
 * A trailing `-Fax` or a sentence-ending `.` is fine; a leading `x-` is not, because identifiers put their numeric
 * part after the prefix. The same holds for `/` (URL path segments such as `/users/1161725854/profile`).
 */
export function isStandaloneNumber(text: string, start: number, end: number): boolean {
  const before = codeAt(text, start - 1);
  if (isWordCode(before)) return false;
  if ((before === 45 || before === 46 || before === 47) && isAlnumCode(codeAt(text, start - 2))) return false;
  const after = codeAt(text, end);
  if (isWordCode(after)) return false;
  if ((after === 45 || after === 46) && isDigitCode(codeAt(text, end + 1))) return false;
  if (after === 47 && isAlnumCode(codeAt(text, end + 1))) return false; // a URL path segment: /users/1161725854/
  return true;
}
