"""Each game's move in the making, Qt-free: the part of a turn a board builds before the engine
gets a whole move (:class:`app.model.play_session.Draft`)."""
