"""Every page is served under a strict Content Security Policy: only the site's own scripts and styles
run, so stored text can never become a script; and production settings pass Django's deploy check."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from games import services

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def pages(make_user):
    alice, bob = make_user("alice", is_staff=True, is_superuser=True), make_user("bob")
    game = services.create_game(alice, game="argo", players=2)
    services.join_game(bob, game.pk)
    lobby = services.create_game(bob, game="andromeda", players=3)
    return alice, ["/", "/rules/", "/rules/argo/", "/rules/andromeda/", "/ratings/argo/", f"/games/{game.pk}/",
                   f"/games/{lobby.pk}/", "/games/mine/", "/settings/", "/players/alice/", "/accounts/email/",
                   "/admin/", f"/admin/games/game/{game.pk}/change/", f"/admin/games/game/{game.pk}/replay/",
                   "/api/docs/", "/api/games/"]


def test_every_page_has_a_strict_policy_and_no_inline_script_or_style(client, pages):
    from django.test import Client
    alice, paths = pages
    client.force_login(alice)
    visits = [(client, p) for p in paths] + [(Client(), p) for p in ("/accounts/login/", "/accounts/signup/", "/")]
    for browser, path in visits:
        response = browser.get(path)
        assert response.status_code == 200, path
        policy = response["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "style-src 'self'" in policy, (path, policy)
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy and "frame-ancestors 'none'" in policy
        if not response["Content-Type"].startswith("text/html"):
            continue
        html = response.content.decode()
        inline = [s for s in re.findall(r"<script\b([^>]*)>", html) if "src=" not in s and "application/json" not in s]
        assert not inline, (path, inline)
        assert not re.search(r"""\sstyle=["']""", html), (path, "a style attribute")
        assert not re.search(r"""\son[a-z]+=["']""", html), (path, "an inline event handler")


def test_the_policy_is_django_csps_own_and_follows_the_settings(client, settings):
    """django-csp's own middleware writes both headers from the documented settings, and a changed
    setting changes them."""
    from csp.utils import build_policy
    response = client.get("/api/games/")
    assert response["Content-Security-Policy"] == build_policy()
    assert "Content-Security-Policy-Report-Only" not in response
    settings.CONTENT_SECURITY_POLICY = {"DIRECTIVES": {"default-src": ["'none'"]}}
    settings.CONTENT_SECURITY_POLICY_REPORT_ONLY = {"DIRECTIVES": {"img-src": ["'self'"]}}
    response = client.get("/api/games/")
    assert response["Content-Security-Policy"] == build_policy() == "default-src 'none'"
    assert response["Content-Security-Policy-Report-Only"] == build_policy(report_only=True)
    assert "img-src 'self'" in response["Content-Security-Policy-Report-Only"]


def run_check(extra_env: dict) -> subprocess.CompletedProcess:
    """`check --deploy` with the environment changed by `extra_env` (None: the variable unset)."""
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_SECRET_KEY", "DJANGO_DEBUG")}
    env.update(extra_env)
    env = {k: v for k, v in env.items() if v is not None}
    return subprocess.run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


def test_production_settings_pass_the_deploy_check_and_refuse_the_development_key():
    production = {"DJANGO_DEBUG": "0", "SITE_URL": "https://play.example.org", "DJANGO_ALLOWED_HOSTS": "play.example.org",
                  "DJANGO_SECRET_KEY": "a-long-production-secret-" + "x7Qp" * 12,
                  # The shared services (the check reads the settings; it connects to neither).
                  "DATABASE_URL": "postgres://argo:argo@127.0.0.1:5432/argo", "REDIS_URL": "redis://127.0.0.1:6379/0"}
    passed = run_check(production)
    assert passed.returncode == 0 and "no issues" in passed.stdout, passed.stdout + passed.stderr
    behind_proxy = run_check({**production, "DJANGO_SSL_REDIRECT": "0"})
    assert behind_proxy.returncode == 0, behind_proxy.stdout + behind_proxy.stderr
    refused = run_check({"DJANGO_DEBUG": "0", "SITE_URL": "https://play.example.org"})
    assert refused.returncode != 0 and "needs a secret DJANGO_SECRET_KEY" in refused.stderr
    # Without PostgreSQL and Redis the site would keep games, live messages and tasks inside one
    # machine or one process: several instances could not share them (docs/deployment.md).
    alone = run_check({**production, "DATABASE_URL": None, "REDIS_URL": None, "CELERY_TASK_ALWAYS_EAGER": None})
    assert alone.returncode != 0, alone.stdout + alone.stderr
    assert all(f"games.W10{n}" in alone.stdout + alone.stderr for n in (1, 2, 3)), alone.stdout + alone.stderr

