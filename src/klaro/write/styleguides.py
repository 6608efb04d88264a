"""Style guides: the markdown files that say which sections a document has, in which order.

Klaro ships its guides in the top-level `styleguides/` folder, installed as the package
`klaro.styleguides`; a repository may bring its own folder (`styleguides` config key) whose
files replace ours by file name. A guide's sections are read from the list under its
`## Sections` heading, one item per section:

    - `key`: Heading (also: Synonym, Other synonym; words: word, other) — what it must contain

`also` lists whole headings that mean the same section; `words` lists words any of which, in
a heading nobody matched whole, says the heading is about this section ("Library usage").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from klaro.config import Config
from klaro.errors import ConfigError

_ITEM = re.compile(
    r"^[-*]\s+`(?P<key>[A-Za-z0-9_.:-]+)`\s*:\s*(?P<heading>[^(—]+?)"
    r"\s*(?:\((?:also:\s*(?P<aliases>[^);]*))?;?\s*(?:words:\s*(?P<words>[^)]*))?\))?"
    r"\s*(?:—\s*(?P<rule>.*))?$"
)
_SECTIONS_HEADING = re.compile(r"^##\s+Sections\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class GuideSection:
    """One section a guide asks for: its region key, heading, synonyms and content rule."""

    key: str
    heading: str
    aliases: tuple[str, ...] = ()
    rule: str = ""
    words: tuple[str, ...] = ()


@dataclass(frozen=True)
class StyleGuide:
    """A style guide: `name` is the file stem (`readme`), `source` where it was loaded from."""

    name: str
    text: str
    source: str

    def sections(self) -> tuple[GuideSection, ...]:
        """Return the sections listed under `## Sections`, in the order the guide gives."""
        return parse_sections(self.text)

    def section(self, key: str) -> GuideSection | None:
        """Return the section with this key, if the guide lists it."""
        return next((s for s in self.sections() if s.key == key), None)


def parse_sections(text: str) -> tuple[GuideSection, ...]:
    """Parse the `## Sections` list of a guide; items not in the documented format are skipped."""
    found: list[GuideSection] = []
    inside = False
    for line in text.splitlines():
        if line.startswith("#"):
            inside = bool(_SECTIONS_HEADING.match(line))
            continue
        match = _ITEM.match(line.strip()) if inside else None
        if match is None:
            continue
        aliases = tuple(a.strip() for a in (match["aliases"] or "").split(",") if a.strip())
        words = tuple(w.strip() for w in (match["words"] or "").split(",") if w.strip())
        found.append(
            GuideSection(
                key=match["key"],
                heading=match["heading"].strip(),
                aliases=aliases,
                rule=(match["rule"] or "").strip(),
                words=words,
            )
        )
    return tuple(found)


def builtin_dir() -> Traversable:
    """Return Klaro's own guides: the installed package, else the source checkout's folder."""
    try:
        return resources.files("klaro.styleguides")
    except ModuleNotFoundError:
        # Running from a source tree without installing (PYTHONPATH=src): the folder sits
        # beside `src/`, exactly where the package-dir mapping in pyproject.toml points.
        return Path(__file__).resolve().parents[3] / "styleguides"


def load_guides(config: Config) -> list[StyleGuide]:
    """Load every guide, the repository's `styleguides` folder overriding ours by file name."""
    guides: dict[str, StyleGuide] = {}
    for entry in builtin_dir().iterdir():
        if entry.name.endswith(".md") and entry.is_file():
            name = entry.name[:-3]
            text = entry.read_text(encoding="utf-8")
            guides[name] = StyleGuide(name, text, f"klaro:styleguides/{entry.name}")
    if config.styleguides is not None:
        folder = config.root / config.styleguides
        if not folder.is_dir():
            raise ConfigError(
                f"styleguides: '{config.styleguides}' is not a folder in the repository"
            )
        for path in sorted(folder.glob("*.md")):
            rel = f"{config.styleguides.rstrip('/')}/{path.name}"
            try:
                text = path.read_text(encoding="utf-8")
            except UnicodeDecodeError:
                raise ConfigError(f"{rel}: style guide is not valid UTF-8 text") from None
            guides[path.stem] = StyleGuide(path.stem, text, rel)
    return [guides[name] for name in sorted(guides)]


def guide_named(guides: list[StyleGuide], name: str) -> StyleGuide:
    """Return the guide with this name; Klaro ships every guide its writers ask for."""
    for guide in guides:
        if guide.name == name:
            return guide
    raise ConfigError(f"no style guide named '{name}.md' (looked in Klaro's and the repository's)")
