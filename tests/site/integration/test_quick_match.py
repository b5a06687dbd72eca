"""Quick match (quickmatch/, docs/quickmatch.md): "Play <game> now" joins the fitting open game whose
creator's rating is closest (never one's own, never a blocked player's, never outside either rating
window, never at another time a move), or opens one that the next fitting quick match joins, and says
which happened; asked again while waiting, the same game. Two people asking at once end in one game.
Per game of the registry where the game matters."""
from __future__ import annotations

import pytest
from django.test import Client

from friends import services as friends
from games import rules, services
from games.models import Game, Rating
from quickmatch.models import Seek
from quickmatch.services import quick_match
from tests.django_fixtures import in_parallel, token_client as api

pytestmark = pytest.mark.django_db
GAME = rules.names()[0]


def rated(user, game: str, shown: int) -> None:
    """A rating shown as `shown` (sigma 1, so mu = (shown - 1000) / 40 + 3), not provisional."""
    Rating.objects.create(user=user, game=game, mu=(shown - 1000) / 40 + 3, sigma=1.0, games=10)


@pytest.mark.parametrize("game", rules.names())
def test_the_first_opens_a_game_and_the_next_fitting_one_joins_it(make_user, game):
    ann, ben = make_user("ann"), make_user("ben")
    first = api(ann).post("/api/quick-match/", {"game": game, "hours_per_move": 24}, format="json")
    assert first.status_code == 201 and first.json()["joined"] is False and first.json()["status"] == "open"
    again = api(ann).post("/api/quick-match/", {"game": game, "hours_per_move": 24}, format="json")
    assert again.json()["game"] == first.json()["game"], "asked again while waiting: the same game"
    joined = api(ben).post("/api/quick-match/", {"game": game, "hours_per_move": 24}, format="json")
    assert joined.status_code == 200 and joined.json() == {**first.json(), "joined": True, "status": "active"}
    started = Game.objects.get(pk=first.json()["game"])
    assert started.status == Game.Status.ACTIVE and {s.user.username for s in started.seats.all()} == {"ann", "ben"}
    assert started.players == rules.get(game).min_players


def test_the_closest_rating_is_joined_and_windows_are_kept_both_ways(make_user):
    ann, ben, cleo, dan = (make_user(n) for n in ("ann", "ben", "cleo", "dan"))
    rated(ann, GAME, 1500)
    rated(ben, GAME, 1180)
    rated(dan, GAME, 1200)
    far = services.create_game(ann, game=GAME, players=2, hours_per_move=24)
    near = quick_match(ben, game=GAME, hours_per_move=24, window=50).game   # opens: ann is 320 away
    assert near.pk != far.pk and Seek.objects.get(game=near).window == 50
    services.create_game(cleo, game=GAME, players=2, hours_per_move=72)      # another time a move
    match = quick_match(dan, game=GAME, hours_per_move=24)
    assert match.joined and match.game.pk == near.pk, "1180 is nearer to 1200 than 1500"
    eve = make_user("eve")  # new: 1000, outside Ben's window were his game still open, and ann's is far
    assert quick_match(eve, game=GAME, hours_per_move=24, window=100).joined is False


def test_a_quick_match_outside_a_seeks_window_does_not_join_it(make_user):
    ann, ben = make_user("ann"), make_user("ben")
    rated(ann, GAME, 1600)
    waiting = quick_match(ann, game=GAME, hours_per_move=48, window=100).game
    match = quick_match(ben, game=GAME, hours_per_move=48)  # any opponent for ben, but ann asked for ±100
    assert not match.joined and match.game.pk != waiting.pk


def test_never_a_blocked_players_game(make_user):
    ann, ben = make_user("ann"), make_user("ben")
    waiting = quick_match(ann, game=GAME, hours_per_move=24).game
    friends.block(ann, "ben")
    match = quick_match(ben, game=GAME, hours_per_move=24)
    assert not match.joined and match.game.pk != waiting.pk


def test_two_asking_at_once_end_in_one_game(transactional_db, make_user):
    ann, ben = make_user("ann"), make_user("ben")
    clients = [api(ann), api(ben)]
    answers = in_parallel(2, lambda i: clients[i].post("/api/quick-match/", {"game": GAME, "hours_per_move": 24}, format="json"))
    assert sorted(a.status_code for a in answers) == [200, 201], answers
    assert len({a.json()["game"] for a in answers}) == 1
    assert Game.objects.filter(name=GAME).count() == 1 and Game.objects.get().status == Game.Status.ACTIVE


