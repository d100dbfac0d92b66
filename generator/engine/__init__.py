"""Rules engine shared by the generator (CPython) and the reader's browser (Pyodide).

Stdlib + icepool only, no I/O. It never imports the systems: `generator.systems` hands
itself down (`registry.use`), and each system declares its calculators in its own module;
`registry.all_calculators()` imports them.
"""
