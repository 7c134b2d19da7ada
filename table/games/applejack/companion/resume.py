"""The resume screen: an unfinished game found in the journal is offered (confirm resumes it, undo
twice discards it), and the ``resume`` / ``discard`` commands."""

from __future__ import annotations

from table.games.applejack.companion.base import ControllerBase, Mode
from table.games.applejack.companion.errors import CommandError
from table.games.applejack.companion.setup import Setup
from table.i18n import _, ngettext


class ResumeJob(ControllerBase):
    """The controller's resume screen."""

    def replay(self, setup: Setup, cmds: list[str]) -> None:
        raise NotImplementedError

    def offer_resume(self, setup: Setup, cmds: list[str], info: str = "", *, refused: str = "") -> None:
        """An unfinished game was found: the resume screen asks (confirm = resume, undo twice =
        discard it). ``refused``: why it cannot be resumed (confirm then says so; only a discard
        clears it)."""
        self.mode = Mode.RESUME
        self._resume_payload = (setup, list(cmds))
        self.resume_refused, self.discard_armed = refused, False
        if refused:
            self.resume_info = _("cannot resume: {reason}").format(reason=refused)
        elif info:
            self.resume_info = info
        else:
            players = ngettext("{n} player", "{n} players", setup.players).format(n=setup.players)
            self.resume_info = ngettext("{players}, {n} step recorded", "{players}, {n} steps recorded",
                                        len(cmds)).format(players=players, n=len(cmds))
        self.say((_("Unfinished game found ({info}): undo twice discards it") if refused else
                   _("Unfinished game found ({info}): confirm resumes it, undo twice starts a new one")).format(
                       info=self.resume_info))
        self.changed()

    def _resume_press(self, b: str) -> str | None:
        if b in ("undo", "escape"):
            if self.discard_armed:
                return "discard"
            self.discard_armed = True  # a game is never thrown away by one press
            self.refusal = _("Press UNDO again to discard this game for good (CONFIRM resumes it)")
            self.say(self.refusal)
            return ""
        if b == "confirm":
            self.discard_armed = False
            return "resume"
        return None

    def _do_resume(self, rest: str) -> None:
        if self.mode != Mode.RESUME or self._resume_payload is None:
            raise CommandError(_("no game to resume"))
        if self.resume_refused:
            raise CommandError(_("cannot resume: {reason}").format(reason=self.resume_refused))
        setup, cmds = self._resume_payload
        self._resume_payload = None
        self.replay(setup, cmds)

    def _do_discard(self, rest: str) -> None:
        if self.mode != Mode.RESUME:
            raise CommandError(_("no game to resume"))
        self._resume_payload = None
        self.resume_refused, self.discard_armed = "", False
        self.mode = Mode.SETUP
        self.emit("discard", None)
        self.changed()
