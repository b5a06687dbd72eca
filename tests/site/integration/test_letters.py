"""Direct messages between players (letters/, docs/letters.md): writing and reading both ways, the
unread counts, every refusal (400/403/404 with a `detail`, nothing stored), the limit, reports and the
moderators' hiding, the notices after the commit, the German page, and that no answer to a third
player ever holds a message between two others."""
from __future__ import annotations

import random

import pytest
from django.core import mail
from django.test import Client

from games.models import ModeratorAction
from letters import services
from letters.counts import unread_count
from letters.models import Conversation, Message, Report
from tests.django_fixtures import in_parallel, token_client

pytestmark = pytest.mark.django_db


@pytest.fixture
def players(make_user):
    return {name: make_user(name) for name in ("alice", "bob", "carol")}


@pytest.fixture
def api(players):
    return {name: token_client(user) for name, user in players.items()}


def write(api, author: str, to: str, text: str):
    return api[author].post(f"/api/letters/{to}/", {"text": text}, format="json")


def page_of(client, path: str) -> str:
    answer = client.get(path)
    assert answer.status_code == 200
    return answer.content.decode()


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_two_players_write_and_read_both_ways(api):
    sent = write(api, "alice", "bob", "  Hello Bob!\nA second line.  ")
    assert sent.status_code == 201 and sent.json()["author"] == "alice"
    assert sent.json()["text"] == "Hello Bob!\nA second line."
    assert write(api, "bob", "alice", "Hi Alice").status_code == 201
    assert Conversation.objects.count() == 1, "one conversation per pair, whoever wrote first"
    theirs = api["alice"].get("/api/letters/bob/").json()
    assert [m["text"] for m in theirs["results"]] == ["Hi Alice", "Hello Bob!\nA second line."]
    assert theirs["next"] is None
    listed = api["bob"].get("/api/letters/").json()
    assert [(c["username"], c["last_line"]) for c in listed] == [("alice", "Hi Alice")]


def test_unread_counts_follow_reading(api, players):
    for text in ("one", "two", "three"):
        write(api, "alice", "bob", text)
    write(api, "carol", "bob", "from carol")
    assert unread_count(players["bob"]) == 4
    assert unread_count(players["alice"]) == 0, "one's own messages are read"
    listed = {c["username"]: c["unread"] for c in api["bob"].get("/api/letters/").json()}
    assert listed == {"alice": 3, "carol": 1}
    assert [c["username"] for c in api["bob"].get("/api/letters/").json()] == ["carol", "alice"], "newest first"
    assert api["bob"].get("/api/letters/alice/").json()["unread"] == 1
    bob = signed_in(players["bob"])
    html = page_of(bob, "/letters/carol/")
    assert 'id="letters-badge" hidden' in html, "opening the conversation marked it read"
    assert unread_count(players["bob"]) == 0
    write(api, "bob", "alice", "answer")
    assert unread_count(players["alice"]) == 1


def test_the_menu_counts_in_one_query(players, api, django_assert_num_queries):
    from letters.context_processors import unread
    write(api, "alice", "bob", "hi")

    class Request:
        user = players["bob"]
    with django_assert_num_queries(1):
        assert unread(Request()) == {"letters_unread": 1}


def test_pages_paginate_newest_first_with_a_cursor(api):
    ids = [Message.objects.create(conversation=_pair("alice", "bob"), author_id=_id("alice"), text=f"m{i}").pk
           for i in range(55)]
    first = api["bob"].get("/api/letters/alice/").json()
    assert len(first["results"]) == 50 and first["results"][0]["id"] == ids[-1]
    rest = api["bob"].get(f"/api/letters/alice/?before={first['next']}").json()
    assert [m["id"] for m in rest["results"]] == ids[4::-1] and rest["next"] is None
    assert api["bob"].get("/api/letters/alice/?before=x").status_code == 400
    assert api["bob"].get("/api/letters/alice/?before=-3").status_code == 400


