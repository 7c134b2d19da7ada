"""Players and history: every finished game with its players, score breakdown and solo verdict.

One SQLite file, ``history.sqlite3`` in the state dir (beside the journal, a separate file: a
damaged history never touches the journal, and the other way round). The package sits below the
companion shell and knows no game: a finished record is read by the ``read_record`` part of the
game whose record format it carries, and the CLI (or the session's caller) hands those readers
down as a :class:`~table.history.readers.Readers` built from the registry's games.

* :mod:`~table.history.values` — the stored values (a seat's result, a game, bests, solo marks),
  the bounds on input and the one-line errors;
* :mod:`~table.history.readers` — the readers' table (format → game), the checks every game's
  reader shares, the replay of an engine record;
* :mod:`~table.history.store` — :class:`~table.history.store.History`, the SQLite file;
* :mod:`~table.history.finish` — the journal's hook after a game ends;
* :mod:`~table.history.rows` and :mod:`~table.history.book` — the table's view of the history
  (the setup screen's names, the history screen's rows, the result's QR code);
* :mod:`~table.history.sheet` — the result sheet every game fills and every front end shows;
* :mod:`~table.history.statsexport` — a stored game as the statistics app's JSON and QR code.

Its files (the state dir, private files, ``records/``) come from :mod:`table.storage`, below it.
"""
