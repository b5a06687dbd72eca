"""The expert bot (games/rules/theseus/expert.py): it answers legally in every mode, the same way from
the same seed, and judges a position only by what every player sees."""
from games.rules.base import SeatedBot
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
    bot = RULES.bot("expert", 3)
    assert isinstance(bot, SeatedBot) and isinstance(bot.player, ExpertBot)


def test_the_expert_answers_legally_in_every_mode():
    for players, options in ((2, None), (3, None), (4, None), (4, {"teams": True})):
        assert play_some(players, options)["seq"] > 0


def test_the_expert_decides_the_same_from_the_same_seed():
    state = play_some(2, decisions=12)
    view = RULES.view(state, state["ask"]["seat"])
    assert ExpertBot(5).decide(view) == ExpertBot(5).decide(view)


def test_the_evaluation_reads_only_what_everyone_sees():
    state = play_some(2, decisions=12)
    for seat in range(2):
        assert evaluate(RULES.twin(state, seat), seat) == evaluate(state, seat)
