"""Game records (docs/game-record.md): every game played to its end by bots on the site downloads
from GET /api/games/{id}/record/ as a file, and the rules alone replay it (`python -m
games.rules.<game> replay`) to the outcome the site stored. A game not over gives away nothing it
hides: no seed, each decision only as `public_decision` shows it. Parametrised over
games.rules.names(): a game added to the registry is covered at once."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.test import Client

from games import rules, services
from games.models import Game
from games.rules import cli, record as records
from games.rules.base import LONGEST_GAME

GAMES = rules.names()
ROOT = Path(__file__).resolve().parents[3]
pytestmark = pytest.mark.django_db


@pytest.fixture
def ann(make_user):
    return make_user("ann")


def bot_game(user, name: str, decisions: int = LONGEST_GAME) -> Game:
    """A game of the fewest seats the game takes, the others given to the site's random bot, and the
    person's own seat kept by the greedy bot: the bots play `decisions` (or to the end)."""
    players = rules.get(name).min_players
    game = services.create_game(user, game=name, players=players, bots=["random"] * (players - 1))
    services.stand_in(user, game.pk, "greedy")
    services.play_bot_turns(game.pk, limit=decisions)
    return Game.objects.get(pk=game.pk)


def download(game_id, client: Client | None = None):
    return (client or Client()).get(f"/api/games/{game_id}/record/")


