"""The site hosts any number of games: every registered game works through the same pages, API,
emails and moderators' desk (that the site's own code names none of them: test_game_agnostic.py).

Parametrised over games.rules.names(): a game added to the registry is covered here at once.
"""
from __future__ import annotations

import inspect
import json
import re
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core import mail
from django.core.management import call_command
from django.utils import translation
from django.utils.translation import gettext

from games import rules, services
from games.models import Game

ROOT = Path(__file__).resolve().parents[3]
GAMES = rules.names()
LANGUAGES = [code for code, _ in settings.LANGUAGES]
pytestmark = pytest.mark.django_db


def test_every_game_package_has_its_board_module_and_rules_page():
    for name in GAMES:
        package = ROOT / "games" / "rules" / name
        assert (package / "static" / name / "board.js").exists(), name
        assert (package / "templates" / name / "rules.html").exists(), name
        source = (package / "static" / name / "board.js").read_text()
        for export in ("pathOf", "createBoard", "picture", "label", "columns", "notes", "placePattern"):
            assert re.search(rf"export (function|const) {export}\b", source), (name, export)


@pytest.fixture
def people(make_user):
    return [make_user(name) for name in ("ann", "ben", "cat", "dan")]


def started(people, name: str, players: int | None = None) -> Game:
    module = rules.get(name)
    count = players or module.min_players
    game = services.create_game(people[0], game=name, players=count)
    for user in people[1:count]:
        services.join_game(user, game.pk)
    return Game.objects.get(pk=game.pk)


def play(game: Game, decisions: int) -> Game:
    for _ in range(decisions):
        game = Game.objects.get(pk=game.pk)
        if game.status != Game.Status.ACTIVE:
            break
        seat = game.seats.get(order=game.current_seat)
        state = services.current_state(game)
        services.submit_decision(seat.user, game.pk, game.seq, services.rules_of(game).bot("random", game.seq).choose(state))
    return Game.objects.get(pk=game.pk)


def test_the_lobby_shows_a_card_per_game_with_its_picture_and_a_text_alternative(client):
    html = client.get("/").content.decode()
    for name in GAMES:
        module = rules.get(name)
        shown = rules.presentation(name)
        assert f'data-game="{name}"' in html and shown.title["en"] in html and shown.summary["en"] in html
        assert f'data-picture="{name}"' in html and f"The board of {shown.title['en']} at the start" in html
        assert f"{module.min_players} to {module.max_players} players" in html
    pictures = json.loads(re.search(r'<script id="pictures" type="application/json">(.*?)</script>', html, re.S).group(1))
    assert sorted(pictures) == GAMES
    assert all("seed" not in p["view"] for p in pictures.values())


@pytest.mark.parametrize("name", GAMES)
def test_pages_of_every_game(client, people, name):
    module = rules.get(name)
    shown = rules.presentation(name)
    client.force_login(people[0])
    form = client.get(f"/games/new/{name}/").content.decode()
    assert shown.title["en"] in form
    for key, spec in module.options_schema().items():
        assert f'name="option_{key}"' in form and spec["label"]["en"] in form
    assert client.get(f"/rules/{name}/").status_code == 200
    assert client.get(f"/ratings/{name}/").status_code == 200
    game = play(started(people, name), 5)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert f"/static/{name}/board.js" in page and f"{shown.title['en']} #{game.pk}" in page
    if (ROOT / "games" / "rules" / name / "static" / name / "board.css").exists():
        assert f'<link rel="stylesheet" href="/static/{name}/board.css">' in page  # the game's own styles
    assert str(game.seed) not in page


SPOKEN = [code for code in LANGUAGES if code != settings.LANGUAGE_CODE]