def _id(username: str) -> int:
    from django.contrib.auth import get_user_model
    return get_user_model().objects.get(username=username).pk


def _pair(a: str, b: str) -> Conversation:
    low, high = sorted((_id(a), _id(b)))
    return Conversation.objects.get_or_create(low_id=low, high_id=high)[0]


@pytest.mark.parametrize("to, text, status, words", [
    ("bob", "", 400, "a message needs some text"),
    ("bob", "   \n ", 400, "a message needs some text"),
    ("bob", "x" * 2001, 400, "a message has at most 2000 characters"),
    ("alice", "hi", 403, "you cannot write to yourself"),
    ("nobody", "hi", 404, "no such player"),
])
def test_refusals_say_why_and_store_nothing(api, to, text, status, words):
    answer = write(api, "alice", to, text)
    assert answer.status_code == status and answer.json() == {"detail": words}
    assert not Message.objects.exists() and not Conversation.objects.exists()


def test_a_bot_and_a_missing_text_are_refused(api):
    from games.services import bot_account
    bot = bot_account("greedy")
    answer = write(api, "alice", bot.username, "hello bot")
    assert answer.status_code == 403 and answer.json() == {"detail": "a bot does not read messages"}
    assert api["alice"].post("/api/letters/bob/", {}, format="json").json() == {"detail": "a message needs some text"}
    assert not Message.objects.exists()


def test_a_block_refuses_messages_either_way(api):
    assert api["alice"].post("/api/friends/block/bob/").status_code == 200
    blocked = write(api, "bob", "alice", "let me in")
    assert blocked.status_code == 403 and blocked.json() == {"detail": "this player does not accept messages from you"}
    blocker = write(api, "alice", "bob", "and you cannot answer")
    assert blocker.status_code == 403
    assert blocker.json() == {"detail": "you have blocked this player: unblock them first"}
    assert not Message.objects.exists()
    api["alice"].delete("/api/friends/block/bob/")
    assert write(api, "bob", "alice", "thanks").status_code == 201


def test_friends_only_refuses_a_stranger_and_accepts_a_friend(api):
    prefs = api["carol"].patch("/api/friends/preferences/", {"messages_from_friends_only": True}, format="json")
    assert prefs.status_code == 200 and prefs.json()["messages_from_friends_only"] is True
    stranger = write(api, "alice", "carol", "hi")
    assert stranger.status_code == 403
    assert stranger.json() == {"detail": "this player accepts messages from friends only"}
    api["alice"].post("/api/friends/request/carol/")
    api["carol"].post("/api/friends/accept/alice/")
    assert write(api, "alice", "carol", "hi friend").status_code == 201
    assert write(api, "carol", "bob", "carol may still write to strangers").status_code == 201


def test_the_preference_is_on_the_friends_page(players):
    carol = signed_in(players["carol"])
    assert 'name="messages_from_friends_only"' in page_of(carol, "/friends/")
    carol.post("/friends/preferences/", {"messages_from_friends_only": "on"})
    from friends.models import Preferences
    assert Preferences.objects.get(user=players["carol"]).messages_from_friends_only is True


def test_too_many_messages_are_refused_with_429(api, settings):
    settings.USER_LIMITS = {**settings.USER_LIMITS, "message": (3, 60)}
    assert [write(api, "alice", "bob", f"m{i}").status_code for i in range(3)] == [201, 201, 201]
    over = write(api, "alice", "bob", "one more")
    assert over.status_code == 429 and "messages" in over.json()["detail"]
    assert Message.objects.count() == 3


@pytest.mark.django_db(transaction=True)
def test_two_first_messages_at_once_meet_in_one_conversation(players):
    results = in_parallel(2, lambda i: services.send(players["alice" if i else "bob"],
                                                     "bob" if i else "alice", f"at once {i}").pk)
    assert all(isinstance(r, int) for r in results), results
    assert Conversation.objects.count() == 1 and Message.objects.count() == 2


