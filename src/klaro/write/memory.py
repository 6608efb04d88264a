"""What maintainers decided about Klaro's regions, remembered across runs.

A maintainer who closes Klaro's pull request unmerged, edits or reverts the lines Klaro wrote,
or comments on them in review has rejected that text; one who writes into a Klaro region has
pinned their own. Both are kept, per file and region, in a small versioned JSON file
(`.klaro/memory.json`) that travels with the docs on Klaro's branch, so the next run neither
proposes the rejected text again nor overwrites the maintainer's:

    {"version": 1, "pulls": [3],
     "files": {"README.md": {"usage": {"rejected": [{"text": "...", "reason": "..."}],
                                        "pinned": {"text": "...", "reason": "..."},
                                        "published": "..."}}}}

`published` is the text Klaro last had merged into a region, which tells a maintainer's later
edit from Klaro's own. `pulls` lists Klaro's closed pull requests already learned from.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from klaro.errors import KlaroError
from klaro.write.regions import RegionError, Section, find_regions

MEMORY_PATH = ".klaro/memory.json"
VERSION = 1


@dataclass
class Decision:
    """A text and why it was decided on (`PR #3 was closed without merging`)."""

    text: str
    reason: str


@dataclass
class RegionMemory:
    """What is known about one region of one file."""

    rejected: list[Decision] = field(default_factory=list)
    pinned: Decision | None = None
    published: str | None = None  # Klaro's text as last merged


@dataclass
class Memory:
    """Maintainer decisions for every region Klaro writes; empty until one is learned."""

    files: dict[str, dict[str, RegionMemory]] = field(default_factory=dict)
    pulls: list[int] = field(default_factory=list)

    # Learning ---------------------------------------------------------------------------

    def region(self, file: str, name: str) -> RegionMemory:
        return self.files.setdefault(file, {}).setdefault(name, RegionMemory())

    def reject(self, file: str, name: str, text: str, reason: str) -> None:
        """Remember that a maintainer turned `text` down (once per text)."""
        if not _norm(text):
            return
        memory = self.region(file, name)
        if all(_norm(d.text) != _norm(text) for d in memory.rejected):
            memory.rejected.append(Decision(text.strip("\n"), reason))

    def pin(self, file: str, name: str, text: str, reason: str) -> None:
        """Keep a maintainer's own text in a region from now on."""
        self.region(file, name).pinned = Decision(text.strip("\n"), reason)

    def merge(self, other: Memory) -> Memory:
        """Both memories in one: rejections joined, this one's pins and texts first."""
        out = Memory.loads(self.dumps())
        for file, regions in other.files.items():
            for name, theirs in regions.items():
                mine = out.region(file, name)
                for d in theirs.rejected:
                    out.reject(file, name, d.text, d.reason)
                mine.pinned = mine.pinned or theirs.pinned
                mine.published = mine.published or theirs.published
        out.pulls = sorted(set(out.pulls) | set(other.pulls))
        return out

    def clear(self, region: str | None = None) -> int:
        """Forget every decision, or those about one region name; return how many went."""
        gone = 0
        for file in list(self.files):
            for name in list(self.files[file]):
                if region is None or name == region:
                    memory = self.files[file].pop(name)
                    gone += len(memory.rejected) + (memory.pinned is not None)
            if not self.files[file]:
                del self.files[file]
        if region is None:
            self.pulls = []
        return gone

    def entries(self) -> Iterator[tuple[str, str, str, Decision]]:
        """Every decision as (file, region, "pinned" | "rejected", decision)."""
        for file, regions in sorted(self.files.items()):
            for name, memory in sorted(regions.items()):
                if memory.pinned is not None:
                    yield file, name, "pinned", memory.pinned
                for d in memory.rejected:
                    yield file, name, "rejected", d

    # Using ------------------------------------------------------------------------------

    def decide(self, file: str, name: str, proposed: str, current: str | None) -> str | None:
        """The body a region gets: the pinned text, else the current one if `proposed` was
        rejected (None when the region does not exist yet), else `proposed`."""
        memory = self.files.get(file, {}).get(name)
        if memory is None:
            return proposed
        if memory.pinned is not None:
            return memory.pinned.text
        if any(_rejects(d.text, proposed) for d in memory.rejected):
            return current
        return proposed

    def apply(self, file: str, sections: Sequence[Section], before: str | None) -> list[Section]:
        """The offline writer's sections with the decisions applied; rejected new ones left out."""
        current = region_bodies(before or "", file)
        out = []
        for section in sections:
            body = self.decide(file, section.key, section.body, current.get(section.key))
            if body is not None:
                out.append(replace(section, body=body))
        return out

    def enforce(self, file: str, text: str, fallback: str) -> str:
        """A whole document (the agent's) with pinned regions restored and rejected text undone;
        `fallback` (the offline draft, decisions applied) when a region cannot be undone."""
        try:
            regions = find_regions(text, file)
        except RegionError:
            return fallback
        current = region_bodies(fallback, file)
        out = text
        for region in reversed(regions):
            body = out[region.start : region.end].strip("\n")
            decided = self.decide(file, region.name, body, current.get(region.name))
            if decided is None:
                return fallback
            if decided != body:
                out = out[: region.start] + decided.strip("\n") + "\n" + out[region.end :]
        return out

    def block(self, file: str, limit: int = 1500) -> str:
        """The "maintainer decisions" the agent reads for `file`, at most `limit` characters."""
        lines = [
            f"- region '{name}' {kind} ({d.reason}): {_quote(d.text)}"
            for f, name, kind, d in self.entries()
            if f == file
        ]
        if not lines:
            return ""
        head = (
            f"Maintainer decisions for {file} (never propose rejected text again; keep pinned "
            "text exactly as it is):"
        )
        out = head
        for shown, line in enumerate(lines):
            if len(out) + len(line) + 1 > limit:
                return out + f"\n- [{len(lines) - shown} more not shown]"
            out += "\n" + line
        return out

    # The file ---------------------------------------------------------------------------

    def dumps(self) -> str:
        files = {
            file: {
                name: {
                    "rejected": [vars(d) for d in m.rejected],
                    "pinned": None if m.pinned is None else vars(m.pinned),
                    "published": m.published,
                }
                for name, m in sorted(regions.items())
            }
            for file, regions in sorted(self.files.items())
        }
        data = {"version": VERSION, "pulls": sorted(self.pulls), "files": files}
        return json.dumps(data, indent=1, ensure_ascii=False) + "\n"

    @classmethod
    def loads(cls, text: str, source: str = MEMORY_PATH) -> Memory:
        """Read a memory file; a broken or newer one is a clear error, never a guess."""
        try:
            data = json.loads(text)
            if not isinstance(data, dict) or data.get("version") != VERSION:
                raise ValueError(f"expected version {VERSION}, got {data.get('version')!r}")
            memory = cls(pulls=[int(n) for n in data.get("pulls", [])])
            for file, regions in dict(data.get("files", {})).items():
                for name, entry in dict(regions).items():
                    pinned = entry.get("pinned")
                    memory.files.setdefault(str(file), {})[str(name)] = RegionMemory(
                        [Decision(str(d["text"]), str(d["reason"])) for d in entry["rejected"]],
                        None if pinned is None else Decision(pinned["text"], pinned["reason"]),
                        entry.get("published"),
                    )
        except (ValueError, TypeError, KeyError, AttributeError) as exc:
            raise KlaroError(
                f"{source}: not a Klaro memory file ({exc}); fix it or run `klaro memory clear`"
            ) from None
        return memory


