"""Applejack's companion module (issue 12 §1: the shell and one module per game).

:class:`~table.games.applejack.companion.controller.Controller` meets
``table.companion.protocol.GameCompanion``; it is split by job into ``setup``, ``correction``,
``scorepad``, ``announcements`` and ``tracking``, over the shared state of ``base``.
``api`` gathers the names the shell, the screens and the tests import; ``api.make_companion`` is
the registry's factory.
"""
