"""Accounts: sign-up with email verification, log in and out, password reset, change email, the
profile and /api/me/, the language of pages, suspended users."""
from __future__ import annotations

import re

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from accounts.models import Profile

pytestmark = pytest.mark.django_db

PASSWORD = "Sturdy-Passw0rd-42"
LINK = re.compile(r"https?://[^\s<>\"]+")


@pytest.fixture(autouse=True)
def fresh_rate_limits():
    """allauth counts attempts per IP in the cache; every test starts with a clean slate."""
    cache.clear()
    yield
    cache.clear()


def links_in(message) -> list[str]:
    return LINK.findall(message.body)


def path_of(url: str) -> str:
    return re.sub(r"^https?://[^/]+", "", url)


def logged_in_user(client: Client):
    """The user the session belongs to, as the site sees it on the next request."""
    response = client.get(reverse("api-me"))
    return response.json()["username"] if response.status_code == 200 else None


def sign_up(client: Client, username="newbie", email="newbie@example.org", password=PASSWORD):
    return client.post(reverse("account_signup"), {
        "username": username, "email": email, "password1": password, "password2": password,
    })


def log_in(client: Client, login: str, password: str = PASSWORD):
    return client.post(reverse("account_login"), {"login": login, "password": password})


# --- sign-up and email verification ------------------------------------------------------------

def test_signup_page_renders(client):
    response = client.get(reverse("account_signup"))
    assert response.status_code == 200
    assert b'name="username"' in response.content and b'name="email"' in response.content


def test_signup_sends_a_verification_email_and_does_not_log_in(client):
    response = sign_up(client)
    assert response.status_code == 302
    assert response["Location"] == reverse("account_email_verification_sent")
    assert logged_in_user(client) is None

    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["newbie@example.org"]
    assert message.subject.startswith("[Argo Station] ")
    confirm = [u for u in links_in(message) if "/accounts/confirm-email/" in u]
    assert len(confirm) == 1

    user = get_user_model().objects.get(username="newbie")
    assert user.email == "newbie@example.org"
    assert not EmailAddress.objects.get(user=user, email="newbie@example.org").verified


def test_unverified_user_cannot_log_in_until_the_link_is_followed(client):
    sign_up(client)
    link = path_of(next(u for u in links_in(mail.outbox[0]) if "/accounts/confirm-email/" in u))

    other = Client()
    response = log_in(other, "newbie")
    # Mandatory verification: not logged in, sent to "verify your email" (allauth's cooldown keeps
    # it from mailing again within minutes of the first email).
    assert response.status_code == 302
    assert response["Location"] == reverse("account_email_verification_sent")
    assert logged_in_user(other) is None
    assert all(m.to == ["newbie@example.org"] for m in mail.outbox)

    # Following the link: the page asks to confirm, the POST verifies.
    page = other.get(link)
    assert page.status_code == 200
    assert b"newbie@example.org" in page.content
    confirmed = other.post(link)
    assert confirmed.status_code == 302
    assert EmailAddress.objects.get(email="newbie@example.org").verified

    fresh = Client()
    response = log_in(fresh, "newbie")
    assert response.status_code == 302
    assert response["Location"] == "/"
    assert logged_in_user(fresh) == "newbie"


def test_a_bogus_confirmation_key_verifies_nothing(client):
    sign_up(client)
    response = client.post("/accounts/confirm-email/not-a-real-key/")
    assert response.status_code < 500
    assert not EmailAddress.objects.get(email="newbie@example.org").verified


def test_signup_with_mismatched_passwords_or_taken_name_is_refused(client, make_user):
    make_user("alice")
    response = client.post(reverse("account_signup"), {
        "username": "x1", "email": "x1@example.org", "password1": PASSWORD, "password2": PASSWORD + "!"})
    assert response.status_code == 200  # the form again, with the error
    response = sign_up(client, username="alice", email="another@example.org")
    assert response.status_code == 200
    assert not get_user_model().objects.filter(username="x1").exists()
    assert get_user_model().objects.filter(username="alice").count() == 1
    assert mail.outbox == []


