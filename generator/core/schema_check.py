"""Checks a value against an entity kind's JSON Schema, with French messages.

One implementation for the build (`check` judges data/ with it) and the reader's browser
(a game master's own entities are judged as data/ is): standard library only. It knows
the subset of JSON Schema (draft 2020-12) that the project's composed schemas use, with
jsonschema's semantics, but for `pattern`, read as ECMA-262 reads it (core/ecma_regex.py)
where jsonschema reads it with Python's `re`; tests/unit/test_schema_check.py finds that
subset in the real schemas and holds the findings equal to jsonschema's. A keyword outside
it is refused when the validator is built, never skipped: a schema cannot be half checked
unnoticed.
"""

from __future__ import annotations

import re

from generator.core import ecma_regex

# Keywords checked here: the ones the project's schemas use (`then` is not among them:
# no schema uses it, so no test could hold it to jsonschema's reading).
CHECKED = frozenset(
    {
        "$defs",
        "$ref",
        "additionalProperties",
        "const",
        "else",
        "enum",
        "exclusiveMinimum",
        "if",
        "items",
        "maxItems",
        "maximum",
        "minItems",
        "minLength",
        "minProperties",
        "minimum",
        "pattern",
        "properties",
        "propertyNames",
        "required",
        "type",
    }
)
# Keywords that only document (annotations): never checked, by jsonschema either. So is
# every `x-…` keyword of the project's vocabulary.
DOCUMENTARY = frozenset(
    {
        "$comment",
        "$id",
        "$schema",
        "default",
        "deprecated",
        "description",
        "examples",
        "readOnly",
        "title",
        "writeOnly",
    }
)


def is_documentary(keyword: str) -> bool:
    return keyword in DOCUMENTARY or keyword.startswith("x-")


class UnsupportedSchema(ValueError):
    """A schema this module cannot check in full; `where` is the path of the keyword in
    the schema (its line, for the one who wrote it)."""

    def __init__(self, message: str, where: tuple = ()):
        pointer = "/".join(str(p) for p in where)
        super().__init__(f"{message} (à #/{pointer})" if where else message)
        self.where = where


TYPES = {
    "string": "un texte",
    "integer": "un entier",
    "number": "un nombre",
    "boolean": "vrai ou faux (true/false)",
    "array": "une liste",
    "object": "un objet (clé: valeur)",
    "null": "rien",
}


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)  # True is an int


# What each `type` accepts, as jsonschema's draft 2020-12 checker: 3.0 is an integer (a
# float without fraction is, since draft 6), True is neither an integer nor a number.
_IS = {
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: _is_number(v) and (isinstance(v, int) or v.is_integer()),
    "number": _is_number,
    "boolean": lambda v: isinstance(v, bool),
    "array": lambda v: isinstance(v, list),
    "object": lambda v: isinstance(v, dict),
    "null": lambda v: v is None,
}


def type_name(value: object) -> str:
    """The French name of what `value` is, for « type incorrect »."""
    for name, kind in (
        ("boolean", bool),
        ("integer", int),
        ("number", float),
        ("string", str),
        ("array", list),
        ("object", dict),
    ):
        if isinstance(value, kind):
            return TYPES[name]
    return TYPES["null"]


def where(path: tuple) -> str:
    """The field a message is about, list positions left out (« atouts.nom » : …)."""
    shown = ".".join(str(p) for p in path if not isinstance(p, int))
    return f"« {shown} » : " if shown else ""


def equal(one: object, two: object) -> bool:
    """JSON equality, as jsonschema's `enum` and `const`: 1 equals 1.0, never True."""
    if one is two:  # jsonschema's first test, which a NaN passes too
        return True
    if isinstance(one, str) or isinstance(two, str):
        return one == two
    if isinstance(one, list) and isinstance(two, list):
        return len(one) == len(two) and all(map(equal, one, two))
    if isinstance(one, dict) and isinstance(two, dict):
        return len(one) == len(two) and all(k in two and equal(v, two[k]) for k, v in one.items())
    if isinstance(one, bool) or isinstance(two, bool):
        return one is two
    return one == two


_REF = re.compile(r"#/\$defs/([^/~%]+)")  # the one form the schemas use: no pointer escapes


# The identifiers' pattern, said in words; any other pattern is quoted as it is written.
ID_PATTERN = "^[a-z0-9]+(-[a-z0-9]+)*$"


