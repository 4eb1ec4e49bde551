"""Settings per environment: ``base`` is shared; ``dev``, ``test`` and ``prod`` extend it."""
