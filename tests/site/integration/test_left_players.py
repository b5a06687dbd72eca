"""A player who left a game in progress (a moderator removed them) meets it as over for them: "My games"
lists it among the finished ones, its page closes the chat, and every refusal of their chat, of a
limit or of a block, is said in their language."""
from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model

from games import rules, services
from games.models import Seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def removed(make_user):
    """alice and bob (German) in a game of each kind; a moderator removed bob from each."""
    alice, bob = make_user("alice"), make_user("bob")
    bob.profile.language = "de"
    bob.profile.save()
    moderator = get_user_model().objects.create_user("moderator", is_staff=True)
    games = []
    for name in rules.names():
        game = services.create_game(alice, game=name, players=2)
        services.join_game(bob, game.pk)
        services.remove_player(moderator, Seat.objects.get(game=game, user=bob).pk, "zwei Konten")
        games.append(game)
    return {"alice": alice, "bob": bob, "games": games}


def section(html: str, name: str) -> str:
    return re.search(rf'<section id="{name}">(.*?)</section>', html, re.S).group(1)


def test_my_games_lists_a_game_the_player_was_removed_from_as_finished(client, removed):
    client.force_login(removed["bob"])
    page = client.get("/games/mine/").content.decode()
    for game in removed["games"]:
        assert f"/games/{game.pk}/" not in section(page, "waiting")
        assert f"/games/{game.pk}/" in section(page, "finished")
    assert section(page, "finished").count("von der Moderation entfernt") == len(removed["games"])
    client.force_login(removed["alice"])  # still hers to play: it waits for her or for the bot
    page = client.get("/games/mine/").content.decode()
    assert all(f"/games/{g.pk}/" not in section(page, "finished") for g in removed["games"])


def test_the_removed_players_page_offers_no_chat(client, removed):
    client.force_login(removed["bob"])
    for game in removed["games"]:
        page = client.get(f"/games/{game.pk}/").content.decode()
        assert 'id="chat-form"' not in page and 'id="chat-closed"' in page
        assert 'id="stand-in-form"' not in page and 'id="mute-form"' not in page


def test_a_refused_chat_line_says_why_in_the_readers_language(removed, api_client_for, settings):
    game = removed["games"][0]
    bob = api_client_for(removed["bob"])
    left = bob.post(f"/api/games/{game.pk}/chat/", {"text": "hallo"}, format="json")
    assert left.status_code == 403
    assert left.json()["detail"] == ("du bist nicht mehr in dieser Partie: ihr Chat ist für die Spieler, "
                                     "die noch darin sind")
    alice = api_client_for(removed["alice"])
    settings.USER_LIMITS = {**settings.USER_LIMITS, "chat": (2, 3600)}  # an hour's window: none ends mid-test
    allowed, _ = settings.USER_LIMITS["chat"]
    removed["alice"].profile.language = "de"
    removed["alice"].profile.save()
    for n in range(allowed):
        assert alice.post(f"/api/games/{game.pk}/chat/", {"text": f"{n}"}, format="json").status_code == 201
    limited = alice.post(f"/api/games/{game.pk}/chat/", {"text": "noch eine"}, format="json")
    assert limited.status_code == 429
    assert limited.json()["detail"].startswith("höchstens 2 Chatnachrichten in 60 Minuten; versuch es in ")
