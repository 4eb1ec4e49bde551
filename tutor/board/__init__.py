"""The live board: server-side SVG, Spanish descriptions and the widget tag.

The board in the browser knows no backgammon rules: it shows checkers and
writes notation; the engine on the server is the only judge of a play.
"""
