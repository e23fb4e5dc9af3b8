/**
 * Character-class tests on UTF-16 code units. Detectors walk strings with `charCodeAt` instead of regexes where a
 * boundary needs a look at one neighbour: it is cheaper and cannot backtrack.
 */

export function isDigitCode(code: number): boolean {
  return code >= 48 && code <= 57;
}

export function isAsciiLetterCode(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

export function isAlnumCode(code: number): boolean {
  return isDigitCode(code) || isAsciiLetterCode(code);
}

/** Letters, digits and `_`: the characters that glue a token to its neighbours. */
export function isWordCode(code: number): boolean {
  return isAlnumCode(code) || code === 95;
}

export function isHexCode(code: number): boolean {
  return isDigitCode(code) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
}

/** `charCodeAt` that answers NaN-free: -1 outside the string, so callers can compare without bounds checks. */
export function codeAt(text: string, index: number): number {
  return index >= 0 && index < text.length ? text.charCodeAt(index) : -1;
}
