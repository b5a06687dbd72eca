"""The expert bot (games/rules/theseus/expert.py): it answers legally in every mode, the same way from
the same seed, and judges a position only by what every player sees."""
from games.rules.theseus import RULES
from games.rules.theseus.expert import ExpertBot, evaluate


def play_some(players: int, options=None, decisions: int = 25):
    state = RULES.new_game(players, 11, options=options)
    bots = [RULES.bot("expert", 11 * 10 + seat) for seat in range(players)]
    for _ in range(decisions):
        if state["over"] is not None:
            break
        decision = bots[state["ask"]["seat"]].choose(state)
        assert decision in RULES.legal_actions(state)
        state, _ = RULES.apply(state, decision)
    return state


def test_the_expert_is_offered():
    assert isinstance(RULES.bot("expert", 3), ExpertBot)


def test_the_expert_answers_legally_in_every_mode():
    for players, options in ((2, None), (3, None), (4, None), (4, {"teams": True})):
        assert play_some(players, options)["seq"] > 0


def test_the_expert_decides_the_same_from_the_same_seed():
    state = play_some(2, decisions=12)
    assert ExpertBot(5).choose(state) == ExpertBot(5).choose(state)


def test_the_evaluation_reads_only_what_everyone_sees():
    state = play_some(2, decisions=12)
    for seat in range(2):
        assert evaluate(RULES.twin(state, seat), seat) == evaluate(state, seat)



def test_the_bots_decide_alike_in_positions_they_cannot_tell_apart():
    """Spec 16: a position and its twin (the decks below their tops and the set-aside cards changed) get
    the same decision from a bot of the same seed, all through random games: what a player cannot see,
    even a card its plan would draw, plays no part."""
    for players, options in ((2, None), (4, {"teams": True})):
        state, random_bot = RULES.new_game(players, 4, options), RULES.bot("random", 4)
        for step in range(240):
            if state["over"] is not None:
                break
            twin = RULES.twin(state, state["ask"]["seat"])
            kinds = ("greedy", "expert") if step % 20 == 0 else ("greedy",)
            for kind in kinds:
                assert RULES.bot(kind, step).choose(state) == RULES.bot(kind, step).choose(twin), (kind, step)
            state, _ = RULES.apply(state, random_bot.choose(state))
