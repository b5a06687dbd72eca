"""Each game keeps its documentation in its own package (games/rules/<game>/docs/), and every link
of the guides leads to a file. A new game needs no row in docs/games.md: the registry is the list."""
import re
from pathlib import Path

import pytest

from games import rules

ROOT = Path(__file__).resolve().parents[2]


def links(path: Path) -> set[str]:
    return {target.split("#")[0] for target in re.findall(r"\]\(([^)\s]+)\)", path.read_text(encoding="utf-8"))}


@pytest.mark.parametrize("name", rules.names())
def test_every_game_package_has_its_docs(name):
    docs = ROOT / "games" / "rules" / name / "docs"
    assert docs.is_dir() and (docs / "versions.md").is_file(), f"{name} keeps no docs/ folder with versions.md"
    listed = (docs / "versions.md").read_text(encoding="utf-8")
    for version in rules.get(name).versions:
        assert re.search(rf"^\| {version} \|", listed, re.M), f"{name}'s versions.md lacks version {version}"


def test_the_docs_links_lead_to_files():
    pages = [ROOT / "README.md", *(ROOT / "docs").glob("*.md"), *(ROOT / "games" / "rules").glob("*/docs/*.md")]
    broken = [f"{page.relative_to(ROOT)}: {target}" for page in pages for target in links(page)
              if target and "://" not in target and not (page.parent / target).exists()]
    assert broken == []
