"""Backgammon tutor: the rules of backgammon in Spanish, with interactive puzzles."""
