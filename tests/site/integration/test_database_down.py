"""While PostgreSQL is out of reach the site says it is back soon, with a 503 and `Retry-After`
(JSON with a `detail` under /api/, a short page in the reader's language elsewhere), not a 500:
the site recovers by itself once the database answers again."""
from __future__ import annotations

from contextlib import contextmanager
from unittest import mock

import pytest
from django.conf import settings
from django.db import InterfaceError, OperationalError, connection
from django.test import Client
from django.utils import translation
from django.utils.translation import gettext

pytestmark = pytest.mark.django_db

LANGUAGES = [code for code, _ in settings.LANGUAGES]


def says(language: str) -> str:
    with translation.override(language):
        return gettext("Back soon")


@contextmanager
def database_down(error=OperationalError):
    """Every query of this thread fails as a connection to a stopped server does."""
    with mock.patch.object(connection, "ensure_connection", side_effect=error("connection refused")):
        yield


@pytest.mark.parametrize("error", [OperationalError, InterfaceError])
def test_the_api_answers_503_with_retry_after_and_a_detail(api_client_for, make_user, error):
    client = api_client_for(make_user("alice"))
    client.raise_request_exception = False
    with database_down(error):
        answer = client.get("/api/me/")
    assert answer.status_code == 503 and int(answer["Retry-After"]) > 0
    assert answer["Content-Type"] == "application/json" and "database" in answer.json()["detail"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_page_says_back_soon_in_the_readers_language(language):
    client = Client(raise_request_exception=False)
    with database_down():
        answer = client.get("/", HTTP_ACCEPT_LANGUAGE=language)
    assert answer.status_code == 503 and int(answer["Retry-After"]) > 0
    page = answer.content.decode()
    assert says(language) in page and f'lang="{language}"' in page
    assert language == "en" or says(language) != says("en")


def test_a_signed_in_page_says_back_soon_too(make_user):
    client = Client(raise_request_exception=False)
    client.force_login(make_user("alice"))
    with database_down():
        answer = client.get("/games/mine/")
    assert answer.status_code == 503 and says("en") in answer.content.decode()