def replay(name: str, content: bytes, tmp_path: Path, capsys) -> tuple[int, str, str]:
    path = tmp_path / f"{name}.json"
    path.write_bytes(content)
    code = cli.main(name, ["replay", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def stored_decisions(game: Game) -> list[dict]:
    return [d.data for d in services.active_decisions(game)]


@pytest.mark.parametrize("name", GAMES)
def test_a_finished_game_downloads_as_a_record_that_replays_to_the_stored_outcome(ann, make_user, name, tmp_path, capsys):
    game = bot_game(ann, name)
    assert game.status == Game.Status.FINISHED, "the bots did not finish the game"
    module = rules.get(name)
    response = download(game.pk)  # not signed in: anyone who may read the game
    assert response.status_code == 200, response.content
    assert response["Content-Type"] == "application/json"
    assert response["Content-Disposition"] == f'attachment; filename="{name}-{game.pk}.json"'
    record = response.json()
    assert (record["format"], record["version"]) == (records.FORMAT, records.VERSION)
    assert (record["game"], record["id"], record["status"]) == (name, game.pk, "finished")
    assert record["rules_version"] == game.rules_version and record["options"] == game.options
    assert record["seed"] == game.seed  # the game is over: nothing is hidden any more
    assert record["outcome"] == game.outcome
    assert [d["decision"] for d in record["decisions"]] == stored_decisions(game)
    assert all(d["seat"] in range(game.players) and d["at"].endswith("Z") for d in record["decisions"])
    seats = sorted(game.seats.all(), key=lambda s: s.order)
    assert [(p["seat"], p["username"], p["colour"], p["place"], p["score"]) for p in record["players"]] == \
        [(s.order, s.user.username, s.colour, s.rank, s.score) for s in seats]
    assert [p["bot"] for p in record["players"]] == [None] + ["random"] * (game.players - 1)
    assert record["started_at"].endswith("Z") and record["finished_at"].endswith("Z")

    code, out, err = replay(name, response.content, tmp_path, capsys)
    assert code == 0, err
    tail = cli.command_line(module).outcome(game.outcome, "en")  # the final scores and places, as the site stored them
    assert out.splitlines()[-len(tail):] == tail
    for seat in seats:  # each seat's stored place and score is printed for it
        assert any(line.startswith(f"  {seat.rank}. ") and line.split(": ", 1)[1].split(" ")[0] == str(seat.score)
                   for line in tail), (seat.colour, tail)

    # A result a moderator reverted is aborted but was played to its end: its record still replays.
    services.revert_result(make_user("mod", is_staff=True), game.pk, "tested")
    reverted = download(game.pk).json()
    assert reverted["status"] == "aborted" and reverted["seed"] == game.seed
    assert replay(name, json.dumps(reverted).encode(), tmp_path, capsys)[0] == 0


@pytest.mark.parametrize("name", GAMES)
def test_a_game_in_progress_has_no_seed_and_only_public_decisions(ann, name, tmp_path, capsys):
    game = bot_game(ann, name, decisions=30)
    assert game.status == Game.Status.ACTIVE
    module = rules.get(name)
    response = download(game.pk)
    assert response.status_code == 200
    record = response.json()
    assert "seed" not in record and str(game.seed) not in response.content.decode()
    assert record["status"] == "active" and record["outcome"] is None and record["finished_at"] is None
    assert [d["decision"] for d in record["decisions"]] == [module.public_decision(d) for d in stored_decisions(game)]
    assert [p["place"] for p in record["players"]] == [None] * game.players
    code, out, err = replay(name, response.content, tmp_path, capsys)
    assert code == 1 and out == ""
    assert "the record has no seed: the game was not over when it was written" in err


def test_a_record_shows_a_game_not_over_only_through_public_decision(ann, monkeypatch):
    """The record asks the rules module what others may see of each decision: whatever it leaves
    out is not in the record, for a player of the game too; once the game is over, all of it is."""
    game = bot_game(ann, "argo", decisions=10)
    module = rules.get("argo")
    monkeypatch.setattr(type(module), "public_decision", lambda self, decision: {"type": decision["type"], "hidden": 1})
    client = Client()
    client.force_login(ann)
    record = download(game.pk, client).json()
    assert record["decisions"] and all(d["decision"]["hidden"] == 1 and len(d["decision"]) == 2
                                       for d in record["decisions"])
    services.play_bot_turns(game.pk, limit=LONGEST_GAME)
    assert all("hidden" not in d["decision"] for d in download(game.pk).json()["decisions"])


def test_a_secret_decision_of_andromeda_stays_hidden_until_the_end(ann):
    """Andromeda Escape's kept missions are the one secret decision of the games so far."""
    game = bot_game(ann, "andromeda", decisions=6)
    secret = [d for d in stored_decisions(game) if rules.get("andromeda").public_decision(d) != d]
    assert secret, "no secret decision in the first six"
    text = download(game.pk).content.decode()
    record = json.loads(text)
    assert all(d not in [e["decision"] for e in record["decisions"]] for d in secret)


def test_an_undone_decision_is_left_out_and_the_record_still_replays(ann, make_user, tmp_path, capsys):
    ben = make_user("ben")
    game = services.create_game(ann, game="argo", players=2)
    services.join_game(ben, game.pk)
    module = rules.get("argo")
    for _ in range(60):  # the players decide (as the random bot would) until one may take a decision back
        game = services.game_with_seats(game.pk)
        state = services.current_state(game)
        if module.undoable(state) > 0:
            break
        services.submit_decision(game.deciding_seat.user, game.pk, game.seq, module.bot("random", game.seq).choose(state))
    else:
        pytest.fail("no decision could be taken back")
    services.undo(game.deciding_seat.user, game.pk)
    undone = game.decisions.get(undone=True).number
    for user in (ann, ben):
        services.stand_in(user, game.pk, "greedy")
    services.play_bot_turns(game.pk, limit=LONGEST_GAME)
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.FINISHED
    response = download(game.pk)
    numbers = [d["number"] for d in response.json()["decisions"]]
    assert undone not in numbers and numbers == sorted(numbers)
    assert len(numbers) == game.decisions.count() - 1
    code, out, err = replay("argo", response.content, tmp_path, capsys)
    assert code == 0, err


def test_a_game_aborted_before_its_end_has_no_seed(ann, make_user):
    game = bot_game(ann, "argo", decisions=8)
    services.abort_game(make_user("mod", is_staff=True), game.pk, "tested")
    record = download(game.pk).json()
    assert record["status"] == "aborted" and record["finished_at"].endswith("Z")
    assert "seed" not in record and record["outcome"] is None


def test_an_open_game_has_no_record(ann, make_user):
    game = services.create_game(ann, game="argo", players=3)
    response = download(game.pk)
    assert response.status_code == 409 and "never started" in response.json()["detail"]
    page = Client().get(f"/games/{game.pk}/").content.decode()
    assert 'id="download-record"' not in page and "/record/" not in page
    services.leave_game(ann, game.pk)  # every player left: aborted without having started
    assert Game.objects.get(pk=game.pk).status == Game.Status.ABORTED
    assert download(game.pk).status_code == 409


@pytest.mark.parametrize("game_id", ["999999", "0", "abc", "99999999999999999999"])
def test_a_game_that_does_not_exist_is_a_404(ann, game_id):
    """Reading games is open to everyone (docs/api.md): a record is hidden only from nobody, and a
    game that does not exist is a 404 with its detail."""
    response = download(game_id)
    assert response.status_code == 404 and response.json()["detail"]


def test_the_game_page_links_to_the_record_in_the_readers_language(ann):
    game = bot_game(ann, "argo", decisions=4)
    href = f'href="/api/games/{game.pk}/record/"'
    english = Client().get(f"/games/{game.pk}/").content.decode()
    link = re.search(r'<a [^>]*id="download-record"[^>]*>([^<]*)</a>', english)
    assert link and href in link.group(0) and link.group(1) == "Download record"
    assert f'download="argo-{game.pk}.json"' in link.group(0)
    german = Client().get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert re.search(r'id="download-record"[^>]*>Partie herunterladen</a>', german)


def test_the_documented_example_has_the_fields_the_site_writes(ann):
    """docs/game-record.md's example is a real record cut short: its fields are the site's own."""
    doc = (ROOT / "docs" / "game-record.md").read_text(encoding="utf-8")
    example = json.loads(re.search(r"```json\n(.*?)\n```", doc, re.S).group(1))
    game = bot_game(ann, "argo")
    record = download(game.pk).json()
    assert list(example) == list(record)
    assert list(example["players"][0]) == list(record["players"][0])
    assert list(example["decisions"][0]) == list(record["decisions"][0])
    assert (example["format"], example["version"]) == (records.FORMAT, records.VERSION)


def _json_schema(node, components: dict):
    """An OpenAPI 3.0 schema as JSON Schema: references resolved, `nullable` as a null alternative."""
    if isinstance(node, list):
        return [_json_schema(item, components) for item in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        return _json_schema(components[node["$ref"].rsplit("/", 1)[-1]], components)
    out = {key: _json_schema(value, components) for key, value in node.items() if key != "nullable"}
    return {"anyOf": [out, {"type": "null"}]} if node.get("nullable") else out


def test_records_are_what_the_api_schema_says(ann, client):
    import jsonschema
    components = client.get("/api/schema/?format=json").json()["components"]["schemas"]
    schema = jsonschema.Draft202012Validator(_json_schema(components["Record"], components))
    doc = (ROOT / "docs" / "game-record.md").read_text(encoding="utf-8")
    schema.validate(json.loads(re.search(r"```json\n(.*?)\n```", doc, re.S).group(1)))
    game = bot_game(ann, "andromeda", decisions=6)
    schema.validate(download(game.pk).json())
    services.play_bot_turns(game.pk, limit=LONGEST_GAME)
    schema.validate(download(game.pk).json())
