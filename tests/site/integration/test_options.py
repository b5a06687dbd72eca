"""A game's options where players meet them: the new-game form offers each only for the table sizes it
applies to (`options_for`), a choice for another size is left at its default, and the game's header
names only the options that differ from their defaults. Per game over the registry."""
from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from games import rules, services
from games.entry.views import option_labels
from games.models import Game

GAMES = rules.names()
pytestmark = pytest.mark.django_db


def _other_choice(spec: dict) -> int:
    return next(i for i, c in enumerate(spec["choices"]) if c != spec["default"])


@pytest.mark.parametrize("name", GAMES)
def test_each_option_field_names_the_tables_it_applies_to(client, make_user, name):
    module = rules.get(name)
    client.force_login(make_user("ann"))
    form = client.get(f"/games/new/{name}/").content.decode()
    counts = range(module.min_players, module.max_players + 1)
    for key in module.options_schema():
        shown = re.search(rf'<select name="option_{key}"[^>]*data-players="([^"]*)"', form)
        assert shown, key
        assert shown.group(1).split() == [str(n) for n in counts if key in module.options_for(n)], key


@pytest.mark.parametrize("name", GAMES)
def test_a_choice_left_from_another_table_size_is_not_sent_to_the_rules(client, make_user, name):
    """Every option set away from its default, then the smallest table: the game starts with the
    options that apply there as chosen and the others at their defaults, instead of a refusal
    (a two-player Theseus with "Two teams of two: yes" was refused)."""
    module = rules.get(name)
    schema, players = module.options_schema(), module.min_players
    applies = module.options_for(players)
    client.force_login(make_user("ann"))
    # choices that apply at the table are chosen one at a time (two may be refused together)
    chosen = {f"option_{key}": _other_choice(spec) if key not in applies else spec["choices"].index(spec["default"])
              for key, spec in schema.items()}
    if applies:
        chosen[f"option_{applies[0]}"] = _other_choice(schema[applies[0]])
    answer = client.post(f"/games/new/{name}/", {"players": players, "hours_per_move": 24, **chosen})
    assert answer.status_code == 302, answer.content.decode()[:2000]
    game = Game.objects.get()
    expected = module.check_options(players, {applies[0]: schema[applies[0]]["choices"][_other_choice(schema[applies[0]])]}
                                    if applies else {})
    assert game.options == expected


@pytest.mark.parametrize("name", GAMES)
def test_the_game_header_names_only_the_options_that_differ_from_their_defaults(make_user, name):
    module = rules.get(name)
    ann = make_user("ann")
    plain = services.create_game(ann, game=name, players=module.min_players)
    assert option_labels(plain, "en") == [] and option_labels(plain, "de") == []
    applies = module.options_for(module.min_players)
    if not applies:
        return
    key, spec = applies[0], module.options_schema()[applies[0]]
    choice = spec["choices"][_other_choice(spec)]
    changed = services.create_game(ann, game=name, players=module.min_players, options={key: choice})
    labels = option_labels(changed, "en")
    assert len(labels) == 1 and labels[0].startswith(spec["label"]["en"] + ": "), labels


def at_every_table(module, seats: int) -> list[str]:
    """The options a tournament of tables of `seats` offers: those that apply at every size from the
    game's smallest up (a remainder table may be smaller)."""
    return [key for key in module.options_for(seats)
            if all(key in module.options_for(n) for n in range(module.min_players, seats + 1))]


@pytest.mark.parametrize("name", GAMES)
def test_a_tournaments_options_follow_its_table_size_too(client, make_user, name):
    """The tournament form offers the options per table size as the new-game form does, those that
    suit every smaller table too; one left set from another size is not sent to the rules (a
    two-player Theseus tournament "in teams" was refused)."""
    from tournaments.models import Tournament
    module = rules.get(name)
    schema, seats = module.options_schema(), module.min_players
    client.force_login(make_user("ann"))
    form = client.get(f"/tournaments/new/{name}/").content.decode()
    for key in schema:
        shown = re.search(rf'<select name="option_{key}"[^>]*data-players="([^"]*)"', form).group(1).split()
        assert shown == [str(n) for n in range(seats, module.max_players + 1) if key in at_every_table(module, n)], key
    applies = at_every_table(module, seats)
    chosen = {f"option_{key}": _other_choice(spec) if key not in applies else spec["choices"].index(spec["default"])
              for key, spec in schema.items()}
    answer = client.post(f"/tournaments/new/{name}/", {
        "title": "Open", "format": "round_robin", "seats": seats, "hours_per_move": 24,
        "signup_closes": (timezone.localtime() + timedelta(days=3)).strftime("%Y-%m-%dT%H:%M"), "min_players": seats,
        "max_players": 8, "rated": "on", **chosen})
    assert answer.status_code == 302, answer.content.decode()[:3000]
    assert Tournament.objects.get().options in ({}, module.check_options(seats, {}))