def load_memory(root: Path) -> Memory:
    """The memory kept in a repository (empty when there is none)."""
    path = root / MEMORY_PATH
    if not path.is_file():
        return Memory()
    return Memory.loads(path.read_text(encoding="utf-8"), MEMORY_PATH)


def save_memory(root: Path, memory: Memory) -> None:
    path = root / MEMORY_PATH
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(memory.dumps(), encoding="utf-8")


def region_bodies(text: str, file: str) -> dict[str, str]:
    """Each region's inside, by name, without its surrounding newlines."""
    try:
        regions = find_regions(text, file)
    except RegionError:
        return {}
    return {r.name: text[r.start : r.end].strip("\n") for r in regions}


def same_text(a: str | None, b: str | None) -> bool:
    """Equal but for trailing spaces and blank lines around."""
    return a is not None and b is not None and _norm(a) == _norm(b)


def _norm(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.strip().splitlines())


def _rejects(rejected: str, proposed: str) -> bool:
    """A rejected region text matches itself; a rejected line matches any line carrying it."""
    wanted = _norm(rejected)
    if wanted == _norm(proposed):
        return True
    return "\n" not in wanted and any(line.strip() == wanted for line in proposed.splitlines())


def _quote(text: str, limit: int = 160) -> str:
    flat = " ".join(text.split())
    return repr(flat if len(flat) <= limit else flat[: limit - 1] + "…")
