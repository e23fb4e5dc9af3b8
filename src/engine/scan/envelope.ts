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

export function isWrapped(text: string, serverName: string, toolName: string): boolean {
  const open = envelopeOpen(serverName, toolName);
  const closeAt = text.length - CLOSE.length;
  return text.startsWith(open) && text.endsWith(`\n${CLOSE}`) && text.indexOf(CLOSE, open.length) === closeAt;
}

export function wrapUntrusted(text: string, serverName: string, toolName: string): string {
  if (isWrapped(text, serverName, toolName)) return text;
  // A byte-order mark only means something at the start of a document; inside the envelope it would be an
  // invisible character that the next check strips, so checking twice would not give the same text.
  const unmarked = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const body = unmarked.includes(CLOSE) ? unmarked.split(CLOSE).join(`</ ${TAG}>`) : unmarked;
  return `${envelopeOpen(serverName, toolName)}${body}\n${CLOSE}`;
}
