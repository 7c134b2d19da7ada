"""What every game's bots share (``common``): a uniformly random bot over the house protocol.
Each game's own bots live in its package (``table/games/<key>/bots``)."""
