"""House rules (« Règles maison »), run in the reader's browser (Pyodide) and by
the build's tests: a collection read and judged (`reader`), a house entity's finder row
and card (`index`), its texts and tags (`text`), shown as a safe tree (`render`) and
compared with the official entity (`diff`), and the worker's entry, JSON in, JSON out
(`queries`).

It imports `generator.core` and, for a character's schema and the dice tags,
`generator.engine`; never the systems nor the build.
"""
