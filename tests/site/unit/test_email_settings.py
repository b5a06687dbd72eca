"""EMAIL_URL parsing (embedded default: the console); the demo command's tests are in
tests/site/integration/test_demo.py."""
from __future__ import annotations

import pytest

from argo_site.settings import email_settings


@pytest.mark.parametrize("url", ["", None])
def test_no_email_url_means_the_console(url):
    assert email_settings(url) == {"EMAIL_BACKEND": "django.core.mail.backends.console.EmailBackend"}


def test_plain_smtp():
    s = email_settings("smtp://mail.example.org")
    assert s["EMAIL_BACKEND"] == "django.core.mail.backends.smtp.EmailBackend"
    assert s["EMAIL_HOST"] == "mail.example.org"
    assert s["EMAIL_PORT"] == 25
    assert s["EMAIL_HOST_USER"] == "" and s["EMAIL_HOST_PASSWORD"] == ""
    assert s["EMAIL_USE_TLS"] is False and s["EMAIL_USE_SSL"] is False


def test_smtp_with_user_password_and_port():
    s = email_settings("smtp://postmaster:secret@mail.example.org:2525")
    assert (s["EMAIL_HOST"], s["EMAIL_PORT"], s["EMAIL_HOST_USER"], s["EMAIL_HOST_PASSWORD"]) == \
        ("mail.example.org", 2525, "postmaster", "secret")
    assert not s["EMAIL_USE_TLS"] and not s["EMAIL_USE_SSL"]


def test_smtp_tls():
    s = email_settings("smtp+tls://user%40example.org:p%40ss%3Aw%2Frd%25@smtp.example.org:587")
    assert s["EMAIL_HOST"] == "smtp.example.org"
    assert s["EMAIL_PORT"] == 587
    assert s["EMAIL_HOST_USER"] == "user@example.org"
    assert s["EMAIL_HOST_PASSWORD"] == "p@ss:w/rd%"
    assert s["EMAIL_USE_TLS"] is True and s["EMAIL_USE_SSL"] is False


def test_smtp_tls_default_port_is_587():
    assert email_settings("smtp+tls://smtp.example.org")["EMAIL_PORT"] == 587


def test_smtp_ssl():
    s = email_settings("smtp+ssl://u:p@smtp.example.org")
    assert s["EMAIL_PORT"] == 465
    assert s["EMAIL_USE_SSL"] is True and s["EMAIL_USE_TLS"] is False
    assert (s["EMAIL_HOST_USER"], s["EMAIL_HOST_PASSWORD"]) == ("u", "p")
    assert email_settings("smtp+ssl://smtp.example.org:2465")["EMAIL_PORT"] == 2465


@pytest.mark.parametrize("url", ["smtp://h", "smtp+tls://h", "smtp+ssl://h", "smtp+ssl://h?tls=1",
                                 "smtp://h:25?tls=1"])
def test_ssl_and_tls_are_never_both_on(url):
    """Django's SMTP backend refuses EMAIL_USE_TLS and EMAIL_USE_SSL together (only when the first
    mail is sent): a contradictory URL must be refused at start-up or resolved, never passed on."""
    try:
        s = email_settings(url)
    except ValueError:
        return
    assert not (s["EMAIL_USE_TLS"] and s["EMAIL_USE_SSL"])


def test_tls_query_flag_on_plain_smtp():
    assert email_settings("smtp://h:587?tls=1")["EMAIL_USE_TLS"] is True


def test_scheme_is_case_insensitive():
    assert email_settings("SMTP+TLS://h")["EMAIL_USE_TLS"] is True


def test_password_with_plus_and_space_escapes():
    s = email_settings("smtp://u:a%2Bb%20c+d@h")
    assert s["EMAIL_HOST_PASSWORD"] == "a+b c+d"


def test_a_file_url_writes_each_email_into_the_folder():
    assert email_settings("file:///var/mail/argo%20station") == {
        "EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend", "EMAIL_FILE_PATH": "/var/mail/argo station"}


@pytest.mark.parametrize("url", ["http://mail.example.org", "smtps://h", "imap://h", "console://",
                                 "mail.example.org", "redis://localhost:6379/0", "file://"])
def test_bad_scheme_raises(url):
    with pytest.raises(ValueError):
        email_settings(url)


def test_bad_port_raises():
    with pytest.raises(ValueError):
        email_settings("smtp://h:notaport")


def test_the_tests_run_on_embedded_default_mail(settings):
    """Without EMAIL_URL the site prints mail; under test Django collects it in the outbox."""
    assert settings.EMAIL_BACKEND == "django.core.mail.backends.locmem.EmailBackend"
