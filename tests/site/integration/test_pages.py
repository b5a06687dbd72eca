"""The server side of every page: status codes, permissions, and no hidden information in the HTML."""
from __future__ import annotations

import json
import re
from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from games import services
from games.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def players(make_user):
    return {name: make_user(name) for name in ("alice", "bob", "carol")}


@pytest.fixture
def active_game(players):
    game = services.create_game(players["alice"], game="argo", players=2)
    services.join_game(players["bob"], game.pk)
    return Game.objects.get(pk=game.pk)


def login(client, user):
    client.force_login(user)
    return client


def assert_no_secrets(html: str, game: Game) -> None:
    state = services.current_state(game)
    assert str(game.seed) not in html
    assert json.dumps(state["stack"]) not in html and json.dumps(state["stack"], separators=(",", ":")) not in html
    assert '"seed"' not in html and '"stack"' not in html


@pytest.mark.parametrize("path", ["/", "/rules/", "/ratings/argo/", "/accounts/login/", "/accounts/signup/"])
def test_public_pages_open_to_everyone(client, path):
    assert client.get(path).status_code == 200


@pytest.mark.parametrize("path", ["/games/mine/", "/settings/"])
def test_private_pages_send_strangers_to_login(client, path):
    response = client.get(path)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_lobby_lists_open_games_and_offers_join(client, players):
    game = services.create_game(players["alice"], game="argo", players=3)
    html = login(client, players["bob"]).get("/").content.decode()
    assert f"/games/{game.pk}/join/" in html and "alice" in html.lower()


def test_create_game_from_the_lobby_form(client, players):
    response = login(client, players["alice"]).post("/games/new/argo/", {
        "players": "2", "option_difficulty": "2", "option_mean_teleporters": "1", "hours_per_move": "24",
        "invite": "bob"})
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    assert game.options == {"difficulty": "hard", "mean_teleporters": True} and game.hours_per_move == 24
    assert list(game.invitations.values_list("user__username", flat=True)) == ["bob"]


def test_create_game_form_errors_are_shown(client, players):
    response = login(client, players["alice"]).post("/games/new/argo/", {
        "players": "2", "option_difficulty": "1", "option_mean_teleporters": "0", "hours_per_move": "24",
        "invite": "nobody"})
    assert response.status_code == 200 and "nobody" in response.content.decode()
    assert not Game.objects.exists()


def test_join_start_leave_through_the_forms(client, players):
    game = services.create_game(players["alice"], game="argo", players=3)
    bob = login(client, players["bob"])
    assert bob.post(f"/games/{game.pk}/join/").status_code == 302
    assert bob.post(f"/games/{game.pk}/start/").status_code == 302  # only the creator: refused with a message
    assert Game.objects.get(pk=game.pk).status == "open"
    client.force_login(players["alice"])
    client.post(f"/games/{game.pk}/start/")
    assert Game.objects.get(pk=game.pk).status == "active"


def test_game_page_for_players_and_spectators_hides_secrets(client, active_game, players):
    for user in (players["alice"], players["carol"], None):
        client.logout()
        if user:
            client.force_login(user)
        response = client.get(f"/games/{active_game.pk}/")
        assert response.status_code == 200
        html = response.content.decode()
        assert 'id="board"' in html and 'id="page-config"' in html
        assert_no_secrets(html, active_game)


def test_missing_game_page_is_404(client):
    assert client.get("/games/999999/").status_code == 404


def test_my_games_puts_my_turn_first_and_counts_it(client, active_game, players):
    mover = next(s.user for s in active_game.seats.all() if s.order == active_game.current_seat)
    html = login(client, mover).get("/games/mine/").content.decode()
    my_turn = html.index('id="my-turn"')
    assert html.index(f"/games/{active_game.pk}/") > my_turn
    assert re.search(r"<title>\(1\) ", html), "the title counts the games waiting"
    other = players["bob"] if mover == players["alice"] else players["alice"]
    client.force_login(other)
    html = client.get("/games/mine/").content.decode()
    assert html.index(f"/games/{active_game.pk}/") > html.index('id="waiting"')


