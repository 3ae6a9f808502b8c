"""Board drawings of the games: QPainter widgets that show an engine state."""
