import { readFileSync } from "node:fs";
import ts from "typescript";
export function stripPlugin(names, fileFilter) {
  return {
    name: "strip",
    setup(b) {
      b.onLoad({ filter: fileFilter }, (args) => {
        const text = readFileSync(args.path, "utf8");
        const sf = ts.createSourceFile(args.path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
        const cuts = [];
        const visit = (n) => {
          if (ts.isPropertyAssignment(n) && ts.isObjectLiteralExpression(n.parent) && names.has(n.name.getText(sf))) {
            let end = n.end; if (text[end] === ",") end++;
            cuts.push([n.getStart(sf), end]); return;
          }
          ts.forEachChild(n, visit);
        };
        visit(sf);
        let out = ""; let at = 0;
        for (const [s, e] of cuts) { out += text.slice(at, s); at = e; }
        out += text.slice(at);
        return { contents: out, loader: "ts" };
      });
    },
  };
}
