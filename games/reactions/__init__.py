"""What the site does because something happened in a game: live updates, emails, pushes.
Each listens to games.signals; none is called by the services."""
