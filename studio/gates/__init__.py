"""Gates: the layout and readability checks of scenes and figures, and their findings."""