def test_the_badge_counts_the_games_waiting_for_the_player(client, players, api_client_for):
    """Two games wait for carol: the badge, the title and GET /api/me/ say 2; nothing waits for a
    player without games: 0 and no badge."""
    waiting = []
    for other in ("alice", "bob"):
        game = services.create_game(players[other], game="argo", players=2)
        services.join_game(players["carol"], game.pk)
        for _ in range(50):  # the other player decides until it is carol's turn
            game = Game.objects.get(pk=game.pk)
            mover = game.seats.get(order=game.current_seat).user
            if mover == players["carol"]:
                break
            decision = services.rules_of(game).bot("greedy", game.seq).choose(services.current_state(game))
            services.submit_decision(mover, game.pk, game.seq, decision)
        waiting.append(game.pk)
    assert sorted(g.pk for g in services.waiting_games(players["carol"])) == sorted(waiting)
    assert services.waiting_count(players["carol"]) == len(waiting)
    html = login(client, players["carol"]).get("/games/mine/").content.decode()
    assert re.search(r"<title>\(2\) ", html)
    assert re.search(r'id="waiting-badge"[^>]*>2</span>', html)
    assert api_client_for(players["carol"]).get("/api/me/").json()["games_waiting"] == 2

    from django.contrib.auth import get_user_model
    idle = get_user_model().objects.create_user("idle", "idle@example.org", "pass-word-1")
    html = login(client, idle).get("/games/mine/").content.decode()
    assert not re.search(r"<title>\(", html)
    assert re.search(r'id="waiting-badge"\s+hidden', html)
    assert api_client_for(idle).get("/api/me/").json()["games_waiting"] == 0


def test_the_languages_come_from_one_list(client, players, api_client_for):
    """settings.LANGUAGES is the one list: the switcher for visitors, the settings page, the API's
    schema and its check all offer exactly its languages."""
    from django.conf import settings
    codes = [code for code, _ in settings.LANGUAGES]
    switcher = client.get("/").content.decode()
    switcher = switcher[switcher.index('name="language"'):]
    assert re.findall(r'<option value="(\w+)"', switcher[:switcher.index("</select>")]) == codes
    page = login(client, players["alice"]).get("/settings/").content.decode()
    page = page[page.index('name="language"'):]
    assert re.findall(r'<option value="(\w+)"', page[:page.index("</select>")]) == codes
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    lang = next(p for p in schema["paths"]["/api/games/{id}/moves/"]["get"]["parameters"] if p["name"] == "lang")
    assert sorted(lang["schema"]["enum"]) == sorted(codes)  # the schema sorts enums
    api = api_client_for(players["alice"])
    for code in codes:
        assert api.patch("/api/me/", {"language": code}, format="json").status_code == 200
    assert api.patch("/api/me/", {"language": "xx"}, format="json").status_code == 400


def test_player_page_and_unknown_player(client, players):
    assert client.get("/players/alice/").status_code == 200
    assert client.get("/players/nobody/").status_code == 404


def test_settings_change_language_and_time_zone(client, players):
    alice = login(client, players["alice"])
    response = alice.post("/settings/", {"save_profile": "1", "display_name": "Al", "language": "de",
                                         "time_zone": "Europe/Berlin", "notify_turn": "daily"})
    assert response.status_code == 302
    players["alice"].profile.refresh_from_db()
    assert players["alice"].profile.language == "de" and players["alice"].profile.notify_turn == "daily"
    assert "Einstellungen" in alice.get("/settings/").content.decode()
    bad = alice.post("/settings/", {"save_profile": "1", "display_name": "Al", "language": "de",
                                    "time_zone": "Mars/Olympus", "notify_turn": "daily"})
    assert bad.status_code == 200 and "Mars/Olympus" in bad.content.decode()


def test_email_preferences_link_needs_no_login(client, players):
    from games.reactions.emails import preferences_link
    path = preferences_link(players["alice"]).split("localhost:8000", 1)[1]
    assert client.get(path).status_code == 200
    assert client.post(path, {"notify_turn": "never"}).status_code == 302
    players["alice"].profile.refresh_from_db()
    assert players["alice"].profile.notify_turn == "never"
    assert client.get(path.replace("/preferences/", "/preferences/x")).status_code == 404
    assert not mail.outbox or all("seed" not in m.body for m in mail.outbox)


