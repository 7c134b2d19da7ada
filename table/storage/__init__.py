"""What the table keeps on disk, below the history and the shell: the state directory and its
private files (``statedir.py``: owner-only, written whole or not at all, one table per directory),
the finished games' record files (``recordfiles.py``, ``records/``) and the size-bounded regular
file reads every untrusted file goes through (``regularfile.py``). It imports only the engine's
error family; the history and the shell build on it."""