def test_reports_once_by_a_participant_and_hiding_removes_the_message_for_both(api, players):
    rude = write(api, "alice", "bob", "something rude").json()["id"]
    write(api, "alice", "bob", "sorry")
    assert api["carol"].post(f"/api/letters/messages/{rude}/report/").status_code == 404, "not hers"
    assert api["alice"].post(f"/api/letters/messages/{rude}/report/").status_code == 403, "one's own"
    assert api["bob"].post(f"/api/letters/messages/{rude}/report/").status_code == 201
    again = api["bob"].post(f"/api/letters/messages/{rude}/report/")
    assert again.status_code == 409 and again.json() == {"detail": "you have reported this message already"}
    moderator = players["carol"]
    services.hide(moderator, rude, "insulting")
    hidden = Message.objects.get(pk=rude)
    assert hidden.hidden_by == moderator and hidden.hidden_reason == "insulting"
    assert Report.objects.get().resolved is True
    action = ModeratorAction.objects.get()
    assert action.target_user == players["alice"] and action.details == {"letter": rude}
    assert action.kind == ModeratorAction.Kind.HIDE_LETTER
    for name in ("alice", "bob"):
        answers = [api[name].get("/api/letters/alice/" if name == "bob" else "/api/letters/bob/").content,
                   api[name].get("/api/letters/").content,
                   signed_in(players[name]).get(f"/letters/{'alice' if name == 'bob' else 'bob'}/").content]
        assert all(b"something rude" not in a for a in answers)
        assert b"sorry" in answers[0]
    assert api["bob"].post(f"/api/letters/messages/{rude}/report/").status_code == 404


def test_the_desk_hides_a_reported_message_with_a_reason(players, api):
    from django.contrib.auth import get_user_model
    rude = write(api, "alice", "bob", "rude words").json()["id"]
    api["bob"].post(f"/api/letters/messages/{rude}/report/")
    admin = get_user_model().objects.create_superuser("desk", "desk@example.org", "pass-word-1")
    desk = signed_in(admin)
    listed = desk.get("/admin/letters/message/?reported=open").content.decode()
    assert f"/admin/letters/message/{rude}/change/" in listed
    desk.post("/admin/letters/message/", {"action": "hide", "_selected_action": [rude], "confirm": "1",
                                          "reason": "insults"})
    assert Message.objects.get(pk=rude).hidden_reason == "insults"
    assert ModeratorAction.objects.filter(reason="insults").exists()


def test_the_recipient_is_told_by_email_push_and_socket_without_logging_the_text(
        api, players, monkeypatch, django_capture_on_commit_callbacks, caplog):
    from games.reactions import notify, push
    sent, pushed = [], []
    monkeypatch.setattr(notify, "send_all", lambda messages, wait=True: sent.extend(messages) or True)
    monkeypatch.setattr(push, "send", lambda user, payload: pushed.append((user.username, payload)) or 1)
    with django_capture_on_commit_callbacks(execute=True):
        write(api, "alice", "bob", "secret plans")
    assert [(group, payload["event"], payload["unread"]) for group, payload in sent] == [
        (notify.user_group(players["bob"].pk), "letter", 1)]
    assert "secret plans" not in repr(sent), "the socket carries no text"
    assert [m.to for m in mail.outbox] == [["bob@example.org"]]
    assert "alice sent you a message" in mail.outbox[0].subject and "secret plans" in mail.outbox[0].body
    assert pushed and pushed[0][0] == "bob"
    assert "secret plans" not in caplog.text
    assert Message.objects.get().notified_at is not None


def test_no_email_when_the_recipient_turned_notices_off(api, players, django_capture_on_commit_callbacks):
    players["bob"].profile.notify_turn = "never"
    players["bob"].profile.save()
    with django_capture_on_commit_callbacks(execute=True):
        write(api, "alice", "bob", "quiet")
    assert mail.outbox == []


