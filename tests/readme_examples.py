#!/usr/bin/env python3
"""The READMEs' examples against the binaries: every `$ COMMAND` line of a fenced code block that
is followed by the output it prints is run (sh, from the source folder, with mjverify and ddz
first on the PATH, stderr with stdout) and its output compared with the README's. A command
whose comment names a time of 5 s or more (`# every hand of 1-8 tiles, about 10 s`) runs only
with --slow. Usage: readme_examples.py [--slow] BIN_DIR... -- SOURCE_DIR README..."""
import os
import re
import subprocess
import sys


def examples(path):
    """(line number, command, expected output) for each shown example of a Markdown file."""
    lines = open(path, encoding="utf-8").read().split("\n")
    out, block, i = [], False, 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            block = not block
            i += 1
            continue
        if block and line.startswith("$ "):
            start, cmd, shown = i + 1, line[2:], []
            i += 1
            while i < len(lines) and not lines[i].startswith("```") and not lines[i].startswith("$ "):
                shown.append(lines[i])
                i += 1
            if shown:
                out.append((start, cmd, "\n".join(shown)))
            continue
        i += 1
    return out


def slow(cmd):
    m = re.search(r"#.*?(\d+) s\b", cmd)
    return bool(m) and int(m.group(1)) >= 5


def main(argv):
    run_slow = "--slow" in argv
    argv = [a for a in argv if a != "--slow"]
    sep = argv.index("--")
    bins, src, readmes = argv[:sep], argv[sep + 1], argv[sep + 2:]
    env = dict(os.environ, PATH=os.pathsep.join([os.path.abspath(b) for b in bins] + [os.environ["PATH"]]),
               LC_ALL="C")
    failed = passed = skipped = 0
    for readme in readmes:
        for line, cmd, want in examples(os.path.join(src, readme)):
            if slow(cmd) and not run_slow:
                skipped += 1
                continue
            r = subprocess.run(["sh", "-c", cmd], cwd=src, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, timeout=600)
            got = r.stdout.decode("utf-8", "replace").rstrip("\n")
            if got == want.rstrip("\n"):
                passed += 1
            else:
                failed += 1
                print(f"FAIL {readme}:{line}: $ {cmd}\n--- README\n{want}\n--- binary (exit {r.returncode})\n{got}")
    print(f"readme_examples: {passed} passed, {failed} failed, {skipped} slow ones skipped")
    return 1 if failed or passed == 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