def test_signup_with_a_taken_email_creates_nothing_and_reveals_nothing(client, make_user):
    """allauth's enumeration protection: it looks like success, the owner of the address is told."""
    make_user("alice")
    response = sign_up(client, username="alice2", email="alice@example.org")
    assert response.status_code == 302
    assert not get_user_model().objects.filter(username="alice2").exists()
    assert EmailAddress.objects.filter(email__iexact="alice@example.org").count() == 1
    assert all(m.to == ["alice@example.org"] for m in mail.outbox)
    assert all("/accounts/confirm-email/" not in m.body for m in mail.outbox)


# --- logging in and out --------------------------------------------------------------------------

def test_login_by_username(client, make_user):
    make_user("alice", password=PASSWORD)
    response = log_in(client, "alice")
    assert response.status_code == 302
    assert logged_in_user(client) == "alice"


def test_login_by_email(client, make_user):
    make_user("alice", password=PASSWORD)
    response = log_in(client, "alice@example.org")
    assert response.status_code == 302
    assert logged_in_user(client) == "alice"


def test_login_with_wrong_password_fails(client, make_user):
    make_user("alice", password=PASSWORD)
    response = log_in(client, "alice", "wrong-password")
    assert response.status_code == 200
    assert logged_in_user(client) is None


def test_logout(client, make_user):
    make_user("alice", password=PASSWORD)
    log_in(client, "alice")
    assert logged_in_user(client) == "alice"
    page = client.get(reverse("account_logout"))
    assert page.status_code == 200  # a confirmation page: logging out takes a POST
    assert logged_in_user(client) == "alice"
    response = client.post(reverse("account_logout"))
    assert response.status_code == 302
    assert logged_in_user(client) is None


# --- password reset ------------------------------------------------------------------------------

