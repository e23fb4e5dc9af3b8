"""Reads the labelled lines of two Python test suites for build-s21.ts, which runs this script and does the hygiene
and the split (sources and commits in README.md). Prints a JSON array of {vendor, file, text, label, secret} on stdout.

    python3 bench/secrets-eval/build-s21-extract.py ibm <IBM detect-secrets git dir> <commit>
    python3 bench/secrets-eval/build-s21-extract.py checkov <checkov git dir> <commit>

IBM/detect-secrets (Apache-2.0): IBM's fork keeps its own plugins (Box, DB2, GitHub Enterprise, IBM Cloud, SoftLayer, Artifactory, Cloudant) and its
own tests of the common ones. Read with `ast`, without running the tests: every `parametrize` list whose items are
(payload, should_flag), (token, payload, should_flag) or, in the three files whose test asserts one finding per item
(Slack, private keys, Square OAuth), a payload alone. The keyword test (an older copy of Yelp's, whose cases the
detect-secrets parts already hold), the high-entropy-string test (an unkeyed random string is not a credential here)
and the base and helper tests are skipped. A secret whose value is a placeholder by the detect-secrets builder's rule
(`placeholder`) is dropped there too.
"""
import ast
import importlib.util
import io
import json
import os
import sys
import tokenize

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("ds", os.path.join(HERE, "build-detect-secrets.py"))
ds = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ds)

SKIP = {"base_test.py", "high_entropy_strings_test.py", "keyword_test.py"}
POSITIVE_ONLY = {"slack_test.py", "private_key_test.py", "square_oauth_test.py"}


def rows(name, src):
    tree = ast.parse(src)
    ns = ds.module_constants(tree, name)
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and ast.unparse(node.func).endswith("parametrize") and len(node.args) >= 2):
            continue
        try:
            params = ds.evaluate(node.args[1], ns, name)
        except Exception:
            continue
        for item in params:
            if isinstance(item, str) and name in POSITIVE_ONLY:
                yield item, "secret", None
            elif isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], str) and isinstance(item[1], bool):
                yield item[0], "secret" if item[1] else "lookalike", None
            elif (
                isinstance(item, tuple)
                and len(item) == 3
                and isinstance(item[0], str)
                and isinstance(item[1], str)
                and isinstance(item[2], bool)
            ):
                token = item[0] if item[2] and item[0] in item[1] else None
                yield item[1], "secret" if item[2] else "lookalike", token


def ibm(repo, commit):
    files = ds.git(repo, "ls-tree", "-r", "--name-only", commit, "tests/plugins").split()
    out = []
    for path in files:
        name = path.split("/")[-1]
        if name in SKIP or not name.endswith("_test.py") or "/common/" in path:
            continue
        src = ds.git(repo, "show", f"{commit}:{path}")
        for text, label, secret in rows(name, src):
            if label == "secret" and ds.placeholder(secret or text):
                continue
            out.append({"vendor": name[: -len("_test.py")], "file": name, "text": text, "label": label, "secret": secret})
    return out


def checkov(repo, commit):
    """bridgecrewio/checkov (Apache-2.0), `tests/secrets/test_plugin.py`: each test that calls the keyword-entropy
    plugin's `analyze_line(file, "<line>", n)` on a literal and then asserts `len(result)` is labelled by that count
    (0: look-alike, 1 or more: secret, span the asserted `secret_value` when the test names one). A negative whose
    test says it is negative because of the file type (a comment naming source code files) is dropped: this
    scanner reads text, not file types."""
    path = "tests/secrets/test_plugin.py"
    src = ds.git(repo, "show", f"{commit}:{path}")
    comments = [(t.start[0], t.string.lower()) for t in tokenize.generate_tokens(io.StringIO(src).readline) if t.type == tokenize.COMMENT]
    out = []
    for fn in ast.walk(ast.parse(src)):
        if not isinstance(fn, ast.FunctionDef):
            continue
        line, count, value = None, None, None
        for node in ast.walk(fn):
            if isinstance(node, ast.Call) and ast.unparse(node.func).endswith("analyze_line"):
                args = node.args[1:2] or [k.value for k in node.keywords if k.arg == "line"]
                if args and isinstance(args[0], ast.Constant) and isinstance(args[0].value, str):
                    line = args[0].value
            if isinstance(node, ast.Call) and ast.unparse(node.func).endswith("assertEqual") and len(node.args) == 2:
                a, b = node.args
                if isinstance(a, ast.Constant) and isinstance(a.value, int) and ast.unparse(b) == "len(result)":
                    count = a.value
                if isinstance(a, ast.Constant) and isinstance(a.value, str) and ast.unparse(b).endswith("secret_value"):
                    value = a.value
        if line is None or count is None:
            continue
        by_file_type = any(fn.lineno <= at <= fn.end_lineno and "source code" in c for at, c in comments)
        if count == 0 and by_file_type:
            continue
        label = "secret" if count > 0 else "lookalike"
        secret = value if value is not None and value in line else None
        if label == "secret" and ds.placeholder(secret or line):
            continue
        out.append({"vendor": "keyword", "file": f"{path}:{fn.name}", "text": line, "label": label, "secret": secret})
    return out


def main():
    mode, repo, commit = sys.argv[1], sys.argv[2], sys.argv[3]
    json.dump(ibm(repo, commit) if mode == "ibm" else checkov(repo, commit), sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
