"""Drift benchmark: does `klaro check` notice when a code change makes a real README stale?

Each case in `data/drift_mutations.yaml` is a small, explicit source edit (old text -> new text
in one file of a pinned sdist) applied to a temporary copy. A *mutation* stales the docs (a
renamed keyword argument, method, env var, CLI option, command, class; a removed function; a
changed arity): it is found when `klaro check` reports a new `unresolved` finding on one of the
lines its `stale` texts occur on. A *decoy* keeps the docs true (private renames, body edits,
new parameters with defaults): any new finding it causes is a false alarm.

Figures per kind: recall (mutations found / mutations) and precision (new findings on stale
lines / all new findings, decoys included). About a third of the cases are `heldout`: the
default run skips them so tuning never sees them; `--confirm` runs only them, for the record.
Held-out cases come in rounds, because a held-out set is spent once its figures have steered
tuning: round 1 (held-out cases without a `round` key) is the first held-out third, used for
tuning after its confirmation run on 2026-11-23; round 2 (`round: 2`) is a fresh set on four
other packages, written blind from their code and docs; round 3 (`round: 3`) is another blind
set on xmltodict, records, autoflake and python-json-logger; round 4 (`round: 4`) is a third blind
set on coloredlogs, shortuuid, pyfiglet and inflect; round 5 (`round: 5`) is a fourth blind set
on humanfriendly, arrow, prettytable and invoke; round 6 (`round: 6`) is a fifth blind set on
radon, tinydb, flynt, backoff and thefuck; round 7 (`round: 7`) is a sixth blind set on parse,
wcwidth and fire; round 8 (`round: 8`) is a seventh blind set on keyring, typeguard and markdown2;
round 9 (`round: 9`) is an eighth blind set on tldr, bitmath and jmespath;
round 10 (`round: 10`) is a ninth blind set on wasabi, rotate-backups and python-frontmatter.
round 11 (`round: 11`) is a tenth blind set on blessed, pipdeptree, click-log and ipdb.
round 12 (`round: 12`) is an eleventh blind set on xdg-base-dirs, strip-tags and pyrsistent.
round 13 (`round: 13`) is a twelfth blind set on grip, yaspin and progressbar2.
round 14 (`round: 14`) is a thirteenth blind set on asciinema, funcy and pkginfo.
round 15 (`round: 15`) is a fourteenth blind set on howdoi, halo, webcolors, diskcache and
retrying.
round 16 (`round: 16`) is a fifteenth blind set on parsel, github-to-sqlite and dj-database-url.
round 17 (`round: 17`) is a sixteenth blind set on tldextract, cssselect, texttable, dotmap and
pytimeparse.
round 18 (`round: 18`) is a seventeenth blind set on twine, icecream, emoji, mdformat and
tabulate.
round 19 (`round: 19`) is an eighteenth blind set on colorlog, colorama, pathspec and
pip-tools.
round 20 (`round: 20`) is a nineteenth fresh set written blind on webdriver-manager, jsonpatch,
sshtunnel and pysnooper (--confirm --round 20).
round 21 (`round: 21`) is a twentieth fresh set written blind on httpstat, python-crontab,
sqlitedict and ping3 (--confirm --round 21).
round 22 (`round: 22`) is a twenty-first fresh set written blind on pybreaker, html2text,
logzero and better-exceptions (--confirm --round 22).
round 23 (`round: 23`) is a twenty-second fresh set written blind on statsd, polib,
restructuredtext-lint and pyjokes (--confirm --round 23).
round 24 (`round: 24`) is a twenty-third fresh set written blind on pretty-errors, speedtest-cli,
num2words and nameparser (--confirm --round 24).
round 25 (`round: 25`) is a twenty-fourth fresh set written blind on gdown, gita, pyppeteer and
wikipedia (--confirm --round 25).
round 26 (`round: 26`) is a twenty-fifth fresh set written blind on pyright, responses,
nbstripout and scp (--confirm --round 26).
round 27 (`round: 27`) is a twenty-sixth fresh set written blind on pudb, enlighten,
td-watson and nodeenv (--confirm --round 27).
round 28 (`round: 28`) is a twenty-seventh fresh set written blind on aiosmtpd, doc2dash,
python-benedict and tmuxp (--confirm --round 28).
round 29 (`round: 29`) is a twenty-eighth fresh set written blind on premailer, pyquery,
segno and deptry (--confirm --round 29).
round 30 (`round: 30`) is a twenty-ninth fresh set written blind on pygount,
charset-normalizer, datadog and python-jenkins (--confirm --round 30).
round 31 (`round: 31`) is a thirtieth fresh set written blind on apprise, portalocker,
mangum and distro (--confirm --round 31).
round 32 (`round: 32`) is a thirty-first fresh set written blind on pydeps, pyperf,
tinytag and pypika (--confirm --round 32).
round 33 (`round: 33`) is a thirty-second fresh set written blind on xmldiff, parsy,
joblib and pydash (--confirm --round 33).
round 34 (`round: 34`) is a thirty-third fresh set written blind on buku, rfc3986,
alive-progress and textdistance (--confirm --round 34).
round 35 (`round: 35`) is a thirty-fourth fresh set written blind on diceware, redmail,
simple-term-menu and pook (--confirm --round 35).
round 36 (`round: 36`) is a thirty-fifth fresh set written blind on pipgrip, wonderwords,
objprint and memory-profiler (--confirm --round 36).
round 37 (`round: 37`) is a thirty-sixth fresh set written blind on pew, codetiming,
pipreqs and notify-run (--confirm --round 37).
round 38 (`round: 38`) is a thirty-seventh fresh set written blind on gitingest,
discord-webhook, pytest-watch and ghp-import (--confirm --round 38).
round 39 (`round: 39`) is a thirty-eighth fresh set written blind on toot,
langcodes, xkcdpass and randomname (--confirm --round 39).
round 40 (`round: 40`) is a thirty-ninth fresh set written blind on homeassistant-cli,
mackup, jello and beautifultable (--confirm --round 40).
round 41 (`round: 41`) is a fortieth fresh set written blind on shell-gpt,
deep-translator, gcalcli and trustme (--confirm --round 41).
round 42 (`round: 42`) is a forty-first fresh set written blind on ascii-magic,
sumy, csvs-to-sqlite and desktop-notifier (--confirm --round 42).
round 43 (`round: 43`) is a forty-second fresh set written blind on ntfy,
uniplot, manhole and xlsx2csv (--confirm --round 43).
round 44 (`round: 44`) is a forty-third fresh set written blind on sshuttle,
ollama, jsonmerge and twitter-to-sqlite (--confirm --round 44).
round 45 (`round: 45`) is a forty-fourth fresh set written blind on ipwhois,
poetry-dynamic-versioning, sqlite-web and mailmerge (--confirm --round 45).
round 46 (`round: 46`) is a forty-fifth fresh set written blind on dpath,
cron-descriptor, gprof2dot and zipapps (--confirm --round 46).
round 47 (`round: 47`) is a forty-sixth fresh set written blind on appdirs,
termdown, reorder-python-imports and parsedatetime (--confirm --round 47).
round 48 (`round: 48`) is a forty-seventh fresh set written blind on ddgr,
currencyconverter, feedgen and airtable-export (--confirm --round 48).
round 49 (`round: 49`) is a forty-eighth fresh set written blind on termgraph,
pysftp, stackprinter and remote-pdb (--confirm --round 49).
round 50 (`round: 50`) is a forty-ninth fresh set written blind on ffmpeg-normalize,
graypy, lyricsgenius and bagit (--confirm --round 50).
round 51 (`round: 51`) is a fiftieth fresh set written blind on pdfkit,
pywebpush, replicate and zulip (--confirm --round 51).
round 52 (`round: 52`) is a fifty-first fresh set written blind on rembg,
persist-queue, pyaml and python-magic (--confirm --round 52).
round 53 (`round: 53`) is a fifty-second fresh set written blind on tmdbv3api,
youtube-transcript-api, urlextract and watchgod (--confirm --round 53).
round 54 (`round: 54`) is a fifty-third fresh set written blind on lastversion,
ijson, intervaltree and nested-lookup (--confirm --round 54).
round 55 (`round: 55`) is a fifty-fourth fresh set written blind on pingparsing,
PyVirtualDisplay, semantic-version and qbittorrent-api (--confirm --round 55).
round 56 (`round: 56`) is a fifty-fifth fresh set written blind on getmac,
hashids, cryptocompare and githubrelease (--confirm --round 56).
round 57 (`round: 57`) is a fifty-sixth fresh set written blind on countryinfo,
ec2-metadata, localstack-client and fake-useragent (--confirm --round 57).
round 58 (`round: 58`) is a fifty-seventh fresh set written blind on pysrt,
pyhibp, telegram-send and rtv (--confirm --round 58).
round 59 (`round: 59`) is a fifty-eighth fresh set written blind on github-backup,
pypistats, markovify and github-action-utils (--confirm --round 59).
round 60 (`round: 60`) is a fifty-ninth fresh set written blind on pytesseract,
wakeonlan, git-up and waybackpy (--confirm --round 60).
round 61 (`round: 61`) is a sixtieth fresh set written blind on cronitor,
crossplane, fluent-logger and flashtext (--confirm --round 61).
round 62 (`round: 62`) is a sixty-first fresh set written blind on yake,
sparklines, thefuzz and stopit (--confirm --round 62).
round 63 (`round: 63`) is a sixty-second fresh set written blind on awslogs,
html2image, genanki and fuzzysearch (--confirm --round 63).
round 64 (`round: 64`) is a sixty-third fresh set written blind on shyaml,
puremagic, unidiff and pdf2image (--confirm --round 64).
round 65 (`round: 65`) is a sixty-fourth fresh set written blind on ImageHash,
wordfreq, ffsubsync and pip-run (--confirm --round 65).
round 66 (`round: 66`) is a sixty-fifth fresh set written blind on duckduckgo-search,
icrawler, ffmpeg-progress-yield and html-text (--confirm --round 66).
round 67 (`round: 67`) is a sixty-sixth fresh set written blind on stockfish,
pypyp, xmljson and reedsolo (--confirm --round 67).
round 68 (`round: 68`) is a sixty-seventh fresh set written blind on awesome-slugify,
dicttoxml, j2cli and kaptan (--confirm --round 68).
round 69 (`round: 69`) is a sixty-eighth fresh set written blind on tika,
traceback-with-variables, sqlitebiter and python-pushover (--confirm --round 69).
round 70 (`round: 70`) is a sixty-ninth fresh set written blind on cherry-picker,
click-odoo, hashfs and ipinfo (--confirm --round 70).
round 71 (`round: 71`) is a seventieth fresh set written blind on pyclean,
pytrends, pyinstaller-versionfile and zyte-api (--confirm --round 71).
round 72 (`round: 72`) is a seventy-first fresh set written blind on gspread-formatting,
icmplib, imageio-ffmpeg and json-repair (--confirm --round 72).
round 73 (`round: 73`) is a seventy-second fresh set written blind on mailchimp3,
py3langid, pyfcm and notion2md (--confirm --round 73).
round 74 (`round: 74`) is a seventy-third fresh set written blind on kb-manager,
aws-google-auth, feedsearch and forex-python (--confirm --round 74).
round 75 (`round: 75`) is a seventy-fourth fresh set written blind on pymsteams,
pywhat, zxcvbn and torrentool (--confirm --round 75).
round 76 (`round: 76`) is a seventy-fifth fresh set written blind on heroku3,
awscurl, imgkit and docker-squash (--confirm --round 76).
round 77 (`round: 77`) is a seventy-sixth fresh set written blind on pyicloud,
nmcli, zip-files and titlecase (--confirm --round 77).
round 78 (`round: 78`) is a seventy-seventh fresh set written blind on kagglehub,
face-recognition, cram and jinja-cli (--confirm --round 78).
round 79 (`round: 79`) is a seventy-eighth fresh set written blind on parameterized,
python-vagrant, pytest-watcher and memoization (--confirm --round 79).
round 80 (`round: 80`) is a seventy-ninth fresh set written blind on bigquery-schema-generator,
json-stream, deb-pkg-tools and jproperties (--confirm --round 80).
round 81 (`round: 81`) is an eightieth fresh set written blind on simplegmail,
removestar, simplesqlite and rshell (--confirm --round 81).
round 82 (`round: 82`) is an eighty-first fresh set written blind on gimme-aws-creds,
dirhash, fuzzywuzzy and aioconsole (--confirm --round 82).
round 83 (`round: 83`) is an eighty-second fresh set written blind on rq-scheduler,
multitasking, python-string-utils and pipupgrade (--confirm --round 83).
round 84 (`round: 84`) is an eighty-third fresh set written blind on check-python-versions,
cloudscraper, credstash and gitchangelog (--confirm --round 84).
round 85 (`round: 85`) is an eighty-fourth fresh set written blind on python-kacl,
whispers, slumber and translationstring (--confirm --round 85).
round 86 (`round: 86`) is an eighty-fifth fresh set written blind on db-to-sqlite,
frozendict, expiringdict and blessings (--confirm --round 86).
round 87 (`round: 87`) is an eighty-sixth fresh set written blind on mdv,
uploadserver, requests-futures and python-etcd (--confirm --round 87).
round 88 (`round: 88`) is an eighty-seventh fresh set written blind on gh-md-to-html,
exrex, subprocrunner and colorclass (--confirm --round 88).
round 89 (`round: 89`) is an eighty-eighth fresh set written blind on wrapt-timeout-decorator,
sshpubkeys, rouge and pywebcopy (--confirm --round 89).
round 90 (`round: 90`) is an eighty-ninth fresh set written blind on kconfiglib,
aiohttp-retry, flatten-json and hererocks (--confirm --round 90).
round 91 (`round: 91`) is a ninetieth fresh set written blind on tblib,
watchtower, ulid-py and liccheck (--confirm --round 91).
round 92 (`round: 92`) is a ninety-first fresh set written blind on HiYaPyCo,
EasyProcess, click-help-colors and git-delete-merged-branches (--confirm --round 92).
round 93 (`round: 93`) is a ninety-second fresh set written blind on pyflowchart,
openai-to-sqlite, pyzipper and pytest-repeat (--confirm --round 93).
round 94 (`round: 94`) is a ninety-third fresh set written blind on git-archive-all,
async-timeout, case-converter and filesplit (--confirm --round 94).
round 95 (`round: 95`) is a ninety-fourth fresh set written blind on py-markdown-table,
simple-pid, number-parser and ps-mem (--confirm --round 95).
round 96 (`round: 96`) is a ninety-fifth fresh set written blind on func-timeout,
async-lru, doq and aws-export-credentials (--confirm --round 96).
round 97 (`round: 97`) is a ninety-sixth fresh set written blind on zmail,
PyInputPlus, tabview and zimports (--confirm --round 97).
round 98 (`round: 98`) is a ninety-seventh fresh set written blind on iexfinance,
ascii-graph, autotyping and browser-cookie3 (--confirm --round 98).
round 99 (`round: 99`) is a ninety-eighth fresh set written blind on yagmail,
mss, whatthepatch and prettyprinter (--confirm --round 99).
round 100 (`round: 100`) is a ninety-ninth fresh set written blind on art, colour,
dj-email-url and bashplotlib (--confirm --round 100).
round 101 (`round: 101`) is a hundredth fresh set written blind on remarshal,
pyyaml-include, sqliteschema and wheel-inspect (--confirm --round 101).
round 102 (`round: 102`) is a hundred-and-first fresh set written blind on climage,
deluge-client, camel-converter and doppler-env (--confirm --round 102).
round 103 (`round: 103`) is a hundred-and-second fresh set written blind on pycoingecko,
sysrsync, WooCommerce and pip-review (--confirm --round 103).
round 104 (`round: 104`) is a hundred-and-third fresh set written blind on alpha-vantage,
argparse-manpage, atomicwrites and dotty-dict (--confirm --round 104).
round 105 (`round: 105`) is a hundred-and-fourth fresh set written blind on md2cf,
python3-nmap, pyboxen and moban (--confirm --round 105).
round 106 (`round: 106`) is a hundred-and-fifth fresh set written blind on console-menu,
aws-requests-auth, com2ann and cleantext (--confirm --round 106).
round 107 (`round: 107`) is a hundred-and-sixth fresh set written blind on tcolorpy,
pyscreeze, textsearch and segtok (--confirm --round 107).
round 108 (`round: 108`) is a hundred-and-seventh fresh set written blind on airbrake,
grequests, httmock and eradicate (--confirm --round 108).
round 109 (`round: 109`) is a hundred-and-eighth fresh set written blind on tbvaccine,
stegano, madbg and montydb (--confirm --round 109).
round 110 (`round: 110`) is a hundred-and-ninth fresh set written blind on git-fame,
defusedxml, addict and cfenv (--confirm --round 110).
round 111 (`round: 111`) is a hundred-and-tenth fresh set written blind on google-drive-to-sqlite,
dogsheep-beta, contexttimer and gender-guesser (--confirm --round 111).
round 112 (`round: 112`) is a hundred-and-eleventh fresh set written blind on mailjet-rest,
simplefix, sharepy and table-logger (--confirm --round 112).
round 113 (`round: 113`) is a hundred-and-twelfth fresh set written blind on geojson-to-sqlite,
imgcat, Genderize and argparse-dataclass (--confirm --round 113).
round 114 (`round: 114`) is a hundred-and-thirteenth fresh set written blind on twython,
pyfunctional, pysondb and tinydb-serialization (--confirm --round 114).
round 115 (`round: 115`) is a hundred-and-fourteenth fresh set written blind on stm32loader,
pgeocode, pylru and picobox (--confirm --round 115).
round 116 (`round: 116`) is a hundred-and-fifteenth fresh set written blind on gnews,
fiscalyear, deadcode and aioredlock (--confirm --round 116).
round 117 (`round: 117`) is a hundred-and-sixteenth fresh set written blind on rich-cli,
purl, sox and rstr (--confirm --round 117).
round 118 (`round: 118`) is a hundred-and-seventeenth fresh set written blind on about-time,
aiocsv, chime and httpx-auth (--confirm --round 118).
round 119 (`round: 119`) is a hundred-and-eighteenth fresh set written blind on cacheme,
beautiful-date, python-cfonts and bestconfig (--confirm --round 119).
round 120 (`round: 120`) is a hundred-and-nineteenth fresh set written blind on pdbr,
transliterate, mocket and wait-for-it (--confirm --round 120).
round 121 (`round: 121`) is a hundred-and-twentieth fresh set written blind on hashin,
install-jdk, dictor and cheap-repr (--confirm --round 121).
round 122 (`round: 122`) is a hundred-and-twenty-first fresh set written blind on
python-json-config, pyrallis, yachalk and sqlite-diffable (--confirm --round 122).
round 123 (`round: 123`) is a hundred-and-twenty-second fresh set written blind on riprova,
pqdict, pigar and massedit (--confirm --round 123).
round 124 (`round: 124`) is a hundred-and-twenty-third fresh set written blind on Eel,
IPy, asgi-csrf and dirsync (--confirm --round 124).
round 125 (`round: 125`) is a hundred-and-twenty-fourth fresh set written blind on semchunk,
staticmap, xmlformatter and port-for (--confirm --round 125).
round 126 (`round: 126`) is a hundred-and-twenty-fifth fresh set written blind on confight,
ezgmail, aiohttp-cors and cutie (--confirm --round 126).
`--round N` runs only round N's held-out cases (it implies `--confirm`).

Each package copy is a git repository whose one commit is the pristine sdist, and the edits
are left uncommitted, as when a developer runs `klaro check` after a change: the check compares
with `HEAD` to know the names the code once had (`--no-git` measures without any history).

Run: `python benchmarks/drift.py [--confirm | --all] [--round N] [--package NAME] [--misses]
[--no-git]`.
Sdists are cached under ~/.cache/klaro-bench; packages that cannot be fetched are skipped.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from sdists import Unavailable, fetch_sdist

from klaro.config import load_config
from klaro.scan.analyze import analyze_repository
from klaro.verify.check import check_repository
from klaro.verify.former import Former

DATA = Path(__file__).parent / "data" / "drift_mutations.yaml"
Key = tuple[str, int, str]  # file, line, reference


@dataclass
class Result:
    """What one case did to the check: the new drift findings and which were on stale lines."""

    case: dict[str, Any]
    new: list[Key] = field(default_factory=list)
    on_target: list[Key] = field(default_factory=list)
    error: str = ""

    @property
    def found(self) -> bool:
        return bool(self.on_target)


def drift_keys(root: Path, docs: list[str] | None, history: bool) -> set[Key]:
    """Run the check as `klaro check` does and return its drift findings."""
    analysis = analyze_repository(root)
    former = Former(root, analysis) if history else None
    report = check_repository(load_config(root, env={}), analysis, docs, former)
    return {(f.file, f.line, f.reference) for f in report.drift}


def commit_all(root: Path) -> None:
    """Make `root` a git repository whose one commit is its current tree."""
    identity = ["-c", "user.name=bench", "-c", "user.email=bench@example.invalid"]
    for args in (["init", "-q"], ["add", "-A"], [*identity, "commit", "-qm", "sdist"]):
        subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True)


def stale_lines(root: Path, case: dict[str, Any]) -> set[tuple[str, int]]:
    """Lines of the docs that the mutation makes untrue: every line holding a `stale` text.

    `word: true` matches the text as a whole word (`Env`, not `EnvError`); `regex: true` takes
    the text as a regular expression (every call passing a renamed keyword).
    """
    lines: set[tuple[str, int]] = set()
    for item in case.get("stale", ()):
        text = (root / item["doc"]).read_text(encoding="utf-8").splitlines()
        quoted = item["text"] if item.get("regex") else re.escape(item["text"])
        pattern = re.compile(rf"(?<![\w-]){quoted}(?![\w-])" if item.get("word") else quoted)
        hits = {(item["doc"], n) for n, line in enumerate(text, 1) if pattern.search(line)}
        if not hits:
            raise ValueError(f"stale text {item['text']!r} not in {item['doc']}")
        lines |= hits
    return lines


def apply(root: Path, edits: list[dict[str, str]]) -> list[tuple[Path, Path | None, str]]:
    """Apply the edits (every occurrence of `old` in `file`, or a `move`); return the undo log."""
    undo: list[tuple[Path, Path | None, str]] = []  # (path, moved from, original text)
    for edit in edits:
        if "move" in edit:
            source, target = root / edit["move"], root / edit["to"]
            if not source.is_file():
                restore(undo)
                raise ValueError(f"no file {edit['move']} to move")
            source.rename(target)
            undo.append((target, source, ""))
            continue
        path = root / edit["file"]
        current = path.read_text(encoding="utf-8")
        if edit["old"] not in current:
            restore(undo)
            raise ValueError(f"{edit['old']!r} not in {edit['file']}")
        undo.append((path, None, current))
        path.write_text(current.replace(edit["old"], edit["new"]), encoding="utf-8")
    return undo


def restore(undo: list[tuple[Path, Path | None, str]]) -> None:
    """Undo the edits, last first."""
    for path, moved_from, text in reversed(undo):
        if moved_from is not None:
            path.rename(moved_from)
        else:
            path.write_text(text, encoding="utf-8")


def run_package(
    name: str, spec: dict[str, Any], cases: list[dict[str, Any]], history: bool = True
) -> list[Result]:
    """Copy the package once, then check it before and after each case's edits."""
    try:
        source = fetch_sdist(name, str(spec["version"]))
    except Unavailable as exc:
        print(f"skip {name}: {exc}", file=sys.stderr)
        return []
    docs = spec.get("docs")
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / name
        shutil.copytree(source, root)
        if history:
            commit_all(root)
        try:
            before = drift_keys(root, docs, history)
        except Exception as exc:  # the checker crashing on a package is a result, not the end
            print(f"error {name}: klaro check failed: {exc!r}", file=sys.stderr)
            return [Result(case, error=f"klaro check failed: {exc!r}") for case in cases]
        for case in cases:
            result = Result(case)
            try:
                targets = stale_lines(root, case)
                undo = apply(root, case["edits"])
            except (ValueError, OSError) as exc:
                result.error = str(exc)
                results.append(result)
                continue
            try:
                after = drift_keys(root, docs, history)
            except Exception as exc:  # a crash on the edited code counts as broken, not found
                result.error = f"klaro check failed: {exc!r}"
                results.append(result)
                continue
            finally:
                restore(undo)
            result.new = sorted(after - before)
            result.on_target = [k for k in result.new if (k[0], k[1]) in targets]
            results.append(result)
    return results


