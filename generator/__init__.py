"""SRD generator: YAML data + French Markdown chapters -> MkDocs site, JSON export, calculators.

Keep this file free of imports: the browser loads `generator.core`, `generator.engine`,
`generator.house` and the systems' rule code alone (as a wheel on Pyodide) and must not
pull the build-time modules in.
"""
