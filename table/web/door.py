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
- ``{"op": "result", "token": T}`` → ``{"ok": true, "link": L}``: the BG Stats import link behind
  the result's short link ``/r/T`` the lid's QR page shows (``resultlinks.py``; its own tokens).

A secret choice held by the desk until the others have chosen (Zankapfel's discord, Waldgärtner's
dice), a score pad's ``done`` marks and Waldgärtner's pad entries held for a later seat are kept
on disk at once when the door has a :class:`~table.web.held.HeldFile` (``play --web``: in the
state directory), and held again after a restart at that very moment of the game. With a
:class:`~table.web.tokens.TokensFile` the game's tokens are kept too: after a restart the resumed
game's phones keep their pages.

:meth:`Door.progress` is what the lid shows of the phones (``table/web/progress.py``): who has
chosen or is done, never what — once a seat's page has been opened in this game.

A wrong or forged token is ``{"ok": false, "error": "token"}``, whatever the op (the web server
counts it as a guess); a token of one of the last games (``Tokens.was``) is ``{"ok": false,
"error": "over"}``: its page says the game is over, and it is no guess.

**The hidden-information contract**: the view of a token is built from the holder's seat
only — the game's desk is called with that seat (or None for a spectator) and nothing else is
put in. The shell adds only what the lid shows to everybody: the game's title, the mode, the
players' names.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

from table import i18n
from table.companion.phones_gate import install
from table.companion.protocol import CommandError, GameCompanion, TableShell
from table.companion.shell import game_module
from table.engine.errors import TableError
from table.i18n import _
from table.i18n.labels import listed
from table.web.advice import OPS as ADVICE_OPS
from table.web.advice import Advice
from table.web.held import HeldFile, position
from table.web.owner import OPS as OWNER_OPS
from table.web.pads import desk_for, enter_due
from table.web.progress import Progress, progress_of
from table.web.resultlinks import ResultLinks
from table.web.seatphones import HANDOVER, SeatPhones
from table.web.tokens import SPECTATOR, Holder, Tokens, TokensFile

