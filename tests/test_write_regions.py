"""Managed regions: Klaro rewrites only what it owns and never duplicates people's sections."""

from __future__ import annotations

import pytest

from klaro.write.regions import RegionError, Section, find_regions, update_document

INSTALL = Section(
    "installation",
    "Installation",
    "## Installation\n\npip install x",
    ("Install", "Getting started"),
)
USAGE = Section("usage", "Usage", "## Usage\n\nRun `x`.", ("Examples",))
LICENSE = Section("license", "License", "## License\n\nMIT.", ("Licence",))
TITLE = Section("title", "Title", "# x\n\nDoes things.", (), 1)
ALL = [TITLE, INSTALL, USAGE, LICENSE]


def test_new_document_has_every_section_in_order_inside_markers() -> None:
    text = update_document(None, ALL)
    assert text.index("# x") < text.index("## Installation") < text.index("## Usage")
    assert text.count("<!-- klaro:begin") == 4 == text.count("<!-- klaro:end")
    assert text.endswith("<!-- klaro:end license -->\n")


def test_text_before_between_and_after_regions_survives_byte_for_byte() -> None:
    before = "Intro by hand  \r\nwith odd spacing\t\n\n"
    between = "\n\nA note *between* regions.\n\n\n"
    after = "\n## Thanks\n\nno newline at the end"
    doc = (
        before
        + "<!-- klaro:begin installation -->\nold install text\n<!-- klaro:end installation -->"
        + between
        + "<!-- klaro:begin usage -->\nold usage\n<!-- klaro:end usage -->"
        + after
    )
    out = update_document(doc, [INSTALL, USAGE])
    assert out.startswith(before + "<!-- klaro:begin installation -->\n## Installation\n")
    assert between + "<!-- klaro:begin usage -->\n## Usage\n" in out
    assert out.endswith("<!-- klaro:end usage -->" + after)
    assert "old install text" not in out and "old usage" not in out


def test_update_is_idempotent() -> None:
    doc = "# Mine\n\nHand-written intro.\n\n## Thanks\n\nFolks.\n"
    once = update_document(doc, ALL)
    assert update_document(once, ALL) == once


def test_missing_sections_are_inserted_where_the_guide_places_them() -> None:
    doc = "# Mine\n\nIntro.\n\n## Getting started\n\nMy own steps.\n\n## Thanks\n\nFolks.\n"
    out = update_document(doc, ALL)
    # the title and "Getting started" (an Installation synonym) are people's: kept, not repeated
    assert out.count("# ") - out.count("## ") == 1 and "begin title" not in out
    assert "begin installation" not in out and "My own steps." in out
    # usage goes right after the hand-written installation section, license after usage
    assert out.index("My own steps.") < out.index("begin usage") < out.index("begin license")
    assert out.index("begin license") < out.index("## Thanks")
    assert out.replace(_region(out, "usage"), "").replace(_region(out, "license"), "") == doc


def _region(text: str, key: str) -> str:
    start = text.index(f"<!-- klaro:begin {key} -->")
    end = text.index(f"<!-- klaro:end {key} -->") + len(f"<!-- klaro:end {key} -->\n\n")
    return text[start:end]


def test_heading_match_ignores_case_punctuation_and_emoji() -> None:
    doc = "# Mine\n\n## 📦 INSTALL!\n\nsteps\n\n## licence\n\nGPL\n"
    out = update_document(doc, ALL)
    assert "begin installation" not in out and "begin license" not in out
    assert "begin usage" in out


def test_sections_before_any_present_one_go_first_and_unmatched_go_last() -> None:
    doc = "## License\n\nMine.\n"
    out = update_document(doc, [TITLE, INSTALL, LICENSE])
    assert out.index("begin title") < out.index("begin installation") < out.index("## License")
    assert out.endswith("## License\n\nMine.\n")


def test_owned_region_without_facts_is_removed_and_foreign_regions_stay() -> None:
    doc = (
        "<!-- klaro:begin usage -->\nold\n<!-- klaro:end usage -->\n\n"
        "<!-- klaro:begin custom -->\nmine\n<!-- klaro:end custom -->\n"
    )
    out = update_document(doc, [INSTALL], owns={"usage", "installation"}.__contains__)
    assert "usage" not in out and "<!-- klaro:begin custom -->\nmine\n" in out


def test_markers_inside_code_blocks_are_text() -> None:
    doc = "# Doc\n\n```markdown\n<!-- klaro:begin usage -->\n```\n"
    assert find_regions(doc) == []
    assert "```markdown\n<!-- klaro:begin usage -->\n```" in update_document(doc, [USAGE])


@pytest.mark.parametrize(
    ("doc", "line", "words"),
    [
        ("a\n<!-- klaro:begin usage -->\nx\n", 2, "never closed"),
        ("<!-- klaro:begin a -->\n<!-- klaro:begin b -->\n<!-- klaro:end b -->\n", 2, "nest"),
        (
            "<!-- klaro:begin a -->\n<!-- klaro:end a -->\n<!-- klaro:begin a -->\n"
            "<!-- klaro:end a -->\n",
            3,
            "duplicated",
        ),
        ("text\n\n<!-- klaro:end usage -->\n", 3, "without a matching begin"),
        ("<!-- klaro:begin a -->\n<!-- klaro:end b -->\n", 2, "closes region 'a'"),
        ("<!-- klaro:begin -->\n", 1, "malformed"),
    ],
)
def test_malformed_markers_fail_with_file_and_line(doc: str, line: int, words: str) -> None:
    with pytest.raises(RegionError) as info:
        update_document(doc, ALL, file="docs/README.md")
    assert info.value.file == "docs/README.md" and info.value.line == line
    assert words in info.value.message
    assert info.value.message.startswith(f"docs/README.md:{line}: ")
