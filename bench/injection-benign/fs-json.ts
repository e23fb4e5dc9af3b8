/**
 * The `fs-json` source of the benign set: real tool results of @modelcontextprotocol/server-filesystem (a
 * devDependency), started over stdio on read-only calls in /usr/share/doc and this project's docs: directory trees
 * (JSON), listings with sizes, file info and searches. Each result's text is one document, cut like the others.
 */

import { readdirSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { chunks, DOC_CHARS } from "./sources.js";

const SERVER = "node_modules/@modelcontextprotocol/server-filesystem/dist/index.js";
const ROOT = "/usr/share/doc";

interface Call {
  key: string;
  name: string;
  args: Record<string, unknown>;
}

function calls(): Call[] {
  const dirs = readdirSync(ROOT).sort();
  const out: Call[] = [];
  dirs.forEach((dir, i) => {
    const path = join(ROOT, dir);
    if (i % 4 === 0) out.push({ key: `tree:${dir}`, name: "directory_tree", args: { path } });
    if (i % 4 === 1) out.push({ key: `sizes:${dir}`, name: "list_directory_with_sizes", args: { path } });
    if (i % 8 === 2) out.push({ key: `info:${dir}`, name: "get_file_info", args: { path } });
    if (i % 8 === 3) out.push({ key: `list:${dir}`, name: "list_directory", args: { path } });
  });
  for (const pattern of ["*.gz", "README*", "NEWS*", "copyright", "*.html", "examples"])
    out.push({ key: `search:${pattern}`, name: "search_files", args: { path: ROOT, pattern } });
  return out;
}

export async function fsJsonDocs(root: string): Promise<{ key: string; text: string }[]> {
  const client = new Client({ name: "injection-benign", version: "1" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [join(root, SERVER), ROOT],
      stderr: "ignore",
    }),
  );
  const docs: { key: string; text: string }[] = [];
  try {
    for (const call of calls()) {
      const result = (await client.callTool({ name: call.name, arguments: call.args })) as {
        content?: { type: string; text?: string }[];
        isError?: boolean;
      };
      if (result.isError) continue;
      const text = (result.content ?? []).map((c) => c.text ?? "").join("\n");
      for (const [i, t] of chunks(text, DOC_CHARS, 2).entries())
        docs.push({ key: `fs-json:${call.key}#${i}`, text: t });
    }
  } finally {
    await client.close();
  }
  return docs;
}
