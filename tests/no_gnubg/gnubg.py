"""Stands in for a missing ``gnubg`` package: importing it fails, as on a machine without it."""

raise ImportError("No module named 'gnubg'")
