"""Rule sets: each game's own code (engine, checks, painters, helpers, figures, commands),
one sub-package each. Generic stages find them by the names game.toml gives."""
