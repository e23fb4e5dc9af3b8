/**
 * The untrusted-content envelope: tells the model, in band, which server and tool a text came from and that it
 * is data, not instructions. The closing tag is neutralised inside the content so a tool cannot end the envelope
 * early, and an existing envelope for the same server and tool is recognised so a second check is a no-op.
 */
const TAG = "untrusted-tool-output";
const CLOSE = `</${TAG}>`;

function attr(value: string): string {
  return value.replace(/[&"<>]/g, (c) =>
    c === "&" ? "&amp;" : c === '"' ? "&quot;" : c === "<" ? "&lt;" : "&gt;",
  );
}

// The last opening tag built: calls come from the same few tools, and `wrapUntrusted` needs it twice per text
// (measured: ~0.24 µs of the ~0.5 µs a wrapped 1 KB block cost went to escaping the names).
let lastServer = "";
let lastTool = "";
let lastOpen = "";

export function envelopeOpen(serverName: string, toolName: string): string {
  if (serverName === lastServer && toolName === lastTool && lastOpen !== "") return lastOpen;
  lastOpen = `<${TAG} server="${attr(serverName)}" tool="${attr(toolName)}">\n`;
  lastServer = serverName;
  lastTool = toolName;
  return lastOpen;
}

/**
 * Anything a model or an XML-ish reader could take for our closing tag: any case, whitespace anywhere inside (a
 * space after `<`, any run before `>`), stray attributes, the brackets and slash as full-width or small forms or as
 * HTML entities, and the hyphens as any dash (`\p{Pd}`, the minus sign) or an underscore. The tail is bounded
 * (`{0,4096}`), so the work per candidate tag is bounded too.
 */
const LT = String.raw`(?:<|\uFF1C|\uFE64|&lt;?|&#0*60;?|&#x0*3c;?)`;
const SLASH = String.raw`(?:\/|\uFF0F|&sol;|&#0*47;?|&#x0*2f;?)`;
const GT = String.raw`(?:>|\uFF1E|\uFE65|&gt;?|&#0*62;?|&#x0*3e;?)`;
const DASH = String.raw`[\p{Pd}\u2212_]`;
const CLOSE_LIKE = new RegExp(
  String.raw`${LT}\s*${SLASH}\s*untrusted\s*${DASH}\s*tool\s*${DASH}\s*output(?![\p{L}\p{N}])(?:(?!${GT})[^]){0,4096}?${GT}`,
  "giu",
);

/** What stands where a forged closing tag was: it matches no `CLOSE_LIKE`, so wrapping stays idempotent. */
const FORGED_CLOSE = "[forged untrusted-tool-output closing tag]";

function hasCloseLike(text: string): boolean {
  CLOSE_LIKE.lastIndex = 0;
  return CLOSE_LIKE.test(text);
}

export function isWrapped(text: string, serverName: string, toolName: string): boolean {
  return isWrappedIn(text, envelopeOpen(serverName, toolName));
}

function isWrappedIn(text: string, open: string): boolean {
  if (!text.startsWith(open) || !text.endsWith(`\n${CLOSE}`)) return false;
  return !hasCloseLike(text.slice(open.length, text.length - CLOSE.length - 1));
}

export function wrapUntrusted(text: string, serverName: string, toolName: string): string {
  const open = envelopeOpen(serverName, toolName);
  if (isWrappedIn(text, open)) return text;
  // A byte-order mark only means something at the start of a document; inside the envelope it would be an
  // invisible character that the next check strips, so checking twice would not give the same text.
  const unmarked = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const body = hasCloseLike(unmarked) ? unmarked.replace(CLOSE_LIKE, FORGED_CLOSE) : unmarked;
  return `${open}${body}\n${CLOSE}`;
}
