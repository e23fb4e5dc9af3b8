"""Builds the second labelled source of the secret evaluation from Yelp/detect-secrets' plugin tests (Apache-2.0;
licence in licenses/detect-secrets-LICENSE, commit in README.md) and splits it into a frozen part and a tune part
by the sha256 of each case's group, exactly as build.ts does for the first source.

Why Python: the labels are pytest `parametrize` literals (some built with str.format); Python's own `ast` reads them
without running the tests. Run once, before any detector change made from this source:

    python3 bench/secrets-eval/build-detect-secrets.py <detect-secrets git dir>

Kept and dropped (decided on the text alone, before any detector ran on it):
- plugin tests of credentials only: high-entropy strings (an unkeyed random string is not a credential here), public
  IPs and the base-class test are skipped;
- a labelled secret whose value is a placeholder by this project's policy (xxxx, EXAMPLE, fake, dummy, a character
  repeated 6+ times, a 2-8 character unit repeated 3+ times, a keyboard run) is dropped, as build.ts does;
- a keyword-test negative that is negative only because of a file type's quoting rule (its comment names quotes, or
  it holds one of the test's secret values) is dropped: this scanner reads text, not file types;
- texts are deduplicated; a text labelled both ways is dropped.
"""
import ast
import base64
import hashlib
import io
import json
import os
import re
import subprocess
import sys
import textwrap
import tokenize

HERE = os.path.dirname(os.path.abspath(__file__))
SKIP = {"base_test.py", "high_entropy_strings_test.py", "ip_public_test.py"}
KEYWORD_FILE = "keyword_test.py"
PLACEHOLDER_WORD = re.compile(r"xxxx|example|fake|dummy|placeholder|insert_|your_|changeme|redacted", re.I)
SAME_CHAR = re.compile(r"(.)\1{5,}")
REPEAT = re.compile(r"(.{2,8})\1{2,}")
KEYBOARD = re.compile(r"0123456789|1234567890|abcdefghij|qwertyuiop", re.I)


def placeholder(value):
    return bool(PLACEHOLDER_WORD.search(value) or SAME_CHAR.search(value) or REPEAT.search(value) or KEYBOARD.search(value))


def git(repo, *args):
    return subprocess.run(["git", "-C", repo, *args], capture_output=True, text=True, check=True).stdout


def evaluate(node, ns, where):
    return eval(compile(ast.Expression(node), where, "eval"), ns)  # literals and str.format only


def module_constants(tree, where):
    ns = {"base64": base64, "textwrap": textwrap}
    for node in tree.body:
        if isinstance(node, ast.Assign) and all(isinstance(t, ast.Name) for t in node.targets):
            names = [t.id for t in node.targets]
            if "LONG_LINE" in names:  # random content
                continue
            try:
                value = evaluate(node.value, ns, where)
            except Exception:
                continue
            for n in names:
                ns[n] = value
    return ns


def plugin_cases(name, src):
    """(text, label, secret value) from every `parametrize` list whose items start (str, bool)."""
    tree = ast.parse(src)
    ns = module_constants(tree, name)
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and ast.unparse(node.func).endswith("parametrize") and len(node.args) >= 2):
            continue
        try:
            params = evaluate(node.args[1], ns, name)
        except Exception:
            continue
        for item in params:
            if isinstance(item, tuple) and len(item) >= 2 and isinstance(item[0], str) and isinstance(item[1], bool):
                yield item[0], "secret" if item[1] else "lookalike", None, ""


def keyword_cases(src):
    """The keyword test's per-language lists: (line, expected secret or None), with each item's comment."""
    comments = {t.start[0]: t.string for t in tokenize.generate_tokens(io.StringIO(src).readline) if t.type == tokenize.COMMENT}
    tree = ast.parse(src)
    ns = module_constants(tree, KEYWORD_FILE)
    secrets = [v for k, v in ns.items() if k.endswith("_SECRET") and isinstance(v, str) and re.search(r"[A-Za-z0-9]", v)]
    for node in tree.body:
        if not (isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)):
            continue
        list_name = node.targets[0].id
        # The C++ list is not among the test's parametrized lists.
        if not list_name.endswith("_TEST_CASES") or list_name == "C_PLUS_PLUS_TEST_CASES":
            continue
        for elt in node.value.elts:
            if ast.unparse(elt.elts[0]) == "LONG_LINE":
                continue
            text = evaluate(elt.elts[0], ns, KEYWORD_FILE)
            secret = evaluate(elt.elts[1], ns, KEYWORD_FILE)
            comment = comments.get(elt.end_lineno, "").lower()
            if secret is None:
                if ("quote" in comment and "nothing in the quotes" not in comment) or any(s in text for s in secrets):
                    continue  # negative only by a file type's quoting rule
                yield text, "lookalike", None, comment
            else:
                yield text, "secret", secret, comment


def collect(repo):
    files = git(repo, "ls-tree", "-r", "--name-only", "HEAD", "tests/plugins").split()
    raw = []
    for path in files:
        name = path.split("/")[-1]
        if name in SKIP or not name.endswith("_test.py"):
            continue
        src = git(repo, "show", f"HEAD:{path}")
        rows = keyword_cases(src) if name == KEYWORD_FILE else plugin_cases(name, src)
        vendor = "keyword" if name == KEYWORD_FILE else name[: -len("_test.py")]
        for text, label, secret, _ in rows:
            if label == "secret" and placeholder(secret or text):
                continue
            raw.append({"vendor": vendor, "file": name, "text": text, "label": label, "secret": secret})
    by_text, conflict = {}, set()
    for c in raw:
        prev = by_text.setdefault(c["text"], c)
        if prev["label"] != c["label"]:
            conflict.add(c["text"])
    return [c for t, c in by_text.items() if t not in conflict]


def to_case(c):
    group = f"detect-secrets:{c['file']}:{c['text']}"
    case = {"id": group, "group": group, "source": "detect-secrets", "vendor": c["vendor"], "label": c["label"], "text": c["text"]}
    if c["secret"] is not None:
        start = c["text"].index(c["secret"])
        case["span"] = [start, start + len(c["secret"])]
    return case


def frozen(case):
    # Same rule as build.ts: frozen when the first byte of the group's sha256 is below 128.
    return hashlib.sha256(case["group"].encode()).digest()[0] < 128


def main():
    cases = [to_case(c) for c in collect(sys.argv[1])]
    for part, keep in (("frozen", True), ("tune", False)):
        chosen = [c for c in cases if frozen(c) == keep]
        with open(os.path.join(os.environ.get("TOLLGATE_SECRETS_EVAL_DATA", os.path.join(HERE, "data")), f"detect-secrets-{part}.json"), "w", encoding="utf8") as f:
            json.dump(chosen, f, indent=1, ensure_ascii=False)
            f.write("\n")
        print(part, len(chosen), sum(c["label"] == "secret" for c in chosen), "secrets")


if __name__ == "__main__":
    main()
