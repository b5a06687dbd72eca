"""The work of the site: every change to a game happens here, in one transaction.

Views, consumers, admin actions and tasks are thin and call these functions. A change locks the
game row, checks, applies the decision through the game's rules module, stores the decision and the
new snapshot, and says what happened through games.signals. Who listens (emails, bots, live
updates) is not this package's business: see docs/architecture.md.

One module per noun, each importing only those listed before it:
errors (refusals) · inbox (the turn inbox: which section of My games a game is in for each of its
people) · reads (loading, locking and reading games) · records (a game as one document to
download, docs/game-record.md) · seats · deadlines · vacations · play (deciding, undo) · bots · lobby
(creating, joining, starting) · chat · moderation.
Callers use the names gathered here: `from games import services; services.submit_decision(...)`.
"""
from .bots import become_api_bot, bot_account, play_bot_turn, play_bot_turns, stand_in
from .chat import chat_refused, post_chat
from .deadlines import calendar_changed, enforce_deadline, notices_changed
from .errors import Conflict, GameError, Invalid, NotAllowed, NotFound, TooMany
from .explore import EXPLORE_DEPTH, explore
from .lobby import (
                    arrange_game,
                    clock_fields,
                    clock_of,
                    close_open_game,
                    create_game,
                    decline_invitation,
                    join_game,
                    leave_game,
                    start_arranged_game,
                    start_game,
                    withdraw_invitations,
)
from .moderation import (
                    abort_game,
                    extend_deadline,
                    record_access_change,
                    remove_player,
                    revert_result,
                    set_chat_hidden,
                    set_suspended,
)
from .play import Applied, submit_decision, undo
from .reads import (
                    LOGGED_ACTIONS,
                    abort_reason,
                    active_decisions,
                    board_in_words,
                    bot_to_play,
                    bot_waiting,
                    chat_refusal,
                    current_state,
                    decision_log,
                    game_in_full,
                    game_language,
                    game_with_seats,
                    invitations_of,
                    join_refusal,
                    legal_for,
                    locked,
                    may_start,
                    moderation_log,
                    news_for,
                    next_waiting_game,
                    presentation_of,
                    question_for,
                    removal_reason,
                    replay,
                    rules_of,
                    starter_id,
                    states_since,
                    view_for,
                    waiting_count,
                    waiting_games,
)
from .records import has_record, record_filename, record_of
from .seats import hand_seat_to_bot, mute, resign, seen
from .vacations import add_vacation, cancel_vacation

__all__ = [
    "clock_fields", "clock_of",
    "Conflict", "GameError", "Invalid", "NotAllowed", "NotFound", "TooMany", "EXPLORE_DEPTH", "explore",
    "LOGGED_ACTIONS", "abort_reason", "active_decisions", "board_in_words", "bot_to_play", "bot_waiting", "chat_refusal",
    "current_state", "decision_log", "game_in_full", "game_language", "game_with_seats", "invitations_of", "join_refusal",
    "legal_for", "locked", "may_start", "moderation_log", "next_waiting_game", "presentation_of", "question_for", "removal_reason",
    "replay", "rules_of",
    "starter_id", "states_since", "view_for", "waiting_count", "waiting_games",
    "has_record", "record_filename", "record_of",
    "hand_seat_to_bot", "mute", "resign", "seen", "news_for", "enforce_deadline", "calendar_changed",
    "notices_changed", "add_vacation", "cancel_vacation",
    "Applied", "submit_decision", "undo",
    "become_api_bot", "bot_account", "play_bot_turn", "play_bot_turns", "stand_in",
    "arrange_game", "close_open_game", "create_game", "decline_invitation", "join_game", "leave_game",
    "start_arranged_game", "start_game",
    "withdraw_invitations",
    "chat_refused", "post_chat",
    "abort_game", "extend_deadline", "record_access_change", "remove_player", "revert_result",
    "set_chat_hidden", "set_suspended",
]
