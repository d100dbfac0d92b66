"""`python -m generator serve`: the local server, its live reload, and the incremental
rebuilds it runs after each edit."""
