"""The references of a system's `partie` declaration (« Mener la partie », systeme.yaml),
each checked against the system and reported at its line: the valeurs it names, the kinds,
entities and fields its tracks, states and non-player characters read, its calculators and
their inputs, its dice. The schema (schemas/systeme.json) has judged the shape already;
the tags of its texts are checked with every other text of the system (links.py).
"""

from __future__ import annotations

from generator.engine import registry, roll_tags
from generator.pipeline import schemas
from generator.pipeline.corpus import Corpus, System
from generator.pipeline.errors import Problems

# A track's `champs`: those read in each of its levels, the others in its entity.
LEVEL_FIELDS = ("nom", "nombre", "seuil", "malus", "effet", "gratuit_des")
ENTITY_FIELDS = ("cumul", "depassement", "mortel")
# What each mode of `ordre` alone reads.
ORDER_KEYS = {"jet": ("quand", "des", "plus"), "valeurs": ("cles",)}


def check(corpus: Corpus, rules: dict, problems: Problems) -> None:
    """Every system's `partie`, when its systeme.yaml passed its schema."""
    for system in corpus.systems.values():
        declared = system.meta.get("partie")
        if isinstance(declared, dict) and system.located is not None:
            _Checker(system, rules.get(system.id), problems).run(declared)


class _Checker:
    def __init__(self, system: System, rules: object, problems: Problems):
        self.system, self.rules, self.problems = system, rules, problems
        self.kinds = schemas.kinds(system.id)
        self.valeurs: set[str] = set()
        self.declared: dict = {}

    def say(self, where: tuple, message: str) -> None:
        line = self.system.located.line(("partie", *where))
        self.problems.add(self.system.file, line, f"mener la partie : {message}")

    def run(self, declared: dict) -> None:
        self.declared = declared
        self.valeurs = self.unique(declared.get("valeurs", []), ("valeurs",), "valeur")
        for index, valeur in enumerate(declared.get("valeurs", [])):
            self.default_within(valeur, ("valeurs", index))
        self.order(declared.get("ordre", {}))
        self.unique(declared.get("pistes", []), ("pistes",), "piste")
        for index, track in enumerate(declared.get("pistes", [])):
            self.track(track, ("pistes", index))
        etats = declared.get("etats", {})
        for index, kind in enumerate(etats.get("genres", [])):
            self.kind(kind, ("etats", "genres", index))
        if "pnj" in declared:
            self.npcs(declared["pnj"])
        self.unique(declared.get("actions", []), ("actions",), "action")
        for index, action in enumerate(declared.get("actions", [])):
            self.action(action, ("actions", index))

    # --- the parts -------------------------------------------------------------------

    def unique(self, items: list, where: tuple, what: str) -> set[str]:
        """The ids of `items`, each said twice reported."""
        seen: set[str] = set()
        for index, item in enumerate(items):
            if item["id"] in seen:
                self.say((*where, index, "id"), f"{what} « {item['id']} » déclarée deux fois")
            seen.add(item["id"])
        return seen

    def default_within(self, valeur: dict, where: tuple) -> None:
        """A combatant no sheet gives this value takes its default (the page's 0 when none
        is declared): it must lie within the bounds, or the page would move it silently."""
        default = valeur.get("defaut", 0)
        low, high = valeur.get("min", default), valeur.get("max", default)
        if not low <= default <= high:
            said = "le défaut" if "defaut" in valeur else "sans « defaut », la valeur par défaut"
            self.say(
                (*where, "defaut" if "defaut" in valeur else "id"),
                f"valeur « {valeur['id']} » : {said} {default} est hors de ses bornes ({low} à {high})",
            )

    def valeur(self, value: object, where: tuple) -> None:
        if value not in self.valeurs:
            known = ", ".join(sorted(self.valeurs)) or "aucune"
            self.say(where, f"valeur « {value} » inconnue (valeurs déclarées : {known})")

    def order(self, ordre: dict) -> None:
        mode = ordre.get("mode")
        for other, keys in ORDER_KEYS.items():
            for key in keys:
                if key in ordre and mode != other:
                    self.say(("ordre", key), f"« {key} » ne vaut qu'en mode « {other} »")
        if mode == "jet":
            if "des" not in ordre:
                self.say(("ordre", "mode"), "le mode « jet » demande ses dés (« des »)")
            else:
                self.dice(ordre["des"], ("ordre", "des"))
        if mode == "valeurs" and "cles" not in ordre:
            self.say(
                ("ordre", "mode"), "le mode « valeurs » demande les valeurs comparées (« cles »)"
            )
        if "plus" in ordre:
            self.valeur(ordre["plus"], ("ordre", "plus"))
        for key in ("cles", "departage"):
            for index, value in enumerate(ordre.get(key, [])):
                self.valeur(value, ("ordre", key, index))
        for index, change in enumerate(ordre.get("modificateurs", [])):
            where = ("ordre", "modificateurs", index)
            self.valeur(change["cle"], (*where, "cle"))
            if "genre" in change:
                self.modifiers_of(change, where)

    def modifiers_of(self, change: dict, where: tuple) -> None:
        """Modifiers read from a kind: its field, whose number each entity gives."""
        for key in ("id", "nom", "valeur"):
            if key in change:
                self.say((*where, key), f"« {key} » ne vaut pas avec « genre » : l'entité le donne")
        if "champ" not in change:
            self.say((*where, "genre"), "« genre » demande le champ qui donne l'ajout (« champ »)")
        elif self.kind(change["genre"], (*where, "genre")):
            fields = self.kinds[change["genre"]].schema["properties"]
            self.field(fields, change["genre"], change["champ"], (*where, "champ"))

    def dice(self, text: str, where: tuple) -> None:
        try:
            roll_tags.parse(text)
        except roll_tags.DiceError as error:
            self.say(where, str(error))

    def track(self, track: dict, where: tuple) -> None:
        kind = track["type"]
        if "gratuit" in track:
            self.valeur(track["gratuit"], (*where, "gratuit"))
        if kind == "compteur":
            if "max" not in track:
                self.say((*where, "type"), "une piste « compteur » demande son maximum (« max »)")
            elif isinstance(track["max"], str):
                self.valeur(track["max"], (*where, "max"))
        elif kind == "paliers" or "genre" in track:
            self.levels_entity(track, where)
        elif "niveaux" not in track:
            self.say(
                (*where, "type"),
                "une piste « niveaux » demande ses niveaux : « niveaux », ou « genre », « entite » et « champs »",
            )

    def levels_entity(self, track: dict, where: tuple) -> None:
        """A track whose levels an entity holds: its kind, its entity and the fields read."""
        missing = [key for key in ("genre", "entite", "champs") if key not in track]
        if missing:
            self.say((*where, "type"), f"piste « {track['id']} » : il manque {', '.join(missing)}")
            return
        kind_id = track["genre"]
        if not self.kind(kind_id, (*where, "genre")):
            return
        if self.system.entity(kind_id, track["entite"]) is None:
            self.say((*where, "entite"), f"entité « {kind_id} {track['entite']} » introuvable")
        fields = self.kinds[kind_id].schema["properties"]
        champs = track["champs"]
        for key in ENTITY_FIELDS:
            if key in champs:
                self.field(fields, kind_id, champs[key], (*where, "champs", key))
        if "niveaux" not in champs:
            self.say(
                (*where, "champs"), "« champs » doit nommer la liste des niveaux (« niveaux »)"
            )
            return
        if not self.field(fields, kind_id, champs["niveaux"], (*where, "champs", "niveaux")):
            return
        items = fields[champs["niveaux"]].get("items", {})
        if items.get("type") != "object":
            self.say(
                (*where, "champs", "niveaux"),
                f"le champ « {champs['niveaux']} » du genre « {kind_id} » n'est pas une liste d'objets",
            )
            return
        inner = items.get("properties", {})
        for key in LEVEL_FIELDS:
            if key in champs:
                self.field(
                    inner, f"{kind_id}.{champs['niveaux']}", champs[key], (*where, "champs", key)
                )

    def kind(self, kind_id: str, where: tuple) -> bool:
        """Whether the system has the kind (a kind it could not read is not said again)."""
        if kind_id in self.kinds:
            return True
        if kind_id not in self.system.unreadable:
            self.say(where, f"genre « {kind_id} » introuvable dans data/{self.system.id}/")
        return False

    def field(self, fields: dict, kind: str, name: str, where: tuple) -> bool:
        if name in fields:
            return True
        self.say(where, f"le genre « {kind} » n'a pas de champ « {name} »")
        return False

    def npcs(self, pnj: dict) -> None:
        if not self.kind(pnj["genre"], ("pnj", "genre")):
            return
        fields = self.kinds[pnj["genre"]].schema["properties"]
        for valeur, name in pnj.get("valeurs", {}).items():
            self.valeur(valeur, ("pnj", "valeurs", valeur))
            self.field(fields, pnj["genre"], name, ("pnj", "valeurs", valeur))
        tiers = {t["id"] for t in self.declared.get("pistes", []) if t["type"] == "paliers"}
        for track_id, champs in pnj.get("pistes", {}).items():
            where = ("pnj", "pistes", track_id)
            if track_id not in tiers:
                self.say(where, f"piste à paliers « {track_id} » inconnue")
            if self.field(fields, pnj["genre"], champs["niveaux"], (*where, "niveaux")):
                inner = fields[champs["niveaux"]].get("items", {}).get("properties", {})
                for key in LEVEL_FIELDS:
                    if key in champs:
                        kind = f"{pnj['genre']}.{champs['niveaux']}"
                        self.field(inner, kind, champs[key], (*where, key))

    def action(self, action: dict, where: tuple) -> None:
        if self.rules is None:  # its rules could not be read: that fault is said already
            return
        try:
            calculator = registry.get(self.system.id, action["calculateur"])
        except KeyError:
            known = ", ".join(c.id for c in registry.of_system(self.system.id)) or "aucun"
            self.say(
                (*where, "calculateur"),
                f"calculateur « {action['calculateur']} » inconnu (calculateurs : {known})",
            )
            return
        inputs = {i.name for i in calculator.inputs_for(self.rules)}
        for key in ("champs", "cible"):
            for name, valeur in action.get(key, {}).items():
                if name not in inputs:
                    self.say(
                        (*where, key, name),
                        f"le calculateur « {calculator.id} » n'a pas de champ « {name} » "
                        f"(champs : {', '.join(sorted(inputs))})",
                    )
                self.valeur(valeur, (*where, key, name))
        counters = {t["id"] for t in self.declared.get("pistes", []) if t["type"] == "compteur"}
        for name, track in action.get("restant", {}).items():
            if name not in inputs:
                self.say(
                    (*where, "restant", name),
                    f"le calculateur « {calculator.id} » n'a pas de champ « {name} » "
                    f"(champs : {', '.join(sorted(inputs))})",
                )
            if track not in counters:
                known = ", ".join(sorted(counters)) or "aucune"
                self.say(
                    (*where, "restant", name),
                    f"piste « {track} » : « restant » demande une piste « compteur » "
                    f"(pistes compteur : {known})",
                )