def report(results: list[Result], misses: bool) -> None:
    """Print recall and precision per kind and overall, and the broken cases."""
    by_kind: dict[str, list[Result]] = defaultdict(list)
    for r in results:
        if not r.error:
            by_kind[r.case["kind"]].append(r)
    head = ("kind", "cases", "found", "recall", "new", "right", "prec")
    print("{:12} {:>5} {:>5} {:>6} {:>4} {:>5} {:>5}".format(*head))
    total = {"cases": 0, "found": 0, "new": 0, "right": 0}
    decoy_new = 0
    for kind in sorted(by_kind, key=lambda k: (k == "decoy", k)):
        rows = by_kind[kind]
        found = sum(r.found for r in rows)
        new = sum(len(r.new) for r in rows)
        right = sum(len(r.on_target) for r in rows)
        if kind == "decoy":
            decoy_new = new
            flagged = sum(bool(r.new) for r in rows)
            print(f"{'decoy':12} {len(rows):5} {flagged:5} flagged, {new} false findings")
            continue
        recall = f"{found / len(rows):6.2f}"
        prec = f"{right / new:5.2f}" if new else "    -"
        print(f"{kind:12} {len(rows):5} {found:5} {recall} {new:4} {right:5} {prec}")
        for key, value in (("cases", len(rows)), ("found", found), ("new", new), ("right", right)):
            total[key] += value
    new_all = total["new"] + decoy_new
    recall = total["found"] / total["cases"] if total["cases"] else 0.0
    precision = total["right"] / new_all if new_all else 1.0
    print(f"overall: recall {recall:.3f} ({total['found']}/{total['cases']} mutations found)")
    print(f"overall: precision {precision:.3f} ({total['right']}/{new_all} new findings on stale")
    print("         lines; decoys included)")
    for r in results:
        if r.error:
            print(f"BROKEN {r.case['id']}: {r.error}")
    if misses:
        for r in results:
            if r.error:
                continue
            decoy = r.case["kind"] == "decoy"
            if (decoy and r.new) or (not decoy and not r.found) or len(r.new) > len(r.on_target):
                wrong = [k for k in r.new if k not in r.on_target]
                label = "MISS" if not decoy and not r.found else "NOISE"
                print(f"{label} {r.case['id']} ({r.case['kind']}): extra={wrong}")