PLAYING = ("play", "pad")
"""The shell's modes a game's tokens open in: its play, and its score pad at the end (the phones' pads)."""
NEXT_GAME_MODES = ("setup", "result")
"""The screens that show the next game's codes (a phone opened there follows into the game)."""
log = logging.getLogger("applejack.web")
TOKEN_REFUSED: dict[str, Any] = {"ok": False, "error": "token"}
"""The answer to a token that does not open anything now (nor did in the last games)."""
GAME_OVER: dict[str, Any] = {"ok": False, "error": "over"}
"""The answer to a token of a finished game (an old page): the game is over, scan the new code;
the web server counts it as no guess."""


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
        self.phones = SeatPhones()
        self.results = ResultLinks()
        """The result's short links the lid's QR page shows (op ``result``: ``resultlinks.py``)."""
        """Which phone (device key) holds each seat's page (``seatphones.py``: a seat is one phone)."""
        self._entering = False
        """The door enters a phone's commands now: the lid's gate (:meth:`gate`) lets them through."""
        self._refused: tuple[Any, ...] | None = None
        """The lid's command last refused while seats were still choosing on phones (the same again: go on)."""
        self._saved: Any = None
        """What the held file was last given (:meth:`_keep`), so a lid's entry that let held choices go
        is written once."""

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
                self._entering = True
                try:
                    entered = enter_due(self.desk, sh)  # a pad's entries held on phones, due now
                finally:
                    self._entering = False
                if entered or self._held_moved():
                    self._keep()  # (the lid's CONFIRM entered what the phones held: the file follows)
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
            self.phones.forget()
        elif not self.tokens.active or len(self.tokens.seats()) != seats:
            self._new_tokens(seats)
        if self.kept is not None:
            self.kept.save(self._game_name(), self.tokens)
        self.desk = desk_for(self.shell.definition)
        self.advice.coaching.game_begins(self.tokens.game)
        end = getattr(getattr(self.owner, "code", None), "end", None)
        if callable(end):
            end()  # the lid says so: a game begins, the owner's code shown at its setup opens nothing more
        self._held_again()
        install(game_module(self.shell), self.gate)  # the lid's CONFIRM asks the phones first (phones_gate.py)

    def _new_tokens(self, seats: int) -> None:
        self.tokens.new_game(seats)
        self.seen = set()
        self.phones.forget()

    def _game_name(self) -> str:
        """The game the tokens belong to: the journal's id for it, its key and its setup (a resumed
        game has the same; a new game another id)."""
        number = self.journal_game() if self.journal_game is not None else None
        return f"{number}:{self.shell.game}:{self.shell.setup!r}"

    def _forget(self) -> None:
        """Nothing held or kept any more belongs to a game on the table: the files go."""
        if self.held is not None:
            self.held.clear()
        self._saved = None
        if self.kept is not None:
            self.kept.clear()

    def progress(self) -> Progress | None:
        """What the lid shows of the phones (``table/web/progress.py``): who has chosen or is done
        now — never what —, once a seat's page has been opened in this game, and a seat a second
        phone asks for; None otherwise."""
        if not self.tokens.active:
            return None
        doubled = self.phones.doubled()
        answer = None
        if self.desk is not None and self.seen:
            asked = getattr(self.desk, "progress", None)
            answer = asked(self._ctl()) if callable(asked) else None
        kind, seats = answer if answer else ("", [])
        return progress_of(kind, seats, self._seat_title, doubled)

    def release(self, seat: int) -> str:
        """The lid agrees (``phone N``, 1-based ``seat``): the next phone to open that seat's code
        takes it (the one asking, at its next try). The line the lid says; CommandError for no such seat."""
        if seat not in self.tokens.seats() or not self.tokens.active:
            raise CommandError(_("phone: a seat from 1 to {n}").format(n=len(self.tokens.seats())))
        self.phones.release(seat)
        self.moves += 1
        return _("{seat}: the next phone to open its code takes the seat").format(seat=self._seat_title(seat))

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
            now = self.desk.held(self._ctl())
            self.held.save(self._position(), now)
            self._saved = now

    def _held_moved(self) -> bool:
        """Whether the desk holds other choices than the file was last given (a lid's entry let
        some go: they were entered)."""
        if self.held is None or self.desk is None or not hasattr(self.desk, "held"):
            return False
        return bool(self.desk.held(self._ctl()) != (self._saved or {}))

    # --- the lid's command that closes what the phones hold (companion/phones_gate.py) --------
    def gate(self, command: str) -> list[str] | None:
        """Asked by the game's module before it applies a lid's ``command``: None (as usual), the
        commands to enter instead (what the phones hold, in the table's order, the lid's own at its
        place), or CommandError naming the seats still choosing on a phone (a seat whose page was
        opened in this game). The same command again at once goes on without them (a phone gone
        flat must not stop the table): what they choose is then the lid's."""
        if self._entering or self.desk is None or not self.tokens.active:
            return None
        lid = getattr(self.desk, "lid", None)
        if not callable(lid):
            return None
        ctl = self._ctl()
        instead, waiting = lid(ctl, command, frozenset(self.seen))
        if waiting:
            moment = self.desk.moment(ctl) if hasattr(self.desk, "moment") else None
            holds = self.desk.held(ctl) if hasattr(self.desk, "held") else None
            key = (command, tuple(waiting), repr(moment), repr(holds))
            if key != self._refused:
                self._refused = key
                raise CommandError(_("Still choosing on their phone: {seats}. The same again goes on without them.")
                                   .format(seats=listed(self._seat_title(s) for s in waiting)))
        self._refused = None
        return list(instead) if instead is not None else None

    def _held_again(self) -> None:
        """A new desk (a game begun or resumed): what was held at this very moment, held again."""
        if self.held is None or self.desk is None or not hasattr(self.desk, "restore"):
            return
        kept = self.held.load(self._position())
        if kept is None:
            self.held.clear()  # held at another moment (a game discarded, another begun): never again
        elif self.desk.restore(self._ctl(), kept):
            self.moves += 1
        self._saved = self.desk.held(self._ctl()) if hasattr(self.desk, "held") else None

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
        if op == "result":  # the result's short link (resultlinks.py): its own token, the lid's QR page
            return self.results.answer(dict(request))
        if op == "coach":  # a seat's coach ticket, not its token: it outlives the game (coaching.py)
            answer = self.advice.coaching.handle(request.get("token"), self.tokens.who(request.get("token")))
            return answer or dict(TOKEN_REFUSED)
        holder = self.tokens.who(request.get("token"))
        if holder is None:
            return dict(GAME_OVER) if self.tokens.was(request.get("token")) else dict(TOKEN_REFUSED)
        if not holder.spectator:
            refused = self.phones.ask(holder.seat, request.get("device"), op, self._seat_title(holder.seat))
            if refused is not None:
                self.moves += 1  # the first phone's page shows the asking one (its hand-over button)
                return refused
            if op == HANDOVER:
                self.moves += 1
                return {"ok": True, "view": None}
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
        if seat is not None:  # another phone asks for this seat: the page offers to hand it over
            out["asked"] = self.phones.asked(seat)
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
        except (ValueError, TypeError, KeyError, IndexError) as exc:  # a value no desk check foresaw
            log.warning("phones: a choice refused that the desk could not read (%s: %s)", type(exc).__name__,
                        str(exc)[:80])
            return {"ok": False, "error": "refused", "line": _("that is not a choice this page offers")}
        if not commands:
            self._keep()  # held until the others have chosen: on the disk before the phone hears "taken"
        done = 0
        self._entering = True
        try:
            for command in commands:
                self.shell.do(command)
                done += 1
        except ValueError as exc:  # the game's refusal (TableError), or a value it could not read
            for _i in range(done):
                self.shell.do("undo")
            line = str(exc) if isinstance(exc, TableError) else _("that is not a choice this page offers")
            return {"ok": False, "error": "refused", "line": line}
        finally:
            self._entering = False
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