@pytest.mark.parametrize("body, words", [
    ({"game": "nochess", "hours_per_move": 24}, "game"),
    ({"game": GAME, "hours_per_move": 0}, "hours_per_move"),
    ({"game": GAME, "hours_per_move": 24, "window": 0}, "window"),
    ({"game": GAME}, "hours_per_move"),
])
def test_a_request_that_cannot_be_read_is_refused_and_changes_nothing(make_user, body, words):
    answer = api(make_user("ann")).post("/api/quick-match/", body, format="json")
    assert answer.status_code == 400 and words in answer.json()["detail"]
    assert not Game.objects.exists()
    assert api().post("/api/quick-match/", {"game": GAME, "hours_per_move": 24}, format="json").status_code == 401


def test_the_lobbys_form_says_which_happened_in_the_players_language(make_user):
    ann, ben = make_user("ann"), make_user("ben")
    ben.profile.language = "de"
    ben.profile.save()
    pages = {}
    for user in (ann, ben):
        client = Client()
        client.force_login(user)
        assert f'action="/quick-match/{GAME}/"' in client.get("/").content.decode()
        pages[user.username] = client.post(f"/quick-match/{GAME}/", {"hours_per_move": "72", "window": ""}, follow=True)
    assert "nobody fitting was waiting" in pages["ann"].content.decode()
    assert "Schnellpartie" in pages["ben"].content.decode()
    assert pages["ann"].redirect_chain[-1][0] == pages["ben"].redirect_chain[-1][0]
    client = Client()
    client.force_login(ann)
    refused = client.post(f"/quick-match/{GAME}/", {"hours_per_move": "lots"})
    assert refused.status_code == 400 and "Hours per move: Enter a whole number." in refused.content.decode()
    assert not Game.objects.filter(created_by=ann, hours_per_move=24).exists()


BANK_FORM = {"time_control": "bank", "bank_hours": "48", "increment_hours": "12", "cap_hours": "96", "window": ""}


def test_the_pages_form_chooses_a_bank_meets_a_seek_of_that_bank_only_and_refuses_in_the_readers_language(make_user):
    ann, ben, cleo = make_user("ann"), make_user("ben"), make_user("cleo")
    waiting = quick_match(ann, game=GAME, time_control="bank", bank_hours=48, increment_hours=12, cap_hours=96).game
    other = quick_match(cleo, game=GAME, time_control="bank", bank_hours=72, increment_hours=12, cap_hours=96).game
    client = Client()
    client.force_login(ben)
    lobby = client.get("/").content.decode()
    form = lobby[lobby.index(f'data-quick-match="{GAME}"'):]
    form = form[:form.index("</form>")]
    for name in ("hours_per_move", "bank_hours", "increment_hours", "cap_hours"):
        assert f'name="{name}"' in form and f'id="quick-{GAME}-{name}"' in form, name
    assert 'data-clock="bank"' in form and 'name="time_control" value="bank"' in form
    # Without scripts the other clock's fields are sent too: only the chosen clock's are read
    met = client.post(f"/quick-match/{GAME}/", {**BANK_FORM, "hours_per_move": "9999"})
    assert met.status_code == 302 and met.url == f"/games/{waiting.pk}/", "the same bank, not cleo's other one"
    assert Game.objects.get(pk=other.pk).status == Game.Status.OPEN
    opened = client.post(f"/quick-match/{GAME}/", {"time_control": "per_turn", "hours_per_move": "12", "cap_hours": "0"})
    assert opened.status_code == 302 and Game.objects.get(pk=opened.url.split("/")[2]).hours_per_move == 12
    ben.profile.language = "de"
    ben.profile.save()
    before = Game.objects.count()
    for body, words in [({**BANK_FORM, "cap_hours": "721"}, "Zeitkonto: höchstens Stunden: Dieser Wert muss kleiner oder gleich 720 sein."),
                        ({**BANK_FORM, "bank_hours": "97"}, "bank_hours muss eine ganze Zahl von Stunden von 1 bis 96 sein")]:
        refused = client.post(f"/quick-match/{GAME}/", body)
        assert refused.status_code == 400 and words in refused.content.decode(), refused.content.decode()
    assert Game.objects.count() == before
