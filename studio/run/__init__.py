"""Run: many requests at once, in local worker processes (jobs) or on a Dask cluster (farm)."""