def held_out_round(case: dict[str, Any]) -> int | None:
    """The held-out round a case belongs to: its `round`, 1 when unset; None for tuning cases."""
    return int(case.get("round", 1)) if case.get("heldout") else None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--confirm", action="store_true", help="run only the held-out cases")
    group.add_argument("--all", action="store_true", help="run tuning and held-out cases")
    parser.add_argument(
        "--round", type=int, help="only the held-out cases of this round (implies --confirm)"
    )
    parser.add_argument("--package", action="append", help="only these packages")
    parser.add_argument("--misses", action="store_true", help="list misses and false alarms")
    parser.add_argument(
        "--no-git", action="store_true", help="check without history (no names the code once had)"
    )
    args = parser.parse_args(argv)
    data = yaml.safe_load(DATA.read_text(encoding="utf-8"))
    confirm = args.confirm or args.round is not None
    cases = [
        c
        for c in data["cases"]
        if args.all or bool(c.get("heldout")) == confirm
        if args.round is None or held_out_round(c) == args.round
        if not args.package or c["package"] in args.package
    ]
    part = "all cases" if args.all else "held-out cases" if confirm else "tuning cases"
    if args.round is not None:
        part += f" of round {args.round}"
    print(f"drift benchmark, {part}: {len(cases)}")
    start = time.perf_counter()
    results: list[Result] = []
    for name, spec in data["packages"].items():
        mine = [c for c in cases if c["package"] == name]
        if mine:
            results += run_package(name, spec, mine, history=not args.no_git)
            done = [r for r in results if r.case["package"] == name]
            print(f"  {name} {spec['version']}: {len(done)} cases", file=sys.stderr)
    report(results, args.misses)
    print(f"time: {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
