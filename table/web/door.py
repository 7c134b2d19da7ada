"""The kiosk's side of the phones: who may see what, and a phone's choice into the shell.

:class:`Door` lives in the kiosk process beside the shell (``companion.shell.Shell``) and is
asked only on the kiosk's main thread (:mod:`table.web.bridge` queues the web server's requests
until the next frame), so a phone's entry is one more ``shell.do(command)``: journalled like a
line typed at the lid, undone by the lid's UNDO, replayed after a power cut.

A request is a small dict (the web server forwards it as JSON):

- ``{"op": "view", "token": T}`` → ``{"ok": true, "view": {...}}``: what ``T``'s holder may see.
- ``{"op": "choose", "token": T, "form": {...}}`` → the seat's choice (the game's
  ``seat_desk``), and its view after it; a refusal is ``{"ok": false, "error": "refused",
  "line": …}`` in the table's language.
- ``{"op": "version"}`` → ``{"ok": true, "version": [v, game, moves, active]}``: moves whenever any view may
  have changed (the web server's update stream asks this, then ``view``).

A secret choice held by the desk until the others have chosen (Zankapfel's discord, Waldgärtner's
dice), a score pad's ``done`` marks and Waldgärtner's pad entries held for a later seat are kept
on disk at once when the door has a :class:`~table.web.held.HeldFile` (``play --web``: in the
state directory), and held again after a restart at that very moment of the game. With a
:class:`~table.web.tokens.TokensFile` the game's tokens are kept too: after a restart the resumed
game's phones keep their pages.

:meth:`Door.progress` is what the lid shows of the phones (``table/web/progress.py``): who has
chosen or is done, never what — once a seat's page has been opened in this game.

A wrong, forged or expired token is ``{"ok": false, "error": "token"}``, whatever the op: the
answer is the same for a token that never was and one of a finished game.

**The hidden-information contract**: the view of a token is built from the holder's seat
only — the game's desk is called with that seat (or None for a spectator) and nothing else is
put in. The shell adds only what the lid shows to everybody: the game's title, the mode, the
players' names.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from table import i18n
from table.companion.protocol import GameCompanion, TableShell
from table.companion.shell import game_module
from table.engine.errors import TableError
from table.i18n import _
from table.web.advice import OPS as ADVICE_OPS
from table.web.advice import Advice
from table.web.held import HeldFile, position
from table.web.owner import OPS as OWNER_OPS
from table.web.pads import desk_for, enter_due
from table.web.progress import Progress, progress_of
from table.web.tokens import SPECTATOR, Holder, Tokens, TokensFile

PLAYING = ("play", "pad")
"""The shell's modes a game's tokens open in: its play, and its score pad at the end (the phones' pads)."""
NEXT_GAME_MODES = ("setup", "result")
"""The screens that show the next game's codes (a phone opened there follows into the game)."""
TOKEN_REFUSED: dict[str, Any] = {"ok": False, "error": "token"}
"""The one answer to a token that does not open anything now."""


class Door:
    """Tokens and views for the game on ``shell`` (see the module docstring)."""

    def __init__(self, shell: TableShell, held: HeldFile | None = None, kept: TokensFile | None = None,
                 journal_game: Callable[[], int | None] | None = None) -> None:
        self.shell = shell
        self.held = held
        """Where the desk's held choices are kept across a power cut (None: in memory only)."""
        self.kept = kept
        """Where the game's tokens are kept across a power cut (None: in memory only)."""
        self.journal_game = journal_game
        """The journal's id of the game on the table (``play --web``: a resumed game has its own
        again, a new one never): what the kept tokens are bound to, with the game's key and setup."""
        self.tokens = Tokens()
        self.seen: set[int] = set()
        """The seats (0-based) whose page asked something in this game: the lid shows the phones'
        progress only once a phone is in use."""
        self._mode: str | None = None
        """The shell's mode at the last :meth:`follow` (None before the first: the kiosk just started)."""
        self.desk: Any = None
        self.owner: Any = None
        """The owner's settings (``owner.OwnerDesk``), set by ``play --web`` (None: no settings page)."""
        self.moves = 0
        """Counts the secret choices held by a desk (they move the phones' views, not the lid's)."""
        self._game: tuple[int, int] | None = None
        """The game the tokens are for: the module's and its setup's identity (a new game, new tokens)."""
        self.advice = Advice()
        """A seat's hint on its own phone (``advice.py``: ops ``hint``, ``coach``; never in another view)."""

    # --- following the table (every frame) --------------------------------------------------
    def follow(self) -> bool:
        """Tokens for the next game while the setup or result screen is up (the lid's codes), kept
        when it begins with as many seats (new ones otherwise; a game resumed after a restart gets
        back the tokens it had); the game's end expires them (new ones for the next game follow at
        once). Whether they changed."""
        sh = self.shell
        seats = int(getattr(sh.setup, "players", 0) or 0)  # each game's own setup value
        before, self._mode = self._mode, str(sh.mode)
        if sh.mode in PLAYING:
            marker = (id(game_module(sh)), id(sh.setup))
            if marker == self._game and self.tokens.active:
                entered = enter_due(self.desk, sh)  # a pad's entries held on phones, due now
                if entered:
                    self._keep()
                return entered > 0
            self._game = marker
            self._begin(seats, resumed=before in (None, "resume"))
            return True
        changed = False
        if self._game is not None:  # the game ended (or was left): its tokens go with it
            self.advice.coaching.game_over(self.tokens.game, self._ctl(), sh.definition)
            self.tokens.expire()
            self.desk = None
            self._game = None
            self._forget()
            changed = True
        elif sh.mode != before and sh.mode != "resume":
            self._forget()  # a game discarded, a new one set up: nothing kept belongs to it
        if sh.mode in NEXT_GAME_MODES and seats and (not self.tokens.active or len(self.tokens.seats()) != seats):
            self._new_tokens(seats)
            return True
        if sh.mode not in NEXT_GAME_MODES and self.tokens.active:
            self.tokens.expire()  # a resume screen, a names page: no codes until a game is set up
            return True
        return changed

    def _begin(self, seats: int, *, resumed: bool) -> None:
        """A game begins (or is resumed): its tokens — those it had before a restart, the setup's
        codes, or new ones —, kept on the disk; its desk, holding again what was held."""
        again = self.kept.load(self._game_name(), seats) if resumed and self.kept is not None else None
        if again is not None:
            self.tokens.resume(again)
            self.seen = set()
        elif not self.tokens.active or len(self.tokens.seats()) != seats:
            self._new_tokens(seats)
        if self.kept is not None:
            self.kept.save(self._game_name(), self.tokens)
        self.desk = desk_for(self.shell.definition)
        self.advice.coaching.game_begins(self.tokens.game)
        self._held_again()

    def _new_tokens(self, seats: int) -> None:
        self.tokens.new_game(seats)
        self.seen = set()

    def _game_name(self) -> str:
        """The game the tokens belong to: the journal's id for it, its key and its setup (a resumed
        game has the same; a new game another id)."""
        number = self.journal_game() if self.journal_game is not None else None
        return f"{number}:{self.shell.game}:{self.shell.setup!r}"

    def _forget(self) -> None:
        """Nothing held or kept any more belongs to a game on the table: the files go."""
        if self.held is not None:
            self.held.clear()
        if self.kept is not None:
            self.kept.clear()

    def progress(self) -> Progress | None:
        """What the lid shows of the phones (``table/web/progress.py``): who has chosen or is done
        now — never what —, once a seat's page has been opened in this game; None otherwise."""
        if self.desk is None or not self.seen or not self.tokens.active:
            return None
        asked = getattr(self.desk, "progress", None)
        answer = asked(self._ctl()) if callable(asked) else None
        return progress_of(answer[0], answer[1], self._seat_title) if answer else None

    # --- held choices across a power cut (table.web.held) -----------------------------------
    def _ctl(self) -> GameCompanion:
        """The game's own module (what its desk reads), not the shell over it."""
        return game_module(self.shell)

    def _position(self) -> str:
        """The game (the journal's id for it and its key) and the desk's moment, hashed."""
        number = self.journal_game() if self.journal_game is not None else None
        return position(f"{number}:{self.shell.game}", self.desk.moment(self._ctl()))

    def _keep(self) -> None:
        """The desk's held choices to the disk now (removed when none is held)."""
        if self.held is not None and self.desk is not None and hasattr(self.desk, "held"):
            self.held.save(self._position(), self.desk.held(self._ctl()))

    def _held_again(self) -> None:
        """A new desk (a game begun or resumed): what was held at this very moment, held again."""
        if self.held is None or self.desk is None or not hasattr(self.desk, "restore"):
            return
        kept = self.held.load(self._position())
        if kept is None:
            self.held.clear()  # held at another moment (a game discarded, another begun): never again
        elif self.desk.restore(self._ctl(), kept):
            self.moves += 1

    def version(self) -> list[int]:
        """Moves whenever a view may have changed (the table's version, the tokens' game)."""
        return [int(self.shell.version), self.tokens.game, self.moves, int(self.tokens.active)]

    def links(self) -> list[tuple[str, str]]:
        """(who, path) per seat and for the spectators: what the lid's QR codes hold (empty while
        neither a game nor its setup or result is on the lid)."""
        if not self.tokens.active:
            return []
        out = [(self._seat_title(s), f"/t/{self.tokens.token(s)}") for s in self.tokens.seats()]
        return [*out, (_("Spectators"), f"/t/{self.tokens.token(SPECTATOR)}")]

    # --- requests ---------------------------------------------------------------------------
    def handle(self, request: Mapping[str, Any]) -> dict[str, Any]:
        """One request (see the module docstring); never raises for bad input."""
        op = request.get("op")
        if op == "version":
            return {"ok": True, "version": self.version()}
        if op in OWNER_OPS:  # the owner's settings page (owner.py), its own token
            return self.owner.handle(self.shell, request) if self.owner is not None else dict(TOKEN_REFUSED)
        if op == "coach":  # a seat's coach ticket, not its token: it outlives the game (coaching.py)
            answer = self.advice.coaching.handle(request.get("token"), self.tokens.who(request.get("token")))
            return answer or dict(TOKEN_REFUSED)
        holder = self.tokens.who(request.get("token"))
        if holder is None:
            return dict(TOKEN_REFUSED)
        if not holder.spectator:
            self.seen.add(holder.seat)
        if op == "view":
            return {"ok": True, "view": self.view(holder)}
        if op in ADVICE_OPS and not holder.spectator:  # the seat's own hint (advice.py)
            return self.advice.handle(self._ctl(), self.desk, holder.seat, dict(request))
        if op == "choose" and not holder.spectator:
            form = request.get("form")
            if not isinstance(form, dict):
                return {"ok": False, "error": "refused", "line": _("nothing was chosen")}
            return self.choose(holder, form)
        return {"ok": False, "error": "refused", "line": _("not possible from this page")}

    def view(self, holder: Holder) -> dict[str, Any]:
        """What ``holder`` may see: the lid's public facts, and the desk's view for that seat."""
        sh = self.shell
        seat = None if holder.spectator else holder.seat
        out: dict[str, Any] = {
            "game": sh.definition.title,
            "mode": sh.mode,
            "language": i18n.current_language(),
            "version": self.version(),
            "you": self._seat_title(seat) if seat is not None else _("Spectator"),
            "seats": [self._seat_title(s) for s in self.tokens.seats()],
        }
        if self.desk is not None:
            out.update(self.desk.view(self._ctl(), seat))
        if seat is not None and self.desk is not None:  # its Hint button: from that seat's own decision only
            out["hint"] = self.advice.offered(self._ctl(), self.desk, seat)
        return out

    def choose(self, holder: Holder, form: dict[str, Any]) -> dict[str, Any]:
        """A seat's choice: the desk turns it into shell commands, entered here one by one; a
        refusal takes back the ones entered before it (UNDO, as at the lid)."""
        if self.desk is None:
            return {"ok": False, "error": "refused", "line": _("this game takes nothing from a phone")}
        try:
            commands = list(self.desk.choose(self._ctl(), holder.seat, form))
        except TableError as exc:
            return {"ok": False, "error": "refused", "line": str(exc)}
        if not commands:
            self._keep()  # held until the others have chosen: on the disk before the phone hears "taken"
        done = 0
        try:
            for command in commands:
                self.shell.do(command)
                done += 1
        except TableError as exc:
            for _i in range(done):
                self.shell.do("undo")
            return {"ok": False, "error": "refused", "line": str(exc)}
        finally:
            if commands:
                self._keep()  # entered and journalled (or refused): the desk holds nothing any more
        self.follow()  # a choice that ended the game expires the tokens at once
        if not self.tokens.active or holder.game != self.tokens.game:  # (the next game's are new ones)
            return {"ok": True, "view": None}
        if not commands:
            self.moves += 1  # a secret choice held, nothing on the lid: the phones' views moved
        return {"ok": True, "view": self.view(holder)}

    def _seat_title(self, seat: int) -> str:
        return self.shell.seat_title(seat)
