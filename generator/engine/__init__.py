"""The calculators' runtime, shared by the generator (CPython) and the reader's browser
(Pyodide): inputs, results, dice laws, rolls, the registry, the form's HTML, characters,
their printout and their saved file, the rules read from the data.

Standard library only, no I/O. It imports `generator.core` only; it never imports the
systems: `generator.systems` hands itself down (`registry.use`), and each system declares
its calculators in its own module; `registry.all_calculators()` imports them.
"""