def test_the_pages_speak_german_and_refuse_in_german(api, players):
    write(api, "alice", "bob", "Hallo")
    bob = players["bob"]
    bob.profile.language = "de"
    bob.profile.save()
    client = signed_in(bob)
    html = page_of(client, "/letters/alice/")
    assert "Nachrichten mit alice" in html and "Deine Nachricht" in html and "Melden" in html
    assert '<label for="letters-text">' in html
    listed = page_of(client, "/letters/")
    assert "<h1>Nachrichten</h1>" in listed and "Hallo" in listed
    refused = client.post("/letters/alice/", {"text": " "})
    assert refused.status_code == 400 and "eine Nachricht braucht etwas Text" in refused.content.decode()
    assert client.get("/letters/nobody/").status_code == 404
    api["alice"].post("/api/friends/block/bob/")
    blocked = write(api, "bob", "alice", "bitte")
    assert blocked.status_code == 403 and blocked.json() == {"detail": "dieser Spieler nimmt keine Nachrichten von dir an"}
    refused_page = page_of(client, "/letters/alice/")
    assert "dieser Spieler nimmt keine Nachrichten von dir an" in refused_page and 'id="letters-form"' not in refused_page
    api["alice"].delete("/api/friends/block/bob/")
    assert "Schreiben" in page_of(client, "/players/alice/")
    assert 'id="write-link"' not in page_of(client, "/players/bob/"), "not on one's own page"


def test_the_page_writes_and_reports(players):
    alice, bob = signed_in(players["alice"]), signed_in(players["bob"])
    assert alice.post("/letters/bob/", {"text": "from the page"}).status_code == 302
    html = page_of(bob, "/letters/alice/")
    assert "from the page" in html and 'id="letters-form"' in html
    message = Message.objects.get()
    assert bob.post(f"/letters/messages/{message.pk}/report/").status_code == 302
    assert Report.objects.filter(message=message, reporter=players["bob"]).exists()
    assert "from the page" in page_of(bob, "/letters/")


def test_the_export_holds_the_players_conversations(api, players):
    write(api, "alice", "bob", "for the record")
    exported = api["bob"].get("/api/me/export/").json()["letters"]
    assert exported[0]["with"] == "alice" and exported[0]["messages"][0]["text"] == "for the record"
    assert api["carol"].get("/api/me/export/").json()["letters"] == []


def test_no_answer_to_a_third_player_holds_a_message_between_two_others(make_user):
    """Many generated messages among several players: whatever a fourth player asks of any endpoint
    or page, no text of theirs shows."""
    rng = random.Random(20261129)
    people = [make_user(f"p{i}") for i in range(4)]
    outsider = make_user("outsider")
    clients = [token_client(p) for p in people]
    texts = []
    for n in range(40):
        a, b = rng.sample(range(4), 2)
        text = f"private-{n}-{rng.randrange(10**9)}"
        assert clients[a].post(f"/api/letters/{people[b].username}/", {"text": text}, format="json").status_code == 201
        texts.append(text)
    ids = list(Message.objects.values_list("pk", flat=True))
    api, page = token_client(outsider), signed_in(outsider)
    answers = [api.get("/api/letters/").content, page.get("/letters/").content, api.get("/api/me/export/").content]
    for person in people:
        answers += [api.get(f"/api/letters/{person.username}/").content,
                    page.get(f"/letters/{person.username}/").content,
                    page.get(f"/players/{person.username}/").content]
    for pk in rng.sample(ids, 10):
        answers += [api.post(f"/api/letters/messages/{pk}/report/").content,
                    page.post(f"/letters/messages/{pk}/report/").content]
    answers.append(page.get("/").content)
    leaked = [t for t in texts if any(t.encode() in a for a in answers)]
    assert leaked == []
    assert not Report.objects.exists()