def test_password_reset_by_email_link(client, make_user):
    make_user("alice", password=PASSWORD)
    response = client.post(reverse("account_reset_password"), {"email": "alice@example.org"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["alice@example.org"]
    link = path_of(next(u for u in links_in(mail.outbox[0]) if "/accounts/password/reset/key/" in u))

    page = client.get(link, follow=True)
    assert page.status_code == 200
    form_url = page.redirect_chain[-1][0] if page.redirect_chain else link
    new_password = "Another-Passw0rd-77"
    done = client.post(form_url, {"password1": new_password, "password2": new_password})
    assert done.status_code == 302

    assert logged_in_user(Client()) is None
    old = Client()
    log_in(old, "alice", PASSWORD)
    assert logged_in_user(old) is None
    new = Client()
    log_in(new, "alice", new_password)
    assert logged_in_user(new) == "alice"


def test_password_reset_link_works_only_once(client, make_user):
    make_user("alice", password=PASSWORD)
    client.post(reverse("account_reset_password"), {"email": "alice@example.org"})
    link = path_of(next(u for u in links_in(mail.outbox[0]) if "/accounts/password/reset/key/" in u))
    page = client.get(link, follow=True)
    form_url = page.redirect_chain[-1][0] if page.redirect_chain else link
    client.post(form_url, {"password1": "Another-Passw0rd-77", "password2": "Another-Passw0rd-77"})

    again = Client()
    page = again.get(link, follow=True)
    form_url = page.redirect_chain[-1][0] if page.redirect_chain else link
    again.post(form_url, {"password1": "Third-Passw0rd-99", "password2": "Third-Passw0rd-99"})
    third = Client()
    log_in(third, "alice", "Third-Passw0rd-99")
    assert logged_in_user(third) is None


def test_password_reset_for_unknown_email_reveals_nothing_and_sends_no_reset_link(client):
    response = client.post(reverse("account_reset_password"), {"email": "nobody@example.org"})
    assert response.status_code == 302
    assert all("/accounts/password/reset/key/" not in m.body for m in mail.outbox)


# --- changing the email address ------------------------------------------------------------------

def test_adding_a_new_email_sends_a_verification(client, make_user):
    make_user("alice", password=PASSWORD)
    log_in(client, "alice")
    page = client.get(reverse("account_email"))
    assert page.status_code == 200
    assert b"alice@example.org" in page.content

    response = client.post(reverse("account_email"), {"email": "alice.new@example.org", "action_add": ""})
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["alice.new@example.org"]
    new = EmailAddress.objects.get(email="alice.new@example.org")
    assert not new.verified
    # Until it is verified, the old address stays the account's address.
    assert get_user_model().objects.get(username="alice").email == "alice@example.org"

    link = path_of(next(u for u in links_in(mail.outbox[0]) if "/accounts/confirm-email/" in u))
    client.post(link)
    assert EmailAddress.objects.get(email="alice.new@example.org").verified
    # ACCOUNT_CHANGE_EMAIL: the verified new address replaces the old one.
    assert get_user_model().objects.get(username="alice").email == "alice.new@example.org"
    fresh = Client()
    log_in(fresh, "alice.new@example.org")
    assert logged_in_user(fresh) == "alice"


def test_email_page_needs_login(client):
    response = client.get(reverse("account_email"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_login"))


# --- the profile ---------------------------------------------------------------------------------

def test_every_user_gets_a_profile(client, make_user):
    user = make_user("alice")
    assert Profile.objects.filter(user=user).exists()
    plain = get_user_model().objects.create_user("plain", "plain@example.org", "x")
    assert plain.profile.language == "en"
    assert plain.profile.time_zone == "UTC"
    superuser = get_user_model().objects.create_superuser("boss", "boss@example.org", "x")
    assert Profile.objects.filter(user=superuser).exists()
    sign_up(client)
    assert Profile.objects.filter(user__username="newbie").exists()


def test_api_me_needs_authentication():
    response = APIClient().get("/api/me/")
    assert response.status_code == 401
    assert "detail" in response.json()


def test_api_me_get(make_user, api_client_for):
    user = make_user("alice")
    response = api_client_for(user).get("/api/me/")
    assert response.status_code == 200
    assert response.json() == {"username": "alice", "email": "alice@example.org", "display_name": "",
                               "language": "en", "time_zone": "UTC", "notify_turn": "immediate",
                               "notify_reminders": True, "notify_game_over": True, "notify_invitations": True,
                               "notify_while_online": False, "next_game_after_turn": False, "confirm_turn_end": False,
                               "quiet_from": None, "quiet_until": None, "days_off": [], "auto_vacation": False,
                               "batch_hours": [8], "push_at_once": False, "remind_push": True, "remind_email": True,
                               "remind_last_call": True, "last_call_in_quiet": False,
                               "ratings": [],
                               "games_waiting": 0}


def test_api_me_patch_changes_preferences(make_user, api_client_for):
    user = make_user("alice")
    client = api_client_for(user)
    response = client.patch("/api/me/", {"language": "de", "time_zone": "Europe/Berlin",
                                         "notify_turn": "daily", "display_name": "Alice A."}, format="json")
    assert response.status_code == 200
    body = response.json()
    assert (body["language"], body["time_zone"], body["notify_turn"], body["display_name"]) == \
        ("de", "Europe/Berlin", "daily", "Alice A.")
    user.profile.refresh_from_db()
    assert (user.profile.language, user.profile.time_zone, user.profile.notify_turn) == \
        ("de", "Europe/Berlin", "daily")
    assert client.get("/api/me/").json()["language"] == "de"


@pytest.mark.parametrize("field, value", [
    ("language", "xx"), ("language", ""), ("time_zone", "Mars/Olympus_Mons"), ("time_zone", ""),
    ("notify_turn", "hourly"), ("display_name", "x" * 41), ("language", ["de"]), ("time_zone", 5),
])
def test_api_me_patch_bad_values_are_400(make_user, api_client_for, field, value):
    user = make_user("alice")
    response = api_client_for(user).patch("/api/me/", {field: value}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert isinstance(body.get("detail"), str) and body["detail"]
    user.profile.refresh_from_db()
    assert (user.profile.language, user.profile.time_zone, user.profile.notify_turn, user.profile.display_name) == \
        ("en", "UTC", "immediate", "")


def test_api_me_cannot_change_username_or_email(make_user, api_client_for):
    user = make_user("alice")
    api_client_for(user).patch("/api/me/", {"username": "mallory", "email": "m@example.org"}, format="json")
    user.refresh_from_db()
    assert (user.username, user.email) == ("alice", "alice@example.org")


def test_api_me_patch_with_session_needs_csrf(make_user):
    user = make_user("alice", password=PASSWORD)
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(user)
    response = browser.patch("/api/me/", '{"language": "de"}', content_type="application/json")
    assert response.status_code == 403
    user.profile.refresh_from_db()
    assert user.profile.language == "en"


# --- language and time zone of pages ---------------------------------------------------------

def test_pages_speak_the_profile_language(client, make_user):
    user = make_user("hans", password=PASSWORD)
    user.profile.language = "de"
    user.profile.save()
    client.force_login(user)
    response = client.get("/")
    assert response.status_code == 200
    assert response["Content-Language"] == "de"
    assert response.wsgi_request.LANGUAGE_CODE == "de"
    assert b'lang="de"' in response.content
    assert b"Abmelden" in response.content  # "Log out"


def test_profile_language_beats_the_browser(client, make_user):
    user = make_user("alice", password=PASSWORD)  # English profile
    client.force_login(user)
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="de")
    assert response["Content-Language"] == "en"
    assert b"Log out" in response.content


def test_language_change_through_the_api_changes_pages(client, make_user, api_client_for):
    user = make_user("alice", password=PASSWORD)
    client.force_login(user)
    assert client.get("/")["Content-Language"] == "en"
    api_client_for(user).patch("/api/me/", {"language": "de"}, format="json")
    response = client.get("/")
    assert response["Content-Language"] == "de"
    assert b"Abmelden" in response.content


def test_anonymous_pages_follow_the_browser(client):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="de")
    assert response["Content-Language"] == "de"
    response = Client().get("/", HTTP_ACCEPT_LANGUAGE="en")
    assert response["Content-Language"] == "en"


def test_time_zone_of_the_profile_is_active(client, make_user):
    user = make_user("alice", password=PASSWORD)
    user.profile.time_zone = "Asia/Tokyo"
    user.profile.save()
    client.force_login(user)
    response = client.get("/")
    assert response.status_code == 200
    assert str(response.context["TIME_ZONE"]) == "Asia/Tokyo"


# --- suspended users -----------------------------------------------------------------------------

def test_suspended_user_cannot_log_in(client, make_user):
    make_user("mallory", password=PASSWORD, is_active=False)
    response = log_in(client, "mallory")
    assert logged_in_user(client) is None
    assert response.status_code == 302 and response["Location"] == reverse("account_inactive")
    response = log_in(Client(), "mallory@example.org")
    assert response.status_code == 302 and response["Location"] == reverse("account_inactive")


def test_suspended_user_cannot_obtain_a_token(make_user):
    make_user("mallory", password=PASSWORD, is_active=False)
    response = APIClient().post("/api/auth/token/", {"username": "mallory", "password": PASSWORD}, format="json")
    assert response.status_code == 401
    assert "token" not in response.json()
    assert isinstance(response.json().get("detail"), str)


def test_active_user_obtains_a_token(make_user):
    make_user("alice", password=PASSWORD)
    response = APIClient().post("/api/auth/token/", {"username": "alice", "password": PASSWORD}, format="json")
    assert response.status_code == 200
    token = response.json()["token"]
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert client.get("/api/me/").json()["username"] == "alice"


def test_suspension_ends_an_existing_session_and_token(client, make_user, api_client_for):
    user = make_user("mallory", password=PASSWORD)
    log_in(client, "mallory")
    api = api_client_for(user)
    assert logged_in_user(client) == "mallory"
    assert api.get("/api/me/").status_code == 200
    user.is_active = False
    user.save()
    assert logged_in_user(client) is None
    assert api.get("/api/me/").status_code == 401


# --- the site's name and domain in emails ----------------------------------------------------------

def test_emails_name_the_site_not_example_com(client, make_user, settings):
    from django.contrib.sites.models import Site
    assert Site.objects.get_current().domain == "localhost:8000"  # SITE_URL's host, set by migrate
    make_user("alice", password=PASSWORD)
    client.post(reverse("account_reset_password"), {"email": "alice@example.org"})
    message = mail.outbox[0]
    assert "example.com" not in message.subject + message.body
    assert "Argo Station" in message.subject + message.body


def test_a_new_site_url_takes_effect_on_migrate_and_production_checks_it(settings):
    from django.contrib.sites.models import Site

    from accounts.site_domain import check_site_url, set_site_domain
    settings.SITE_URL = "https://play.example.org"
    set_site_domain()
    assert Site.objects.get_current().domain == "play.example.org"
    assert check_site_url() == []
    settings.SITE_URL = "http://localhost:8000"
    assert [w.id for w in check_site_url()] == ["accounts.W001"]


# --- a new player's first minutes -----------------------------------------------------------------

def test_confirming_the_email_logs_the_new_player_in(client):
    sign_up(client)
    link = path_of(next(u for u in links_in(mail.outbox[0]) if "/accounts/confirm-email/" in u))
    response = client.post(link)
    assert response.status_code == 302 and response["Location"] == "/"
    assert logged_in_user(client) == "newbie"


@pytest.mark.parametrize("sent, zone", [("Europe/Berlin", "Europe/Berlin"), ("Mars/Olympus", "UTC"), ("", "UTC")])
def test_a_new_account_takes_the_browsers_time_zone_and_the_pages_language(client, sent, zone):
    page = client.get(reverse("account_signup")).content.decode()
    assert re.search(r'<input type="hidden" name="time_zone"', page)
    response = client.post(reverse("account_signup"), {
        "username": "newbie", "email": "newbie@example.org", "password1": PASSWORD, "password2": PASSWORD,
        "time_zone": sent}, HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 302, response.content[:300]
    profile = Profile.objects.get(user__username="newbie")
    assert (profile.time_zone, profile.language) == (zone, "de")


def test_account_pages_show_errors_as_errors(client, make_user):
    make_user("alice")
    page = log_in(client, "alice", "wrong-password").content.decode()
    assert re.search(r'<div class="form-errors" role="alert"><p>The username and/or password', page)
    page = sign_up(client, username="alice", password="short").content.decode()
    assert re.search(r'<div class="field has-error">\s*<label for="id_username"', page)
    assert re.search(r'<ul class="field-errors" id="id_username_error"><li>', page)
    assert re.search(r'<input[^>]*name="username"[^>]*aria-invalid="true"', page)
    assert 'class="account-page"' in page


def test_the_admin_and_every_page_without_an_icon_find_the_favicon(client, make_user):
    page = client.get("/admin/login/").content.decode()
    assert '<link rel="icon" href="/static/favicon.svg"' in page
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and response["Location"] == "/static/favicon.svg"


# --- a display name is one line --------------------------------------------------------------------

ONE_LINE_BREAKERS = ["Trent\r\nBcc: mallory@example.org", "Trent\nBcc: x", "Tr\tent", "Tr\x00ent", "Tr\x1bent",
                     "Tr\x7fent", "Tr\u2028ent", "Tr\u2029ent", "Tr\x85ent"]


@pytest.mark.parametrize("name", ONE_LINE_BREAKERS)
def test_api_me_refuses_a_display_name_that_is_not_one_line(make_user, api_client_for, name):
    user = make_user("alice")
    response = api_client_for(user).patch("/api/me/", {"display_name": name, "language": "de"}, format="json")
    assert response.status_code == 400
    assert "one line" in response.json()["detail"]
    user.profile.refresh_from_db()
    assert (user.profile.display_name, user.profile.language) == ("", "en"), "nothing changed"


@pytest.mark.parametrize("name", ONE_LINE_BREAKERS[:3])
def test_the_settings_page_refuses_a_display_name_that_is_not_one_line(make_user, client, name):
    user = make_user("alice")
    client.force_login(user)
    response = client.post("/settings/", {"save_profile": "1", "display_name": name, "language": "en",
                                          "time_zone": "UTC", "notify_turn": "immediate"})
    assert response.status_code == 200
    assert "A name is one line" in response.content.decode()
    user.profile.refresh_from_db()
    assert user.profile.display_name == ""


def test_the_settings_page_says_so_in_german(make_user, client):
    user = make_user("alice")
    type(user.profile).objects.filter(user=user).update(language="de")
    client.force_login(user)
    response = client.post("/settings/", {"save_profile": "1", "display_name": "Trent\r\nBcc: x", "language": "de",
                                          "time_zone": "UTC", "notify_turn": "immediate"}, HTTP_ACCEPT_LANGUAGE="de")
    assert "Ein Name ist eine Zeile" in response.content.decode()


def test_the_admin_refuses_a_display_name_that_is_not_one_line(make_user):
    from django.core.exceptions import ValidationError
    user = make_user("alice")
    user.profile.display_name = "Trent\r\nBcc: x"
    with pytest.raises(ValidationError) as refused:
        user.profile.full_clean()  # what the admin's and the settings page's model forms run
    assert "display_name" in refused.value.message_dict


def test_a_display_name_with_spaces_and_letters_of_any_script_is_fine(make_user, api_client_for):
    user = make_user("alice")
    response = api_client_for(user).patch("/api/me/", {"display_name": "Zoë Ωmega 李 · Jr."}, format="json")
    assert response.status_code == 200 and response.json()["display_name"] == "Zoë Ωmega 李 · Jr."
