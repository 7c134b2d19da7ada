"""Games that exist only in the tests (Nim): the proof that a game is one folder and one line."""
