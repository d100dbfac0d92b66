"""The data core shared by the build (CPython) and the reader's browser (Pyodide): an entity
checked against its schema (`schema_check`, its patterns read as ECMA-262 reads them by
`ecma_regex`), the links a schema declares (`schema_refs`), an entity's row and card
(`entity_index`), its conditions (`conditions`), its inline tags (`tags`), the site's
addresses (`urls`), French typography (`typographie`), source markers (`reperes`), HTML
escaping (`echappement`) and a JSON text's depth (`imbrication`).

The bottom layer: standard library only, it imports nothing else of the generator, so the
build, the calculators (`generator.engine`) and house rules (`generator.house`) all read
the same rules.
"""
