"""One name for a person everywhere, the display name, and the reader's language in the sentences
around it: signing in, a friendship's news, a game closed by a block, the chat, the statistics'
opponents and the player page's finished games."""
from __future__ import annotations

import re
from datetime import timedelta

import pytest

from accounts.models import Profile
from friends import services as friends
from games import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(make_user):
    """alice and carol speak English, bob German; each has a display name unlike the username."""
    out = {}
    for username, name, language in (("alice", "Alice A.", "en"), ("bob", "Bob B.", "de"), ("carol", "Carol C.", "en")):
        user = make_user(username)
        Profile.objects.filter(user=user).update(display_name=name, language=language)
        user.refresh_from_db()
        out[username] = user
    return out


def said(response) -> list[str]:
    """The messages of the page, as read."""
    return [re.sub(r"<[^>]+>", "", m) for m in re.findall(r'<ul class="messages">(.*?)</ul>', response.content.decode(), re.S)]


def test_signing_in_greets_by_display_name_in_the_players_language(client, people):
    page = client.post("/accounts/login/", {"login": "bob", "password": "pass-word-1"}, follow=True,
                       HTTP_ACCEPT_LANGUAGE="en")
    assert "Erfolgreich als Bob B. angemeldet." in said(page)[0]


def test_friendship_news_names_the_friend_by_display_name(client, people):
    friends.ask(people["carol"], "bob")
    client.force_login(people["bob"])
    page = client.post("/friends/carol/accept/", follow=True)
    assert "Du und Carol C. seid befreundet." in said(page)[0]


def test_a_refused_friendship_change_names_the_player_by_display_name_in_the_players_language(client, people):
    friends.block(people["bob"], "carol")
    client.force_login(people["bob"])
    page = client.post("/friends/carol/block/", follow=True)
    assert "du hast Carol C. schon blockiert" in said(page)[0]


def test_a_game_closed_by_a_block_says_so_in_the_players_language(client, people):
    friends.block(people["carol"], "bob")
    game = services.create_game(people["carol"], game="argo", players=3)
    client.force_login(people["bob"])
    page = client.post(f"/games/{game.pk}/join/", follow=True)
    assert "dieses Spiel steht dir nicht offen" in said(page)[0]


def test_the_chat_names_its_authors_by_display_name(api_client_for, people):
    game = services.create_game(people["alice"], game="argo", players=2)
    services.join_game(people["bob"], game.pk)
    services.post_chat(people["alice"], game.pk, "hello")
    message = api_client_for(people["bob"]).get(f"/api/games/{game.pk}/chat/").json()["results"][0]
    assert (message["username"], message["display_name"]) == ("alice", "Alice A.")


def test_opponents_and_finished_games_name_players_by_display_name(client, people):
    from django.utils import timezone

    from tests.site.integration.test_stats import finish
    finish([(people["alice"], 1), (people["carol"], 2)], timezone.now())
    client.force_login(people["alice"])
    stats = client.get("/players/alice/stats/").content.decode()
    assert re.search(r'<a href="/players/carol/">Carol C\.</a>', stats) and ">carol<" not in stats
    page = client.get("/players/alice/").content.decode()
    assert re.search(r'<a href="/players/carol/">Carol C\.</a>', page) and ">carol<" not in page


def test_an_invitation_refused_names_the_player_by_display_name(people):
    from django.utils import translation
    friends.block(people["carol"], "bob")
    with translation.override("de"), pytest.raises(services.NotAllowed) as refused:
        services.create_game(people["bob"], game="argo", players=2, invite=["carol"])
    assert refused.value.detail == "Carol C.: dieser Spieler nimmt keine Einladungen von dir an"


def test_the_desks_list_of_games_names_the_players_by_display_name(admin_client, people):
    game = services.create_game(people["alice"], game="argo", players=3)
    services.join_game(people["bob"], game.pk)
    listed = admin_client.get("/admin/games/game/").content.decode()
    assert "Alice A., Bob B." in listed and "alice, bob" not in listed


def test_a_tournament_refusal_names_the_player_by_display_name(make_user, people):
    from django.utils import timezone, translation

    from tournaments import services as tournaments
    from tournaments.models import Entry
    made = tournaments.create_tournament(people["alice"], title="Spring Open", game="argo", format="swiss", seats=2,
                                         rounds=3, signup_closes=timezone.now() + timedelta(hours=1),
                                         min_players=2, max_players=8)
    tournaments.sign_up(people["bob"], made.pk)
    entry = Entry.objects.get(tournament=made, user=people["bob"])
    Entry.objects.filter(pk=entry.pk).update(status=Entry.Status.WITHDRAWN)
    with translation.override("de"), pytest.raises(services.Conflict) as refused:
        tournaments.remove_player(make_user("mod", is_staff=True), entry.pk, "abusive chat")
    assert refused.value.detail == "Bob B. spielt in diesem Turnier nicht mit"
