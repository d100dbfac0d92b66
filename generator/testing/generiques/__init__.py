"""The generator's tests of a project's systems (`python -m generator tester`)."""