@pytest.mark.parametrize("name", GAMES)
def test_a_reader_of_each_language_gets_the_site_in_it_and_the_game_in_one_it_speaks(client, people, api_client_for,
                                                                                     monkeypatch, name):
    """The site's words in the reader's language; the game's own (its log, its prompt, its board in
    words) in that language where the game speaks it (its presentation's `languages`), else in English
    (services.game_language): the game's code is handed no other language, and no language of
    settings.LANGUAGES is an error on any game's pages."""
    shown = rules.presentation(name)
    handed: set[str] = set()

    def spy(method):
        def told(*args, **kwargs):
            handed.add(inspect.signature(method).bind(*args, **kwargs).arguments.get("lang", "en"))
            return method(*args, **kwargs)
        return told
    for method in ("prompt", "prompt_for_others", "render", "render_decision", "recap", "describe", "ending",
                   "client_data"):
        monkeypatch.setattr(shown, method, spy(getattr(shown, method)))
    game = play(started(people, name), 5)
    mover = game.seats.get(order=game.current_seat).user
    reads = {"moves": f"/api/games/{game.pk}/moves/?lang=", "text": f"/api/games/{game.pk}/text/?lang=",
             "prompt": f"/api/games/{game.pk}/", "asked": f"/api/games/{game.pk}/actions/"}

    def read(api, lang: str) -> dict:
        """What the game's own code says there, in the profile's language or the `lang` asked for."""
        said = {key: api.get(path + lang if path.endswith("=") else path) for key, path in reads.items()}
        assert all(r.status_code == 200 for r in said.values()), {k: r.status_code for k, r in said.items()}
        return {"moves": [m["log"] for m in said["moves"].json()], "text": said["text"].json(),
                "prompt": said["prompt"].json()["prompt"], "asked": said["asked"].json()["prompt"]}

    english = read(api_client_for(mover), "en")
    for code in SPOKEN:
        mover.profile.language = code
        mover.profile.save()
        spoken = services.game_language(shown, code)
        assert spoken == (code if code in shown.languages else "en")
        with translation.override(code):
            my_games, log = gettext("My games"), gettext("Log")
        assert my_games != "My games" and log != "Log", code
        client.force_login(mover)
        for path, word in ((f"/games/{game.pk}/", log), ("/games/mine/", my_games)):
            page = client.get(path)
            html = page.content.decode()
            assert page.status_code == 200 and f'<html lang="{code}"' in html, (code, path)
            assert my_games in html and word in html and "My games" not in html, (code, path)
        said = read(api_client_for(mover), code)
        if spoken == "en":
            assert said == english, code
    assert handed and handed <= set(shown.languages), handed


@pytest.mark.parametrize("name", GAMES)
def test_every_game_plays_through_the_api(people, api_client_for, name):
    module = rules.get(name)
    shown = rules.presentation(name)
    clients = [api_client_for(u) for u in people]
    created = clients[0].post("/api/games/", {"game": name, "players": module.min_players}, format="json")
    assert created.status_code == 201, created.content
    game_id = created.json()["id"]
    assert created.json()["title"] == shown.title["en"]
    for c in clients[1:module.min_players]:
        assert c.post(f"/api/games/{game_id}/join/").status_code == 200
    for _ in range(20):  # or until the game ends: a game may be shorter
        game = Game.objects.get(pk=game_id)
        if game.status != Game.Status.ACTIVE:
            break
        who = clients[[s.order for s in game.seats.all()].index(game.current_seat)]
        asked = who.get(f"/api/games/{game_id}/actions/").json()
        detail = who.get(f"/api/games/{game_id}/").json()
        assert detail["prompt"] and detail["view"]["you"] == asked["seat"]
        move = who.post(f"/api/games/{game_id}/moves/", {"seq": asked["seq"], "action": asked["actions"][0]}, format="json")
        assert move.status_code == 201, move.content
    game = Game.objects.get(pk=game_id)
    assert game.seq == 20 or game.status == Game.Status.FINISHED


@pytest.mark.parametrize("name", GAMES)
def test_the_moderators_desk_draws_every_game(admin_client, people, name):
    game = play(started(people, name), 4)
    html = admin_client.get(f"/admin/games/game/{game.pk}/change/").content.decode()
    assert f"/static/{name}/board.js" in html and "data-board" in html
    assert str(game.seed) not in html
    assert admin_client.get(f"/admin/games/game/?game={name}").status_code == 200


@pytest.mark.parametrize("name", GAMES)
def test_turn_emails_name_the_game(people, name, django_capture_on_commit_callbacks):
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        game = started(people, name)
    title = rules.presentation(name).title["en"]
    assert mail.outbox and all(m.subject == f"Your turn in {title} #{game.pk}" for m in mail.outbox)


def test_the_move_log_shows_a_secret_decision_only_to_the_player_who_made_it(people, api_client_for):
    game = started(people, "andromeda", 2)
    chooser = game.seats.get(order=game.current_seat)
    state = services.current_state(game)
    returned = services.rules_of(game).legal_actions(state)[0]
    services.submit_decision(chooser.user, game.pk, game.seq, returned)
    other = game.seats.exclude(pk=chooser.pk).get().user
    mine = api_client_for(chooser.user).get(f"/api/games/{game.pk}/moves/").json()[0]["decision"]
    theirs = api_client_for(other).get(f"/api/games/{game.pk}/moves/").json()[0]["decision"]
    anyone = api_client_for(people[3]).get(f"/api/games/{game.pk}/moves/").json()[0]["decision"]
    assert mine == returned and theirs == anyone == {"type": "return"}


def test_the_demo_has_a_game_of_each_kind_in_progress(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):  # the bots move after the commit
        call_command("demo", stdout=StringIO())
    people = Game.objects.filter(status="active").exclude(seats__bot_account=True)
    assert sorted(people.values_list("name", flat=True)) == GAMES
    against_bots = Game.objects.filter(status="active", seats__bot_account=True).distinct()
    assert sorted(against_bots.values_list("name", flat=True)) == GAMES
    for game in against_bots:  # the bots have answered: alice decides now
        assert game.deciding_seat.user.username == "alice"
    assert Game.objects.filter(status="open").count() == 1


