"""Shapes from the blind sets of round 28 and the false alarms left from round 27, each on a
small repo that has it:

- a wrapper's docs giving the flags it hands on to the program it runs ("Pass extra flags to
  Terrascan", then `--severity HIGH`): that program's flags, while the wrapper's own
  renamed flag is still reported;
- docs that keep serving an older release line ("## Tool v0.5.x", "v0.5.x emits ...", a
  `# v0.5.x` comment over a command line): its names are the old line's, while those of the
  current line's sections are checked; "there is no separate `x`" says it does not exist.
"""

from __future__ import annotations

from pathlib import Path

from test_verify_wild import _drift, _write


def _program_drift(
    root: Path, name: str, version: str, code: str, readme: str
) -> set[tuple[int, str]]:
    """The (line, reference) findings of a README on a one-module program `name`."""
    files = {
        "pyproject.toml": f'[project]\nname = "{name}"\nversion = "{version}"\n\n'
        f'[project.scripts]\n{name} = "{name}:main"\n',
        f"{name}/__init__.py": code,
        "README.md": readme,
    }
    return {(line, ref) for _, line, ref in _drift(_write(root / name, files))}


WRAPPER = '''\
"""Runs a scanner with the flags a user adds."""

import argparse
import shlex
import subprocess


def main() -> None:
    parser = argparse.ArgumentParser(prog="scanwrap")
    parser.add_argument("--extra-args", default="")
    parser.add_argument("--fail-level", default="high")
    args = parser.parse_args()
    subprocess.run(["terrascan", "scan", *shlex.split(args.extra_args)], check=False)
'''

WRAPPER_README = """\
# scanwrap

## Configuration

- **Additional Arguments** (`--extra-args`): Pass extra flags to Terrascan

Examples:
- Filter by severity: `--severity HIGH,MEDIUM`
- Skip rules: `--skip-rules AC_AWS_0058`

## Failing

Fail the run from a level on with `--fail-on high`.

## Checkov

Optional command-line arguments to pass to `scanwrap` itself (e.g., `--verbose`).
"""


def test_flags_a_wrapper_hands_on_to_the_program_it_runs(tmp_path: Path) -> None:
    """Terrascan's `--severity` and `--skip-rules` are not the wrapper's; its own
    `--fail-on` (now `--fail-level`) is, and so is a flag said to be passed to it."""
    found = _program_drift(tmp_path, "scanwrap", "1", WRAPPER, WRAPPER_README)
    assert found == {(13, "--fail-on high"), (17, "--verbose")}


RELEASES = """\
\"\"\"Scans servers.\"\"\"

import argparse


def main() -> None:
    parser = argparse.ArgumentParser(prog="agentscan")
    parser.add_argument("--ignore-risks", default="")
    parser.add_argument("--ci", action="store_true")
    parser.add_argument("--skills", action=argparse.BooleanOptionalAction)
    parser.parse_args()


class ScanResults:
    \"\"\"What a scan gives.\"\"\"
"""

RELEASES_README = """\
# agentscan

## Agent Scan v0.5.x

Ignore findings with `--ignore-codes W015`.

### JSON

The root is a `ScanPathResult`.

## Agent Scan v0.6 and later

Ignore risks with `--ignore-risks x` and `--ignore-level high`.

v0.5.x emits path-keyed `ScanPathResult` JSON. There is no separate `no_skills` toggle.
Since v0.5.x the root is a `ScanPathResult`.

```bash
# v0.5.x CI
agentscan --ci \\
  --ignore-codes W015

# v0.6 CI
agentscan --ci --ignore-level high
```
"""


def test_names_of_an_older_release_line(tmp_path: Path) -> None:
    """Under "v0.5.x" the old line's names stand; under "v0.6 and later" they are checked."""
    found = _program_drift(tmp_path, "agentscan", "0.6.9", RELEASES, RELEASES_README)
    assert found == {
        (13, "--ignore-level high"),
        (16, "ScanPathResult"),  # "since v0.5.x": the current line too
        (24, "agentscan --ci --ignore-level high"),
    }
