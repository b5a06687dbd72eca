"""What happened to a game, announced by the service layer; ratings, emails, bots and live updates listen.

Every signal is sent inside the transaction that made the change. A listener that must not act
before the commit (a socket message, a task) registers with `transaction.on_commit` itself; one that
belongs to the same change (ratings) acts at once. The service layer knows none of the listeners:
they are connected in GamesConfig.ready (docs/architecture.md).
"""
from django.dispatch import Signal

game_started = Signal()        # game
decision_stored = Signal()     # game, turn_changed, by_bot (stored by the bots' loop, which plays on by itself),
                               # orders_waiting (the standing orders waiting in the game, counted by its turn
                               # inbox in the decision's transaction; None: not counted)
turn_began = Signal()          # game: a new seat must decide (a deadline runs, a notice is due)
game_finished = Signal()       # game: the outcome and the seats' ranks are stored
game_aborted = Signal()        # game: stopped before its end (a moderator, or the last player left)
seat_handed_to_bot = Signal()  # game, seat: timed out, resigned or removed
result_reverted = Signal()     # game: a moderator took a finished game's result back
player_invited = Signal()      # game_id, user_id
chat_posted = Signal()         # game_id, message
invitation_declined = Signal()  # game, user_id: an invited player said no (before lobby_changed, or the game's close)
lobby_changed = Signal()       # game: an open game's seats or invitations changed (join, leave, decline)
invitation_withdrawn = Signal()  # game, user_id: an open game's invitation to that user is gone (a block)
game_moderated = Signal()      # game, action: a moderator changed the game from the desk (recorded)
vacation_taken = Signal()      # game, seat, vacation: a deadline passed and the site took a day of the player's vacation
stand_in_changed = Signal()    # game, seat: a player let a bot keep the seat, or took it back
turn_notice_sent = Signal()    # user, game, kind, payload: a turn, reminder or last call notice went (payload: the push's)
