"""A module game's unfinished game, offered and replayed (``table.companion``): the resume
screen's offer (:meth:`Resumable.offer_resume`: CONFIRM resumes, UNDO twice discards), the
dry run's summary line, the exact replay of a journal (:meth:`Resumable.replay`) and
:func:`replay_quietly`, which every game's replay (Applejack's too) runs through: the same
commands through the same code, nothing journalled or said again.

:class:`Resumable` is one of :class:`~table.companion.module.TableModule`'s bases; what it reads
of the module (its mode, setup, log, journal hook, the start and reset of a game) is declared
here and written there."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from typing import Any, ClassVar

from table.companion.phones_gate import GATE
from table.companion.protocol import CommandHook, Journalled
from table.i18n import _, ngettext


class Resumable:
    """The resume screen and the replay of a journal, the same in every module game."""

    title: ClassVar[str]
    setup_type: ClassVar[Any]
    error_type: ClassVar[type[Exception]]
    mode: str
    setup: Any
    log: list[str]
    resume_info: str
    resume_refused: str
    discard_armed: bool
    _resume_payload: tuple[Any, list[str]] | None
    on_command: CommandHook | None
    _said: int

    # what the module writes (TableModule, the game's hooks)
    @abstractmethod
    def named_line(self, line: str) -> str:
        raise NotImplementedError

    @abstractmethod
    def do(self, command: str) -> None:
        raise NotImplementedError

    @abstractmethod
    def _begin(self, setup: Any, *, journal: bool) -> None:
        raise NotImplementedError

    @abstractmethod
    def _reset(self) -> None:
        raise NotImplementedError

    @abstractmethod
    def _changed(self) -> None:
        raise NotImplementedError

    @abstractmethod
    def _emit(self, kind: str, payload: Any) -> None:
        raise NotImplementedError

    # the resume screen
    def refusal_for(self, setup: Any) -> str:
        """Why a journalled setup cannot be resumed here ("" when it can)."""
        del setup
        return ""

    @abstractmethod
    def resumed_line(self) -> str:
        """The line said after a resume: what the table is asked next."""
        raise NotImplementedError

    def resume_summary(self, setup: Any, steps: int) -> str:
        """The resume screen's line for a dry-run game: players, steps, what is asked next."""
        ask = getattr(self, "ask", None)
        following = ask() if ask is not None and self.mode in ("play", "pad") else _("game over")
        return ngettext("{players} players, {steps} step; next: {next}",
                        "{players} players, {steps} steps; next: {next}", steps).format(
            players=setup.players, steps=steps, next=following)

    def _setup_of(self, setup: Any) -> Any:
        return setup if isinstance(setup, self.setup_type) else self.setup_type.from_dict(setup)

    def _resume(self) -> None:
        if self.resume_refused:
            raise self._cannot_resume(_("cannot resume: {reason}; undo twice discards it").format(
                reason=self.resume_refused))
        assert self._resume_payload is not None
        setup, cmds = self._resume_payload
        self.replay(setup, cmds)

    def _cannot_resume(self, text: str) -> Exception:
        return self.error_type(text)

    def _discard(self) -> None:
        if not self.discard_armed:
            self.discard_armed = True
            self.log.append(_("Press UNDO again to discard this game for good (CONFIRM resumes it)"))
            self._changed()
            return
        self._emit("discard", None)
        self._resume_payload = None
        self.discard_armed = False
        self.log.append(_("Unfinished game discarded"))
        self._reset()

    def offer_resume(self, setup: Any, cmds: list[str], info: str = "", *, refused: str = "") -> None:
        refused = refused or self.refusal_for(setup)
        s = self._setup_of(setup)
        self.mode = "resume"
        self.setup = s
        self._resume_payload = (s, list(cmds))
        self.resume_refused, self.discard_armed = refused, False
        self.resume_info = _("cannot resume: {reason}").format(reason=refused) if refused else \
            info or ngettext("{players} players, {steps} step recorded", "{players} players, {steps} steps recorded",
                             len(cmds)).format(players=s.players, steps=len(cmds))
        self.resume_info = self.named_line(self.resume_info)  # the resume screen names the players too
        found = (_("Unfinished {game} game found ({info}): undo twice discards it") if refused else
                 _("Unfinished {game} game found ({info}): confirm resumes it, undo twice starts a new one"))
        self.log.append(found.format(game=self.title, info=self.resume_info))
        self._changed()

    def replay(self, setup: Any, cmds: list[str]) -> None:
        """Rebuild a journalled game exactly (the same commands through the same code)."""
        refused = self.refusal_for(setup)
        if refused:
            raise self._cannot_resume(refused)
        s = self._setup_of(setup)
        replay_quietly(self, lambda: self._begin(s, journal=False), cmds)
        self.log.append(self.resumed_line())
        self._changed()


def replay_quietly(module: Journalled, start: Callable[[], object], cmds: list[str]) -> None:
    """Rebuild a journalled game in ``module``: ``start()`` (its setup), then every command, with
    nothing journalled and nothing said again (the game so far is not told twice: the resume
    says one summary line). Every game's ``replay`` runs through this."""
    hook, module.on_command = module.on_command, None
    gate = module.__dict__.pop(GATE, None)  # a replay enters what was journalled, never the phones' again
    begin = len(module.log)
    try:
        start()
        for c in cmds:
            module.do(c)
    finally:
        module.on_command = hook
        if gate is not None:
            module.__dict__[GATE] = gate
    del module.log[begin:]
    module._said = min(module._said, len(module.log))
