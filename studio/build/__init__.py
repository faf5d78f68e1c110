"""Build: one render request into one whole output folder (the request, the render, the content key
and manifest, staging and atomic swap, numbers files, captions, the LaTeX cache, system checks)."""
