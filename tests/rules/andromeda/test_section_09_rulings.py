"""RULES.md section 9: every ruling of the index is named by a test of this package."""
import re
from pathlib import Path

HERE = Path(__file__).parent


def test_every_ruling_AE1_to_AE14_is_named_in_a_test():
    text = "\n".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py") if p.name != Path(__file__).name)
    named = {int(n) for n in re.findall(r"\bAE(\d+)\b", text)}
    assert named >= set(range(1, 15)), sorted(set(range(1, 15)) - named)
