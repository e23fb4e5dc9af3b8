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

export function envelopeOpen(serverName: string, toolName: string): string {
  return `<${TAG} server="${attr(serverName)}" tool="${attr(toolName)}">\n`;
}

/**
 * Anything a model or an XML-ish reader could take for our closing tag: any case, whitespace inside, stray
 * attributes. Bounded `[^>]{0,64}` keeps the regex linear.
 */
const CLOSE_LIKE = /<\/\s*untrusted-tool-output\b[^>]{0,64}>/gi;

function hasCloseLike(text: string): boolean {
  CLOSE_LIKE.lastIndex = 0;
  return CLOSE_LIKE.test(text);
}

export function isWrapped(text: string, serverName: string, toolName: string): boolean {
  const open = envelopeOpen(serverName, toolName);
  if (!text.startsWith(open) || !text.endsWith(`\n${CLOSE}`)) return false;
  return !hasCloseLike(text.slice(open.length, text.length - CLOSE.length - 1));
}

export function wrapUntrusted(text: string, serverName: string, toolName: string): string {
  if (isWrapped(text, serverName, toolName)) return text;
  // A byte-order mark only means something at the start of a document; inside the envelope it would be an
  // invisible character that the next check strips, so checking twice would not give the same text.
  const unmarked = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // Neutralised as an entity, which no longer matches CLOSE_LIKE: wrapping stays idempotent.
  const body = hasCloseLike(unmarked)
    ? unmarked.replace(CLOSE_LIKE, (tag) => `&lt;${tag.slice(1)}`)
    : unmarked;
  return `${envelopeOpen(serverName, toolName)}${body}\n${CLOSE}`;
}
