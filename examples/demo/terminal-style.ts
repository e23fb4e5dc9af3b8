/**
 * Terminal styling for the demo. Colour only when stdout is a terminal and NO_COLOR is unset
 * (https://no-color.org), so piped output, CI logs and the example tests get plain text.
 */
const enabled = process.stdout.isTTY === true && !process.env.NO_COLOR;

const sgr =
  (open: number, close: number) =>
  (text: string): string =>
    enabled ? `\u001b[${open}m${text}\u001b[${close}m` : text;

export const style = {
  bold: sgr(1, 22),
  dim: sgr(2, 22),
  red: sgr(31, 39),
  green: sgr(32, 39),
  yellow: sgr(33, 39),
  cyan: sgr(36, 39),
  magenta: sgr(35, 39),
};

/**
 * Makes control, invisible and bidi characters visible as `\u{..}` so that nothing the demo prints (tool
 * arguments, the raw catalogue) can recolour, retitle or reorder the user's terminal.
 */
export function visible(text: string): string {
  return text.replace(
    /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g,
    (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`,
  );
}
