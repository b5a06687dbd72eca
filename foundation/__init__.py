"""What every app of the site stands on, below all of them: it imports no app.

`rows.py`: model instances from hand-written queries; `api.py`: the API's strict fields, pages and
refusals, shared by every app's endpoints."""
