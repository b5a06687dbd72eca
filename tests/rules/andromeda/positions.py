"""Hand-written Andromeda Escape positions for tests: a started game with the parts a test names replaced.

    s = position(3, seat=0, board={"A11": "red", "A9": "yellow"}, hands={"red": ["W7"]})

Platforms are filled up so that every fleet still adds up (platform + board + saved + Lost Ship), and
every card named in a hand or as an open card is taken out of the decks and discards (a card left
nowhere goes to the bottom of its deck), so the position is one play could hold. It is started with
the public `RULES.at_phase`, which refuses an impossible position (ImpossiblePosition naming the
reason); `check=False` skips that.
"""
from __future__ import annotations

from games.rules.andromeda import RULES
from games.rules.andromeda.ships import BOARD
from games.rules.andromeda.turn import clone


def started(players: int = 3, seed: int = 1) -> dict:
    """Past the setup: every player returns the first mission offered."""
    s = RULES.new_game(players, seed)
    while s["ask"]["q"] == "return_mission":
        s, _ = RULES.apply(s, RULES.legal_actions(s)[0])
    return s


def position(players: int = 3, seed: int = 1, *, seat: int = 0, phase: str = "cards", board=None, upright=None,
             hands=None, missions=None, platform=None, saved=None, lost=None, vp=None, skip=None, open=None,
             blocked=None, number: int = 5, check: bool = True, **extra) -> dict:
    s = clone(started(players, seed))
    colours = s["colours"]
    s["turn"].update(seat=seat, number=number, phase=phase, into_wormhole=0)
    s["queue"] = []
    if board is not None:
        s["board"] = dict(board)
    s["upright"] = dict(upright or {})
    for key, value in (("hands", hands), ("missions", missions), ("saved", saved), ("lost", lost), ("vp", vp),
                       ("skip", skip)):
        if value is not None:
            s[key].update({c: (list(v) if isinstance(v, list) else v) for c, v in value.items()})
    if open is not None:
        s["open"] = dict(open)
    if blocked is not None:
        s["blocked"] = [dict(b) for b in blocked]
    for c in colours:
        on_board = sum(1 for v in s["board"].values() if v == c)
        fleet = BOARD.ships[players] + 1 - (s["lost"][c] != "placed")
        s["platform"][c] = (platform or {}).get(c, fleet - on_board - s["saved"][c])
    _place_cards(s, set(hands or ()), open is not None)
    _place_missions(s, set(missions or ()))
    if s["first_empty"] is None:  # the first player in seat order whose platform is empty emptied it first
        s["first_empty"] = next((c for c in colours if s["platform"][c] == 0), None)
    s.update(extra)
    s["undo_floor"] = s["seq"]
    return RULES.at_phase(s, phase, check=check)


def _place_cards(s, named: set, open_named: bool) -> None:
    """Each card once: the hands and open cards given stay, every other place loses them, and a
    card left nowhere goes to the bottom of its deck."""
    if not named and not open_named:
        return
    held = {card for c in named for card in s["hands"][c]}
    if open_named:
        held |= {c for c in s["open"].values() if c}
    for c in s["colours"]:
        if c not in named:
            s["hands"][c] = [card for card in s["hands"][c] if card not in held]
    if not open_named:
        s["open"] = {k: (None if v in held else v) for k, v in s["open"].items()}
    for kind in ("warning", "alert"):
        s["decks"][kind] = [c for c in s["decks"][kind] if c not in held]
        s["discard"][kind] = [c for c in s["discard"][kind] if c not in held]
    placed = ({card for hand in s["hands"].values() for card in hand} | {c for c in s["open"].values() if c}
              | {c for kind in ("warning", "alert") for c in s["decks"][kind] + s["discard"][kind]})
    for card in sorted(set(BOARD.cards) - placed):
        s["decks"][BOARD.cards[card].deck].insert(0, card)


def _place_missions(s, named: set) -> None:
    """The same for missions: those given stay, the deck and the other players lose them, and a
    mission left nowhere goes to the bottom of the deck."""
    if not named:
        return
    kept = {m for c in named for m in s["missions"][c]}
    for c in s["colours"]:
        if c not in named:
            s["missions"][c] = [m for m in s["missions"][c] if m not in kept]
        s["revealed"][c] = [m for m in s["revealed"][c] if m not in kept]
    s["decks"]["mission"] = [m for m in s["decks"]["mission"] if m not in kept]
    out = set(BOARD.removed_in_two) if s["players"] == 2 else set()
    placed = {m for c in s["colours"] for m in s["missions"][c] + s["revealed"][c]} | set(s["decks"]["mission"])
    for m in sorted(set(BOARD.missions) - out - placed):
        s["decks"]["mission"].insert(0, m)


def do(s, **decision):
    """Apply one decision and return (state, events)."""
    return RULES.apply(s, decision)


def kinds(events) -> list[str]:
    return [e["e"] for e in events]


def loose_position(*args, **kwargs) -> dict:
    """`position` without the check: for scenarios play could not reach (a fleet that does not add
    up), which test one rule in isolation."""
    return position(*args, **kwargs, check=False)