@pytest.mark.parametrize("name", GAMES)
def test_your_turn_notifications_name_the_game_in_the_players_language(people, monkeypatch, name):
    from games.reactions import notify
    monkeypatch.setattr(rules.presentation(name), "title", {"en": "The Game", "de": "Das Spiel"})
    game = started(people, name)
    decider = game.seats.get(order=game.current_seat).user
    decider.profile.language = "de"
    decider.profile.save()
    sent = []
    monkeypatch.setattr(notify, "send_all", lambda messages, wait=True: sent.extend(messages))
    notify.decision_made(notify.Change.of(game, turn_changed=True))
    assert (notify.user_group(decider.pk),
            {"event": "your_turn", "game": game.pk, "seq": game.seq, "title": "Das Spiel"}) in sent


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_page_links_only_to_the_site(client, name, lang):
    page = client.get(f"/rules/{name}/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    body = page[page.index('id="rules-body"'):]
    for href in re.findall(r'href="([^"]*)"', body):
        assert href.startswith(("/", "#")) and not re.search(r"\.(md|py|json)\b|github|docs/", href), href


def _spoiled(decision: dict, rng) -> list[dict]:
    """Shapes no decision has, made from a good one: a field dropped, one added, one of another JSON type."""
    fields = [k for k in decision if k != "type"]
    out = [{**decision, "unheard_of": 1}, {**decision, "type": decision["type"] + "_x"}]
    if fields:
        name = rng.choice(fields)
        out.append({k: v for k, v in decision.items() if k != name})
        out.append({**decision, name: [decision[name]]})
    return out


@pytest.mark.parametrize("name", GAMES)
def test_the_decision_schema_is_exactly_what_apply_takes_as_well_formed(name):
    """Every legal decision fits the schema; a spoiled one fits neither the schema nor `apply`'s
    shape check (MalformedDecision, answered 400), so the API's schema never promises a 409."""
    import random

    import jsonschema
    module = rules.get(name)
    schema = jsonschema.Draft202012Validator(module.decision_schema())
    rng = random.Random(5)
    state = module.new_game(module.min_players, 5, {})
    for _ in range(150):
        if module.current_seat(state) is None:
            break
        legal = module.legal_actions(state)
        for decision in legal:
            assert schema.is_valid(decision), decision
        for spoiled in _spoiled(rng.choice(legal), rng):
            assert not schema.is_valid(spoiled), spoiled
            with pytest.raises(rules.MalformedDecision):
                module.apply(state, spoiled)
        state, _ = module.apply(state, rng.choice(legal))


def _foreign_decisions() -> list[tuple[str, str, dict]]:
    """For each game, an opening decision of another game that is of no shape this game takes
    (games whose every other opening decision also fits them have none: shapes may overlap)."""
    import jsonschema
    found = []
    for name in GAMES:
        mine = jsonschema.Draft202012Validator(rules.get(name).decision_schema())
        foreign = [(other, d) for other in GAMES if other != name
                   for d in rules.get(other).legal_actions(rules.get(other).new_game(rules.get(other).min_players, 1, {}))
                   if not mine.is_valid(d)]
        found += [(name, *foreign[0])] if foreign else []
    return found


@pytest.mark.parametrize("name,other,decision", _foreign_decisions())
def test_another_games_decision_is_a_409_that_names_both_games(people, api_client_for, name, other, decision):
    """The API's schema takes any game's decision, so one meant for another game is no malformed
    request (400) but a conflict with the game it was sent to; nothing is stored."""
    game = started(people, name)
    mover = game.seats.get(order=game.current_seat).user
    response = api_client_for(mover).post(f"/api/games/{game.pk}/moves/", {"seq": game.seq, "action": decision},
                                          format="json")
    assert response.status_code == 409, response.content
    detail = response.json()["detail"]
    assert rules.title(other, "en") in detail and rules.title(name, "en") in detail
    assert Game.objects.get(pk=game.pk).seq == game.seq


SEAT_NUMBER = re.compile(r"\b(seat|platz|place)\s*#?\d", re.IGNORECASE)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_move_log_names_each_player_by_display_name_and_every_decision_says_what_happened(people, api_client_for, name, lang):
    """The log a player reads (the moves list, and a decision's own answer) names players by their
    display names, never a seat by its number, and has a line for every decision."""
    for user, shown in zip(people, ("Ann Archer", "Ben Baker", "Cat Cole", "Dan Dunn")):
        user.profile.display_name = shown
        user.profile.language = lang
        user.profile.save()
    module = rules.get(name)
    game = play(started(people, name, module.max_players), 60)
    moves = api_client_for(people[0]).get(f"/api/games/{game.pk}/moves/?lang={lang}").json()
    lines = [line for move in moves for line in move["log"]]
    assert all(move["log"] and all(line.strip() for line in move["log"]) for move in moves), moves
    assert not [line for line in lines if SEAT_NUMBER.search(line)]
    assert any("Ann Archer" in line or "Ben Baker" in line for line in lines)
