"""The rules tests need only the rules: run in a Python where Django and the site's other packages
cannot be imported (as if not installed), pytest (with pytest-django installed, and without it)
still passes the contract's quick tests of every registered game and each game's own rules tests of
its first section. tests/conftest.py sets Django up only for the site's tests; the site's fixtures live
in tests/django_fixtures.py."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from games import rules

ROOT = Path(__file__).resolve().parents[2]
QUICK = ["-k", "not every_position"]  # the contract's bot games are played in this run already
FILES = ["tests/rules/test_contract.py",
         *(str(path.relative_to(ROOT)) for name in rules.names()
           for path in sorted((ROOT / "tests" / "rules" / name).glob("test_section_01_*.py")))]

# A finder ahead of all others that says the site's packages are not installed.
RUN = """
import importlib.abc, sys
SITE = {"django", "celery", "channels", "channels_redis", "rest_framework", "allauth", "argo_site", "accounts"}
class NotInstalled(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in SITE:
            raise ModuleNotFoundError(f"No module named {name!r} (hidden by test_standalone)", name=name)
        return None
sys.meta_path.insert(0, NotInstalled())
import pytest
code = pytest.main(sys.argv[1:])
loaded = sorted(m for m in sys.modules if m.split(".")[0] in SITE)
print("SITE MODULES LOADED:", loaded)
sys.exit(code)
"""


@pytest.mark.slow
@pytest.mark.parametrize("plugin", [[], ["-p", "no:django"]], ids=["pytest-django-installed", "no-pytest-django"])
def test_rules_tests_run_without_django(plugin):
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    done = subprocess.run([sys.executable, "-c", RUN, "-q", "-p", "no:cacheprovider", *plugin, *QUICK, *FILES],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    out = done.stdout + done.stderr
    assert done.returncode == 0, out
    assert " passed" in out, out
    assert "SITE MODULES LOADED: []" in out, out
