"""The catalogue's rows, one module per topic (studio.catalogue.TOPICS), in the order they are listed."""