def test_pages_speak_german_from_the_browser(client):
    html = client.get("/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Offene Spiele" in html


def test_finished_game_page_hides_nothing_it_should_not(client, active_game, players):
    game = active_game
    while game.status == "active":
        seat = next(s for s in game.seats.all() if s.order == game.current_seat)
        state = services.current_state(game)
        decision = services.rules_of(game).bot("random", game.seq).choose(state)
        services.submit_decision(seat.user, game.pk, game.seq, decision)
        game = Game.objects.get(pk=game.pk)
    html = login(client, players["carol"]).get(f"/games/{game.pk}/").content.decode()
    assert 'id="outcome"' in html and 'id="replay"' in html
    assert str(game.seed) not in html


ARGO_MODULES = {"en": ["Lab", "Control Room", "Jump Room", "Laser", "Infirmary", "Warehouse", "Security Center",
                       "Core Room", "Safe Room"],
                "de": ["Labor", "Kontrollraum", "Sprungraum", "Laser", "Krankenstation", "Warenlager",
                       "Sicherheitszentrale", "Reaktorkammer", "Schutzraum"]}
ARGO_ROLES = {"en": {"chief": "star", "explorer": "triangle", "pilot": "diamond", "grunt": "square", "robot": "hexagon"},
              "de": {"chief": "Stern", "explorer": "Dreieck", "pilot": "Raute", "grunt": "Quadrat", "robot": "Sechseck"}}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_argo_rules_page_explains_every_module_and_role(client, lang):
    html = client.get("/rules/argo/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    modules = re.findall(r'<div id="module-([a-z-]+)"><dt>.*?<strong>(.*?)</strong>.*?</dt>\s*<dd>(.*?)</dd>', html, re.S)
    named = {title: text for _, title, text in modules}
    for title in ARGO_MODULES[lang]:
        assert len(named.get(title, "")) > 25, f"{title} is not explained"
    roles = {role: (dt, dd) for role, dt, dd in re.findall(
        r'<div id="role-([a-z]+)"><dt>(.*?)</dt>\s*<dd>(.*?)</dd>', html, re.S)}
    for role, shape in ARGO_ROLES[lang].items():
        dt, dd = roles[role]
        assert f'data-role="{role}"' in dt and shape in dt and len(dd) > 40, role
    other = "de" if lang == "en" else "en"
    assert not any(f"<strong>{t}</strong>" in html for t in set(ARGO_MODULES[other]) - set(ARGO_MODULES[lang]))


ANDROMEDA_PAGE = {
    "en": {"figures": ("VP when played", "VP if still in hand at the end"),
           "AE12": "with one opponent it can never be played",
           "AE13": "after any decision of yours – playing a card or taking an open card included",
           "AE14": "SWAP and WARP always act when they can"},
    "de": {"figures": ("Siegpunkte beim Ausspielen", "Siegpunkte am Ende auf der Hand"),
           "AE12": "mit nur einem Gegner kann sie nie gespielt werden",
           "AE13": "nach irgendeiner deiner Entscheidungen – auch dem Ausspielen einer Karte oder dem Nehmen einer "
                   "offenen Karte",
           "AE14": "SWAP und WARP wirken immer, wenn sie können"},
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_andromeda_rules_page_explains_the_card_figures_and_the_rulings_AE12_to_AE14(client, lang):
    """The card table's two VP columns say what they count, with signs; AE12 (A8 needs two other
    players), AE13 (the Lost Ship after any decision) and AE14 (SWAP and WARP always act) are stated."""
    html = client.get("/rules/andromeda/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    page = ANDROMEDA_PAGE[lang]
    table = re.search(r'<table class="rules-table" id="card-table">(.*?)</table>', html, re.S).group(1)
    headers = re.findall(r"<tr><th>.*?</th><th>.*?</th><th>(.*?)</th><th>(.*?)</th></tr>", table)[0]
    assert headers == page["figures"]
    explained = re.search(r'<p id="card-figures">(.*?)</p>', html, re.S).group(1)
    assert all(f"<em>{figure}</em>" in explained for figure in page["figures"])
    rows = {card: (played, in_hand) for card, played, in_hand in re.findall(
        r"<tr><th>([AW]\d+)</th><td>.*?</td><td>(.*?)</td><td>(.*?)</td></tr>", table)}
    assert len(rows) == 21 and rows["W1"] == ("+2", "−2") and rows["A1"] == ("−2", "−2") and rows["A8"] == ("0", "−1")
    for ruling in ("AE12", "AE13", "AE14"):
        assert page[ruling] in html, ruling


def test_the_lobby_offers_no_join_on_ones_own_open_game(client, players):
    mine = services.create_game(players["alice"], game="argo", players=3)
    theirs = services.create_game(players["bob"], game="argo", players=3)
    html = login(client, players["alice"]).get("/").content.decode()
    assert f"/games/{mine.pk}/join/" not in html and f"/games/{theirs.pk}/join/" in html
    assert "you have a seat" in html


def test_an_invited_player_declines_from_the_game_page(client, players):
    game = services.create_game(players["alice"], game="argo", players=3, invite=["bob", "carol"])
    page = login(client, players["bob"]).get(f"/games/{game.pk}/").content.decode()
    assert 'id="decline"' in page and 'id="join"' in page
    mine = client.get("/games/mine/").content.decode()
    assert 'id="invitations"' in mine and f"/games/{game.pk}/decline/" in mine
    response = client.post(f"/games/{game.pk}/decline/", follow=True)
    assert response.redirect_chain[-1][0] == "/games/mine/"
    assert "You declined the invitation" in response.content.decode()
    assert f"/games/{game.pk}/" not in response.content.decode()  # gone from his games
    alice_sees = login(client, players["alice"]).get(f"/games/{game.pk}/").content.decode()
    assert re.search(r'id="lobby-invited">Invited: carol<', alice_sees) and re.search(r"Declined: bob<", alice_sees)


def test_a_joined_player_is_no_longer_shown_as_invited(client, players):
    game = services.create_game(players["alice"], game="argo", players=3, invite=["bob", "carol"])
    services.join_game(players["bob"], game.pk)
    html = login(client, players["alice"]).get(f"/games/{game.pk}/").content.decode()
    assert re.search(r'id="lobby-invited">Invited: carol<', html)
    assert 'id="start"' in html  # two of three seats: the creator may start


def test_an_open_invitation_is_marked_in_the_lobby_and_counted_in_the_badge(client, players, api_client_for):
    """carol invites bob: bob's lobby says "invited by carol" beside that game only, and his badge, title
    and GET /api/me/ count it as a game waiting for him; once he declines, nothing waits."""
    game = services.create_game(players["carol"], game="argo", players=3, invite=["bob"])
    other = services.create_game(players["alice"], game="argo", players=3)
    html = login(client, players["bob"]).get("/").content.decode()
    entry = html[html.index(f'href="/games/{game.pk}/"'):]
    assert "invited by carol" in entry[:entry.index("</li>")]
    entry = html[html.index(f'href="/games/{other.pk}/"'):]
    assert "invited by" not in entry[:entry.index("</li>")]
    assert re.search(r"<title>\(1\) ", html)
    assert re.search(r'id="waiting-badge"[^>]*title="[^"]*invitation[^"]*">1</span>', html)
    assert services.waiting_count(players["bob"]) == 1
    assert api_client_for(players["bob"]).get("/api/me/").json()["games_waiting"] == 1
    assert re.search(r"<title>\(1\) ", client.get("/games/mine/").content.decode())
    client.post(f"/games/{game.pk}/decline/")
    assert services.waiting_count(players["bob"]) == 0
    assert "invited by" not in client.get("/").content.decode()


def test_joining_from_the_lobby_or_an_invitation_lands_on_the_game_page(client, players):
    """After "Join" on a game that is not yet full, the player is on that game's page, seated."""
    game = services.create_game(players["carol"], game="argo", players=3, invite=["bob"])
    response = login(client, players["bob"]).post(f"/games/{game.pk}/join/", follow=True)
    assert response.redirect_chain[-1][0] == f"/games/{game.pk}/"
    assert game.seats.filter(user=players["bob"]).exists() and services.waiting_count(players["bob"]) == 0
    assert 'id="join"' not in response.content.decode()


def test_switching_to_german_says_the_settings_are_saved_in_german(client, players):
    alice = login(client, players["alice"])
    response = alice.post("/settings/", {"save_profile": "1", "display_name": "Al", "language": "de",
                                         "time_zone": "Europe/Berlin", "notify_turn": "daily"}, follow=True)
    html = response.content.decode()
    assert "Deine Einstellungen sind gespeichert." in html and "Your settings are saved." not in html


def test_a_move_under_a_minute_ago_reads_just_now(client, active_game, players, settings):
    """Not "last move 0 minutes ago": in German "letzter Zug gerade eben"; older moves keep their time."""
    settings.LOBBY_IN_PLAY_SECONDS = 0  # the games in progress drawn anew at every load
    Game.objects.filter(pk=active_game.pk).update(last_move_at=timezone.now() - timedelta(seconds=20))
    assert "last move just now" in client.get("/").content.decode()
    players["alice"].profile.language = "de"
    players["alice"].profile.save()
    html = login(client, players["alice"]).get("/").content.decode()
    assert "letzter Zug gerade eben" in html and "0 Minuten" not in html
    Game.objects.filter(pk=active_game.pk).update(last_move_at=timezone.now() - timedelta(minutes=5))
    assert re.search(r"letzter Zug: 5\s+Minuten her", client.get("/").content.decode())


def test_a_bots_name_is_shown_in_the_readers_language(client, players, api_client_for):
    game = services.create_game(players["alice"], game="argo", players=2, bots=["expert"])
    assert "Expert (bot)" in client.get("/").content.decode()
    players["bob"].profile.language = "de"
    players["bob"].profile.save()
    html = login(client, players["bob"]).get("/").content.decode()
    assert "Experte (Bot)" in html and "Expert (bot)" not in html
    seats = api_client_for(players["bob"]).get(f"/api/games/{game.pk}/").json()["seats"]
    assert "Experte (Bot)" in [s["display_name"] for s in seats]


@pytest.mark.django_db
def test_next_game_opens_the_most_urgent_other_game_and_then_says_none_waits(make_user, client):
    """After a turn, "Next game" goes to the game whose deadline comes first among those where the
    player decides, then to an invitation, never back to the game just left."""
    from datetime import timedelta

    from django.utils import timezone

    from games import services
    from games.models import Game
    me = make_user("me")
    soon, later, elsewhere = [], [], []
    for name, hours in (("ann", 30), ("bea", 3)):
        opponent = make_user(name)
        game = services.create_game(opponent, game="argo", players=2)
        services.join_game(me, game.pk)
        stored = Game.objects.get(pk=game.pk)
        if stored.seats.get(order=stored.current_seat).user != me:  # my decision in each
            Game.objects.filter(pk=game.pk).update(current_seat=stored.seats.get(user=me).order)
        Game.objects.filter(pk=game.pk).update(deadline=timezone.now() + timedelta(hours=hours))
        services.inbox.rebuild([game.pk])  # the turn given to me here, without the services
        (soon if hours == 3 else later).append(game.pk)
    invitation = services.create_game(make_user("cid"), game="argo", players=3, invite=["me"])
    elsewhere.append(invitation.pk)
    client.force_login(me)

    def next_from(game_id):
        return client.get(f"/games/next/?from={game_id}").url

    assert next_from(later[0]) == f"/games/{soon[0]}/"
    assert next_from(soon[0]) == f"/games/{later[0]}/"
    assert client.get("/games/next/?from=99999999999999999999").url == f"/games/{soon[0]}/"
    Game.objects.filter(pk__in=soon + later).update(status=Game.Status.FINISHED)
    services.inbox.rebuild(soon + later)
    assert next_from(soon[0]) == f"/games/{elsewhere[0]}/"
    response = client.get(f"/games/next/?from={elsewhere[0]}", follow=True)
    assert response.redirect_chain[-1][0] == "/games/mine/"
    assert "No other game waits for you." in response.content.decode()


def test_the_lobbys_games_in_progress_are_drawn_once_in_a_while_per_language(client, active_game, players, settings,
                                                                             django_assert_max_num_queries):
    """The games in progress are the same for every reader: drawn once per LOBBY_IN_PLAY_SECONDS and
    language: a game that moves meanwhile shows its news at the next drawing."""
    from django.core.cache import caches
    settings.LOBBY_IN_PLAY_SECONDS = 60
    assert "last move just now" in client.get("/").content.decode()
    Game.objects.filter(pk=active_game.pk).update(last_move_at=timezone.now() - timedelta(minutes=5))
    with django_assert_max_num_queries(100) as drawn_again:
        html = client.get("/").content.decode()
    assert "last move just now" in html and "5 minutes" not in html
    assert not [q for q in drawn_again.captured_queries if "ORDER BY \"games_game\".\"last_move_at\" DESC" in q["sql"]]
    players["alice"].profile.language = "de"
    players["alice"].profile.save()
    assert re.search(r"letzter Zug: 5\s+Minuten her", login(client, players["alice"]).get("/").content.decode())
    caches["pages"].clear()  # as when the seconds have passed
    client.logout()
    assert re.search(r"last move 5\s+minutes ago", client.get("/").content.decode())
