"""What happened to a tournament, sent inside the change's transaction; reactions.py listens."""
from django.dispatch import Signal

round_started = Signal()       # tournament, round: its games have started
tournament_changed = Signal()  # tournament: sign-ups, a table decided, the end, a moderator's change
