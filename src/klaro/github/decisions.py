"""Learn what maintainers decided about Klaro's text from GitHub, for the next refresh.

Klaro's pull requests say it all: one closed without merging rejected the regions it changed;
one merged after a maintainer edited Klaro's lines rejected Klaro's version and pinned theirs;
a review comment on a line of a region rejects that line. After a merge, a region whose text
on the base branch no longer matches what Klaro had merged was written by a maintainer: it is
pinned. The memory read here is the base branch's, joined with the one on Klaro's branch.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from klaro.github.port import GitHubPort, PullRequest
from klaro.github.publish import repo_path, source_of
from klaro.write.memory import MEMORY_PATH, Memory, load_memory, region_bodies, same_text
from klaro.write.regions import RegionError, find_regions

RECENT_PULLS = 20  # older closed pull requests say less about today's text than they cost


def recall(
    port: GitHubPort,
    root: Path,
    *,
    branch: str,
    base: str,
    prefix: str,
    docs: Sequence[str],
    closed: Sequence[PullRequest],
) -> Memory:
    """The memory to write with: what is kept, plus what Klaro's closed PRs and the base say.

    `root` is the checked-out package (its `.klaro/memory.json` and docs are the base's);
    `docs` are documentation paths relative to it; `closed` are the closed pull requests
    from Klaro's branch (`GitHubPort.closed_pulls`).
    """
    memory = load_memory(root)
    head = port.branch_head(branch)
    if head is not None:
        kept = port.file_at(head, repo_path(prefix, MEMORY_PATH))
        if kept:
            memory = memory.merge(Memory.loads(kept, f"{branch}:{MEMORY_PATH}"))
    current = {path: _read(root / path) for path in docs}
    for pull in sorted(closed, key=lambda p: p.number)[-RECENT_PULLS:]:
        if pull.number not in memory.pulls:
            _learn_pull(port, memory, pull, prefix, current)
            memory.pulls.append(pull.number)
    _learn_base(memory, current, base)
    return memory


def _learn_pull(
    port: GitHubPort,
    memory: Memory,
    pull: PullRequest,
    prefix: str,
    current: Mapping[str, str | None],
) -> None:
    """Record what one closed Klaro pull request says about Klaro's regions.

    `current` holds the docs on the base now: text already there was not rejected, even if
    its pull request was closed (Klaro closes its own when the base has the docs already).
    """
    docs = list(current)
    ours = [(sha, source_of(message)) for sha, message in port.pull_commits(pull.number)]
    ours = [(sha, source) for sha, source in ours if source]
    if not ours:
        return  # not Klaro's work
    commit, source = ours[-1]
    assert source is not None
    for path in docs:
        full = repo_path(prefix, path)
        proposed = region_bodies(port.file_at(commit, full) or "", path)
        before = region_bodies(port.file_at(source, full) or "", path)
        final = region_bodies(port.file_at(pull.head_sha, full) or "", path) if pull.merged else {}
        now = region_bodies(current[path] or "", path)
        for name, text in proposed.items():
            if same_text(text, before.get(name)):
                continue  # Klaro did not change this region: nothing was decided on it
            if not pull.merged and same_text(text, now.get(name)):
                # the base has this text now: closed (Klaro closes its own stale PRs), adopted
                memory.region(path, name).published = text
            elif not pull.merged:
                memory.reject(path, name, text, f"PR #{pull.number} was closed without merging")
            elif same_text(text, final.get(name)):
                memory.region(path, name).published = text
            else:
                memory.reject(path, name, text, f"edited in PR #{pull.number} before merging")
                if final.get(name):
                    memory.pin(path, name, final[name], f"written in PR #{pull.number}")
                    memory.region(path, name).published = final[name]
    _learn_reviews(port, memory, pull, prefix, docs)


def _learn_reviews(
    port: GitHubPort, memory: Memory, pull: PullRequest, prefix: str, docs: Sequence[str]
) -> None:
    """A person's review comment on a line inside a region rejects that line."""
    by_path = {repo_path(prefix, p): p for p in docs}
    for comment in port.review_comments(pull.number):
        path = by_path.get(comment.path)
        if path is None or comment.line is None or comment.user_type == "Bot":
            continue
        text = port.file_at(comment.commit_id, comment.path) or ""
        lines = text.splitlines()
        if not 0 < comment.line <= len(lines) or not lines[comment.line - 1].strip():
            continue
        try:
            regions = find_regions(text, path)
        except RegionError:
            continue
        for region in regions:
            if region.begin_line < comment.line < region.end_line:
                why = " ".join(comment.body.split())[:100]
                reason = f"review comment by @{comment.user} on PR #{pull.number}: {why}"
                memory.reject(path, region.name, lines[comment.line - 1], reason)


def _learn_base(memory: Memory, current: Mapping[str, str | None], base: str) -> None:
    """Pin a region a maintainer rewrote on the base branch after Klaro's text was merged."""
    for path, text in current.items():
        for name, body in region_bodies(text or "", path).items():
            known = memory.files.get(path, {}).get(name)
            if known is None or known.published is None or same_text(body, known.published):
                continue
            if known.pinned is None or not same_text(body, known.pinned.text):
                memory.pin(path, name, body, f"written by a maintainer on {base}")


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
