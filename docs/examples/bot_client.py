"""A whole bot for Argo Station, playing through the public API with a bot account's token.

    python docs/examples/bot_client.py --site http://localhost:8000 --token <key>

It accepts every invitation, then decides in every game waiting for it, over and over, until it is
stopped (or, with --until-idle, until it has no game in progress and no invitation). The strategy is the simplest there is,
a legal decision at random: replace `choose` with your own. Only Python's standard library is used.

Getting a token for a new account (see docs/api.md, "Bot accounts"):

    curl -X POST $SITE/api/auth/token/ -H 'Content-Type: application/json' \\
         -d '{"username": "mybot", "password": "…"}'
    curl -X POST $SITE/api/me/bot/ -H "Authorization: Token $KEY"      # once: it is a bot from now on
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
import urllib.error
import urllib.request


class Site:
    """The few API calls a bot needs; every answer is JSON, every error has a "detail"."""

    def __init__(self, base: str, token: str) -> None:
        self.base = base.rstrip("/") + "/api"
        self.headers = {"Authorization": f"Token {token}", "Accept": "application/json"}

    def call(self, method: str, path: str, body: dict | None = None):
        data = None if body is None else json.dumps(body).encode()
        headers = {**self.headers, **({"Content-Type": "application/json"} if data else {})}
        request = urllib.request.Request(self.base + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return answer.status, json.loads(answer.read() or b"null")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    def games(self, query: str) -> list[dict]:
        status, page = self.call("GET", f"/games/?{query}")
        return page["results"] if status == 200 else []


def choose(question: dict) -> dict:
    """The decision to send: here a legal one at random. `question` is GET /actions/'s answer:
    prompt, question and every legal decision ("actions")."""
    return random.choice(question["actions"])


def accept_invitations(site: Site, me: str) -> int:
    joined = 0
    for game in site.games("mine=true&status=open"):
        if me in game["invited"]:
            status, answer = site.call("POST", f"/games/{game['id']}/join/")
            joined += status == 200
            print(f"join game {game['id']}: {status}", answer.get("detail", "") if status != 200 else "")
    return joined


def play_turn(site: Site, game_id: int) -> int:
    """Every decision of the bot's turn in one game; the 201 of a decision brings the next question
    ("next") while the bot decides again, so each decision is one request."""
    made = 0
    status, question = site.call("GET", f"/games/{game_id}/actions/")
    while status == 200 and question:
        status, answer = site.call("POST", f"/games/{game_id}/moves/", {"seq": question["seq"], "action": choose(question)})
        if status != 201:
            # 409: the game moved on (a race, a timeout); 400: the decision was malformed. Either way
            # the game is unchanged by us: ask again next round.
            print(f"game {game_id}: {status} {answer.get('detail')}", file=sys.stderr)
            break
        made, question = made + 1, answer["next"]
    return made


def play(site: Site, until_idle: bool, pause: float) -> int:
    status, me = site.call("GET", "/me/")
    if status != 200:
        print(f"the token does not sign in: {status} {me}", file=sys.stderr)
        return 1
    name, made = me["username"], 0
    while True:
        accept_invitations(site, name)
        waiting = site.games("waiting=true")
        for game in waiting:
            made += play_turn(site, game["id"])
        if not waiting:
            if until_idle and not site.games("mine=true&status=open") and not site.games("mine=true&status=active"):
                print(f"nothing waits for {name}: {made} decisions made")
                return 0
            time.sleep(pause)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--site", default="http://localhost:8000")
    parser.add_argument("--token", required=True)
    parser.add_argument("--until-idle", action="store_true", help="stop when the bot has no game in progress and no invitation")
    parser.add_argument("--pause", type=float, default=5.0, help="seconds between polls when nothing waits")
    parser.add_argument("--seed", type=int, help="make the random choices repeatable")
    args = parser.parse_args(argv)
    if args.seed is not None:
        random.seed(args.seed)
    return play(Site(args.site, args.token), args.until_idle, args.pause)


if __name__ == "__main__":
    sys.exit(main())