def pattern_form(pattern: str) -> str:
    """What a value that does not match `pattern` should look like, in French."""
    if pattern == ID_PATTERN:
        return "minuscules sans accents, chiffres et tirets"
    return f"motif {pattern}"


class Validator:
    """A schema made ready to check values: `problems(value)` lists what is wrong."""

    def __init__(self, schema: dict):
        self.schema = schema
        self._defs: dict = {}  # name -> check of root `$defs`, which `$ref` points into
        self._check = self._compile(schema, ())

    def problems(self, instance: object) -> list[tuple[tuple, str]]:
        """(path in `instance`, French message) for every way it breaks the schema: in the
        order of the schema's keywords, as jsonschema's, each message once (a field that
        both `required` and an `else` ask for is said missing once)."""
        found: list = []
        self._check(instance, (), found)
        return list(dict.fromkeys(found))

    def _compile(self, schema: object, at: tuple):
        """A function (value, path, found) that appends the findings of `schema`."""
        if not isinstance(schema, dict):
            raise UnsupportedSchema(f"sous-schéma non pris en charge : {schema!r}", at)
        if at and "$id" in schema:  # it would change where `$ref` points
            raise UnsupportedSchema("« $id » hors de la racine non pris en charge", (*at, "$id"))
        for name, definition in schema.get("$defs", {}).items():
            compiled = self._compile(definition, (*at, "$defs", name))
            if not at:
                self._defs[name] = compiled
        checks = []
        for keyword, value in schema.items():
            if is_documentary(keyword) or keyword == "$defs":
                continue
            if keyword not in CHECKED:
                raise UnsupportedSchema(
                    f"mot-clé de schéma non pris en charge : {keyword}", (*at, keyword)
                )
            check = getattr(self, "_" + keyword.lstrip("$"))(value, schema, (*at, keyword))
            if check is not None:
                checks.append(check)

        def run(instance, path, found):
            for check in checks:
                check(instance, path, found)

        return checks[0] if len(checks) == 1 else run

    # One method per keyword: given its value, the schema holding it and its place there,
    # a check (value, path, found), or None when it checks nothing by itself.

    def _type(self, value, schema, at):
        names = value if isinstance(value, list) else [value]
        unknown = [n for n in names if n not in _IS]
        if unknown:
            raise UnsupportedSchema(f"type inconnu : {', '.join(map(str, unknown))}", at)
        tests = [_IS[n] for n in names]
        wanted = " ou ".join(TYPES[n] for n in names)

        def check(instance, path, found):
            if not any(test(instance) for test in tests):
                found.append(
                    (
                        path,
                        f"{where(path)}type incorrect : attendu {wanted}, trouvé {type_name(instance)}",
                    )
                )

        return check

    def _properties(self, value, schema, at):
        fields = [(name, self._compile(sub, (*at, name))) for name, sub in value.items()]

        def check(instance, path, found):
            if isinstance(instance, dict):
                for name, field in fields:
                    if name in instance:
                        field(instance[name], (*path, name), found)

        return check

    def _required(self, value, schema, at):
        def check(instance, path, found):
            if isinstance(instance, dict):
                for name in value:
                    if name not in instance:
                        found.append((path, f"{where(path)}champ obligatoire « {name} » manquant"))

        return check

    def _additionalProperties(self, value, schema, at):
        allowed = set(schema.get("properties", {}))
        if value is True:
            return None
        if value is False:
            listed = ", ".join(sorted(allowed))

            def refuse(instance, path, found):
                if isinstance(instance, dict):
                    for name in instance:
                        if name not in allowed:
                            found.append(
                                (
                                    (*path, name),
                                    f"{where(path)}champ inconnu « {name} » (champs permis : {listed})",
                                )
                            )

            return refuse
        other = self._compile(value, at)

        # jsonschema goes through the other fields in no set order (a set); here in the
        # value's own order, the same from one run to the next.
        def check(instance, path, found):
            if isinstance(instance, dict):
                for name in instance:
                    if name not in allowed:
                        other(instance[name], (*path, name), found)

        return check

    def _propertyNames(self, value, schema, at):
        names = self._compile(value, at)

        def check(instance, path, found):  # each name judged as a value, at the object's path
            if isinstance(instance, dict):
                for name in instance:
                    names(name, path, found)

        return check

    def _minProperties(self, value, schema, at):
        said = "objet vide" if value == 1 else f"trop peu de champs (au moins {value})"

        def check(instance, path, found):
            if isinstance(instance, dict) and len(instance) < value:
                found.append((path, f"{where(path)}{said}"))

        return check

    def _items(self, value, schema, at):
        item = self._compile(value, at)

        def check(instance, path, found):
            if isinstance(instance, list):
                for index, each in enumerate(instance):
                    item(each, (*path, index), found)

        return check

    def _minItems(self, value, schema, at):
        def check(instance, path, found):
            if isinstance(instance, list) and len(instance) < value:
                found.append((path, f"{where(path)}liste vide ou trop courte (au moins {value})"))

        return check

    def _maxItems(self, value, schema, at):
        said = (
            "liste qui doit rester vide" if value == 0 else f"liste trop longue (au plus {value})"
        )

        def check(instance, path, found):
            if isinstance(instance, list) and len(instance) > value:
                found.append((path, f"{where(path)}{said}"))

        return check

    def _enum(self, value, schema, at):
        listed = ", ".join(map(str, value))

        def check(instance, path, found):
            if not any(equal(each, instance) for each in value):
                found.append(
                    (
                        path,
                        f"{where(path)}valeur « {instance} » non permise ; valeurs possibles : {listed}",
                    )
                )

        return check

    def _const(self, value, schema, at):
        def check(instance, path, found):
            if not equal(instance, value):
                found.append(
                    (
                        path,
                        f"{where(path)}valeur « {instance} » non permise ; valeur attendue : {value}",
                    )
                )

        return check

    def _pattern(self, value, schema, at):
        if not isinstance(value, str):
            raise UnsupportedSchema(f"motif invalide : {value!r} (un texte)", at)
        try:
            compiled = ecma_regex.compile_pattern(value)
        except ecma_regex.PatternError as error:
            raise UnsupportedSchema(f"motif non pris en charge : {value!r} : {error}", at) from None

        form = pattern_form(value)

        def check(instance, path, found):
            # A search, as JSON Schema says, read as ECMA-262 reads the pattern: the
            # schemas anchor theirs (^…$), and no `$` ends before a final newline.
            if isinstance(instance, str) and not compiled.search(instance):
                found.append(
                    (
                        path,
                        f"{where(path)}« {instance} » n'a pas la forme attendue ({form})",
                    )
                )

        return check

    def _minLength(self, value, schema, at):
        said = "texte vide" if value == 1 else f"texte trop court (au moins {value} caractères)"

        def check(instance, path, found):
            if isinstance(instance, str) and len(instance) < value:
                found.append((path, f"{where(path)}{said}"))

        return check

    def _bound(self, keyword, value, beyond):
        def check(instance, path, found):
            if _is_number(instance) and beyond(instance, value):
                found.append(
                    (path, f"{where(path)}valeur {instance} hors limites ({keyword} : {value})")
                )

        return check

    def _minimum(self, value, schema, at):
        return self._bound("minimum", value, lambda number, limit: number < limit)

    def _maximum(self, value, schema, at):
        return self._bound("maximum", value, lambda number, limit: number > limit)

    def _exclusiveMinimum(self, value, schema, at):
        def check(instance, path, found):
            if _is_number(instance) and instance <= value:
                found.append(
                    (
                        path,
                        f"{where(path)}valeur {instance} hors limites (plus de {value} attendu)",
                    )
                )

        return check

    def _ref(self, value, schema, at):
        match = _REF.fullmatch(value) if isinstance(value, str) else None
        if match is None or match[1] not in self.schema.get("$defs", {}):
            raise UnsupportedSchema(
                f"renvoi non pris en charge : {value!r} (seuls « #/$defs/<nom> » de la racine)",
                at,
            )
        defs, name = self._defs, match[1]

        def check(instance, path, found):  # looked up when used: a definition may be recursive
            defs[name](instance, path, found)

        return check

    def _if(self, value, schema, at):
        condition = self._compile(value, at)
        otherwise = self._compile(schema["else"], (*at[:-1], "else")) if "else" in schema else None
        if otherwise is None:
            return None

        def check(instance, path, found):
            trial: list = []
            condition(instance, path, trial)
            if trial:
                otherwise(instance, path, found)

        return check

    def _else(self, value, schema, at):
        self._compile(value, at)  # its keywords are held to the subset all the same
        return None  # applied by `if`; without `if`, jsonschema ignores it
