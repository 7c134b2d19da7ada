"""Applejack's screens on the display toolkit (``table/display/``): the companion's setup, play,
correction, score pad and result (:class:`ApplejackView`), its teach strip, coach page and named
players, the kiosk demo's view, and the fixed sample screens of the golden images."""
