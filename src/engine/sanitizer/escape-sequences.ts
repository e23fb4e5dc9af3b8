/**
 * Measures terminal escape sequences (ECMA-48 / xterm) so that a whole sequence, payload included, becomes one span.
 * Stripping only the ESC byte of `ESC ]52;c;<base64> BEL` would leave the clipboard payload in the text, so the
 * span must run to the terminator.
 *
 * Hand-written rather than a regex: the scan only moves forward, so it is linear by construction, and it follows
 * the terminal state machine (strings end at BEL/ST, are cancelled by CAN/SUB, and a new ESC starts a new sequence)
 * which a regex would express only with nested alternatives.
 */

const ESC = 0x1b;
const BEL = 0x07;
const CAN = 0x18;
const SUB = 0x1a;
const C1_DCS = 0x90;
const C1_SOS = 0x98;
const C1_CSI = 0x9b;
const C1_ST = 0x9c;
const C1_OSC = 0x9d;
const C1_PM = 0x9e;
const C1_APC = 0x9f;

export type EscapeType = "ansi_escape" | "osc_escape";

export interface EscapeSpan {
  end: number;
  type: EscapeType;
}

/**
 * If an escape sequence starts at `start` (ESC or an 8-bit C1 introducer), returns where it ends; otherwise
 * `undefined` and the caller reports the lone character as a control character.
 */
export function measureEscapeSequence(text: string, start: number): EscapeSpan | undefined {
  const first = text.charCodeAt(start);
  if (first === C1_CSI) return { end: endOfCsi(text, start + 1), type: "ansi_escape" };
  if (first === C1_OSC) return { end: endOfControlString(text, start + 1, true), type: "osc_escape" };
  if (first === C1_DCS || first === C1_SOS || first === C1_PM || first === C1_APC) {
    return { end: endOfControlString(text, start + 1, false), type: "ansi_escape" };
  }
  if (first !== ESC || start + 1 >= text.length) return undefined;

  const second = text.charCodeAt(start + 1);
  if (second === 0x5b /* [ */) return { end: endOfCsi(text, start + 2), type: "ansi_escape" };
  if (second === 0x5d /* ] */) return { end: endOfControlString(text, start + 2, true), type: "osc_escape" };
  // DCS (P), SOS (X), PM (^), APC (_): strings terminated by ST.
  if (second === 0x50 || second === 0x58 || second === 0x5e || second === 0x5f) {
    return { end: endOfControlString(text, start + 2, false), type: "ansi_escape" };
  }
  // nF sequences: intermediates 0x20-0x2F then a final 0x30-0x7E (ESC ( B, ESC # 8). Fp/Fe/Fs: ESC + one final.
  let i = start + 1;
  while (i < text.length && i - start <= 8) {
    const c = text.charCodeAt(i);
    if (c >= 0x20 && c <= 0x2f) {
      i++;
      continue;
    }
    if (c >= 0x30 && c <= 0x7e) return { end: i + 1, type: "ansi_escape" };
    break;
  }
  return undefined;
}

/** CSI: parameter bytes 0x30-0x3F, intermediates 0x20-0x2F, one final byte 0x40-0x7E. */
function endOfCsi(text: string, from: number): number {
  let i = from;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c >= 0x20 && c <= 0x3f) {
      i++;
      continue;
    }
    if (c >= 0x40 && c <= 0x7e) return i + 1;
    // A malformed sequence: the terminal aborts it here. Everything so far is still escape garbage.
    return i;
  }
  return i;
}

/**
 * OSC/DCS/PM/APC/SOS bodies run to ST (ESC \ or 8-bit ST), BEL (OSC only, the xterm convention), or are cancelled
 * by CAN/SUB. Another ESC starts a new sequence, so the string ends before it. An unterminated string runs to the
 * end of the text, as it would swallow everything in a terminal.
 */
function endOfControlString(text: string, from: number, belTerminates: boolean): number {
  let i = from;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === ESC) return text.charCodeAt(i + 1) === 0x5c /* \ */ ? i + 2 : i;
    if (c === C1_ST || c === CAN || c === SUB || (belTerminates && c === BEL)) return i + 1;
    i++;
  }
  return i;
}
