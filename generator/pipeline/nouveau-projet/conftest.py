"""Les tests du projet : ceux de tests/ et ceux que le générateur livre, sur ses systèmes
(« python -m generator tester », ou « make test »)."""

pytest_plugins = ["generator.testing"]
