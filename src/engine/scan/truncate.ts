import { escapePointerToken } from "../../errors.js";
import type { CallToolResult, Finding } from "../../shared/types.js";

const MARK = "\n[TRUNCATED by mcp-tollgate]";
const MARK_BYTES = Buffer.byteLength(JSON.stringify(MARK), "utf8") - 2;

function sliceArrays(value: unknown, path: string, maxItems: number, findings: Finding[]): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    let out: unknown[] = value;
    if (value.length > maxItems) {
      findings.push({
        kind: "limit",
        type: "max_array_items",
        path,
        ruleId: "limits.maxArrayItems",
        action: "truncate",
        message: `${value.length} items cut to ${maxItems}`,
      });
      out = value.slice(0, maxItems);
    }
    let copy: unknown[] | undefined;
    for (let i = 0; i < out.length; i++) {
      const next = sliceArrays(out[i], `${path}/${i}`, maxItems, findings);
      if (next !== out[i]) {
        copy ??= out.slice();
        copy[i] = next;
      }
    }
    return copy ?? out;
  }
  let copy: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    const next = sliceArrays(item, `${path}/${escapePointerToken(key)}`, maxItems, findings);
    if (next !== item) {
      copy ??= { ...(value as Record<string, unknown>) };
      Object.defineProperty(copy, key, { value: next, enumerable: true, writable: true, configurable: true });
    }
  }
  return copy ?? value;
}

/**
 * The `truncate` limit mode: arrays are cut to `maxArrayItems`, then text blocks are cut (in order) so the whole
 * result fits `maxBytes`. Structured content is never cut mid-value: it must keep matching its schema.
 */
export function truncateResult(
  result: CallToolResult,
  maxBytes: number,
  maxArrayItems: number,
  findings: Finding[],
): CallToolResult {
  let out = sliceArrays(result, "", maxArrayItems, findings) as CallToolResult;
  const total = Buffer.byteLength(JSON.stringify(out), "utf8");
  if (total <= maxBytes) return out;
  // The marker is counted as it serialises ("\n" escapes to two bytes), or the cut result lands one byte over.
  const blocks = out.content ?? [];
  let excess = total - maxBytes + MARK_BYTES * blocks.length;
  const content = blocks.map((block, i) => {
    if (excess <= 0 || block.type !== "text") return block;
    const bytes = Buffer.byteLength(block.text, "utf8");
    const cut = Math.min(bytes, excess);
    excess -= cut;
    // Cut on characters, conservatively assuming up to 3 bytes each for non-ASCII text.
    let keep = block.text.slice(0, Math.max(0, block.text.length - cut));
    while (keep.length > 0 && Buffer.byteLength(keep, "utf8") > bytes - cut)
      keep = keep.slice(0, Math.floor(keep.length * 0.9));
    if (/[\ud800-\udbff]$/.test(keep)) keep = keep.slice(0, -1);
    findings.push({
      kind: "limit",
      type: "max_output_bytes",
      path: `/content/${i}/text`,
      start: keep.length,
      end: block.text.length,
      ruleId: "limits.maxOutputBytes",
      action: "truncate",
    });
    return { ...block, text: keep + MARK };
  });
  out = { ...out, content };
  return out;
}
