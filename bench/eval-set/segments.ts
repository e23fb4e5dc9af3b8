/**
 * Generated text is a list of segments; a labelled segment is a gold value (a PII value or a secret) whose span in
 * the final text is computed when the segments are joined. Carriers escape segment by segment (JSON, CSV, HTML), so
 * gold spans stay exact; a label whose value an escape would change is a generator bug and throws.
 */
export interface GoldLabel {
  kind: "pii" | "secret";
  /** PII: the engine's type name (email, phone, credit_card, iban, us_ssn, ip_address). Secret: the vendor type. */
  type: string;
}

export interface Segment {
  text: string;
  label?: GoldLabel;
}

export type Doc = Segment[];

export interface GoldSpan extends GoldLabel {
  start: number;
  end: number;
  value: string;
}

export const t = (text: string): Segment => ({ text });
export const pii = (type: string, text: string): Segment => ({ text, label: { kind: "pii", type } });
export const secret = (type: string, text: string): Segment => ({ text, label: { kind: "secret", type } });

/** Applies a text escape to every segment; labelled values must come through unchanged. */
export function escapeDoc(doc: Doc, escapeText: (s: string) => string): Doc {
  return doc.map((s) => {
    const text = escapeText(s.text);
    if (s.label && text !== s.text) throw new Error(`escape changed a gold ${s.label.type} value`);
    return { ...s, text };
  });
}

export function render(doc: Doc): { text: string; gold: GoldSpan[] } {
  let text = "";
  const gold: GoldSpan[] = [];
  for (const s of doc) {
    if (s.label)
      gold.push({ ...s.label, start: text.length, end: text.length + s.text.length, value: s.text });
    text += s.text;
  }
  return { text, gold };
}

/**
 * Fills a template: `{name}` slots are replaced by the segments `fill(name)` returns; everything else is plain
 * text. Unknown slots throw, so a typo in a template cannot pass as literal text.
 */
export function fillTemplate(template: string, fill: (slot: string) => Doc): Doc {
  const out: Doc = [];
  let last = 0;
  for (const m of template.matchAll(/\{([a-z_0-9]+)\}/g)) {
    if (m.index > last) out.push(t(template.slice(last, m.index)));
    out.push(...fill(m[1]!));
    last = m.index + m[0].length;
  }
  if (last < template.length) out.push(t(template.slice(last)));
  return out;
}

/** JSON string content (without the quotes). */
export const jsonEscape = (s: string): string => JSON.stringify(s).slice(1, -1);
export const htmlEscape = (s: string): string =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
export const csvEscape = (s: string): string => s.replace(/"/g, '""');
