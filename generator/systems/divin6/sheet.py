"""Character sheet of Divin (6)thème: creation checks and every derived value (guide §3),
as its calculator « feuille » (declared in calculators.py) shows them.

Classes, skills, characteristics, peoples, atout conditions, the price tables and the weapon
categories come from the data, through the `Rules` the calculator receives.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property

from generator.core import urls
from generator.core.typographie import pluriel
from generator.engine.results import Checks, Figure, Figures, Link, Links, Table, signed
from generator.systems.divin6.character import Choices, DivinCharacter, Entry, read_choices
from generator.systems.divin6.rules import Item, Rules, slug

SYSTEM = "divin6"


# The six creation scores, in the sheet's order: (field, label, default), the defaults
# those of Achille, the book's example character.
CREATION_FIELDS = (
    ("force", "Force", 3),
    ("dexterite", "Dextérité", 1),
    ("constitution", "Constitution", 2),
    ("intelligence", "Intelligence", -1),
    ("sagesse", "Sagesse", 0),
    ("charisme", "Charisme", 1),
)


@dataclass
class Sheet:
    rules: Rules
    base: dict[str, int]
    people: str
    level4: str | None
    classes: list[str]
    ranks: list[Entry]
    degrees: dict[str, int]
    free_pv: int
    free_pe: int
    recup_pv: int
    recup_pe: int
    atouts: list[Entry]
    gear: list[Entry]
    problems: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, rules: Rules, c, chosen: Choices) -> Sheet:
        """The sheet of the character `c` (character.py), its lists read (`chosen`)."""
        return cls(
            rules=rules,
            base={key: getattr(c, key) for key, _, _ in CREATION_FIELDS},
            people=c.peuple,
            level4=None if c.point_niveau_4 == "aucun" else c.point_niveau_4,
            classes=chosen.classes,
            ranks=chosen.ranks,
            degrees={e.id: e.rank for e in chosen.degrees},
            free_pv=c.libres_pv,
            free_pe=c.libres_pe,
            recup_pv=c.recuperation_pv,
            recup_pe=c.recuperation_pe,
            atouts=chosen.atouts,
            gear=chosen.gear,
        )

    # --- simple facts ------------------------------------------------------------------
    @property
    def level(self) -> int:
        return len(self.classes)

    def has(self, atout: str) -> int:
        return sum(1 for a in self.atouts if a.id == atout) + (
            1 if atout in self.people_rule.get("atouts", ()) else 0
        )

    @property
    def people_rule(self) -> dict:
        """The chosen people's row of the data; a human has none."""
        return self.rules.peoples.get(self.people, {})

    @property
    def metis(self) -> bool:
        return self.people_rule.get("type") == "metis"

    def params(self, atout: str) -> list[str]:
        return [p for a in self.atouts if a.id == atout for p in a.params]

    @property
    def carac(self) -> dict[str, int]:
        values = dict(self.base)
        for name, delta in self.people_rule.get("modificateurs", {}).items():
            values[name] += delta
        if self.level4 and self.level >= 4:
            values[self.level4] += 1
        return values

    def rank(self, skill: str, specialisation: str | None = None) -> int:
        return max(
            (
                e.rank
                for e in self.ranks
                if e.id == skill
                and (
                    specialisation is None
                    or specialisation in e.params
                    or not e.params
                    and not self.rules.skills[skill][1]
                )
            ),
            default=0,
        )

    @property
    def prof(self) -> int:
        return 2 + self.level // 2  # reproduces l.158–160

    @property
    def expert(self) -> int:
        return self.level + 3

    def rank_bonus(self, rank: int) -> int:
        return (0, self.prof, self.expert)[min(rank, 2)]

    # --- budgets -------------------------------------------------------------------------
    def budgets(self) -> dict[str, tuple[int, int]]:
        first, later = (
            self.rules.classes[self.classes[0]],
            [self.rules.classes[c] for c in self.classes[1:]],
        )
        natural = self.has("don-naturel")
        ranks = (
            first.ranks + self.carac["intelligence"] + sum(c.level_ranks for c in later) + natural
        )
        degrees = first.degrees + sum(c.level_degrees for c in later) + natural
        free = first.free + sum(c.level_free for c in later)
        atouts = 4 + (self.level - 1)
        return {
            "Rangs de compétence": (sum(e.rank for e in self.ranks), ranks),
            "Degrés d'avantage": (sum(self.degrees.values()), degrees),
            "Points libres PV/PE": (self.free_pv + self.free_pe, free),
            "Récupération": (
                self.recup_pv + self.recup_pe,
                6 + 3 * self.has("recuperation-accrue"),
            ),
            "Atouts": (self.atout_slots(), atouts),
        }

    def atout_slots(self) -> int:
        """Atouts taken; the people chosen is the atout Peuple (2 slots, l.947) or Métis (1)."""
        listed = sum(1 for a in self.atouts if a.id not in ("peuple", "metis"))
        if self.metis:
            return listed + 1
        return listed + (2 if self.people_rule else 0)

    # --- checks --------------------------------------------------------------------------
    # Each check names the form field it concerns, so the sheet can point at it.
    BUDGET_FIELDS = {
        "Rangs de compétence": "rangs",
        "Degrés d'avantage": "degres",
        "Points libres PV/PE": "libres_pv",
        "Récupération": "recuperation_pv",
        "Atouts": "atouts",
    }

    def check(self) -> list[tuple[str, str]]:
        found = []
        values = list(self.base.values())
        first_carac = next(iter(self.base))
        if sum(values) != 6:
            found.append(
                (
                    first_carac,
                    f"Caractéristiques de création : la somme doit faire 6 (elle fait {sum(values)}){{@source 90}}.",
                )
            )
        if any(v > 3 or v < -1 for v in values):
            found.append(
                (
                    first_carac,
                    "Caractéristiques de création : chacune entre −1 et +3 (au plus 3 points investis, un seul point négatif){@source 90–92}.",
                )
            )
        if sum(1 for v in values if v < 0) > 2:
            found.append(
                (
                    first_carac,
                    "Caractéristiques de création : au plus deux points négatifs{@source 92}.",
                )
            )
        for label, (used, available) in self.budgets().items():
            if used != available:
                found.append(
                    (
                        self.BUDGET_FIELDS[label],
                        f"{label} : {used} utilisés pour {available} disponibles.",
                    )
                )
        for entry in self.ranks:
            if entry.rank > 2:
                found.append(("rangs", f"{entry.id} : au plus 2 rangs (expert){{@source 154}}."))
        for name, value in self.degrees.items():
            if value > 6:
                found.append(("degres", f"{name} : au plus 6 degrés{{@source 197}}."))
        if (
            self.recup_pv + self.carac["constitution"] < 1
            or self.recup_pe + self.carac["sagesse"] < 1
        ):
            found.append(
                ("recuperation_pv", "Récupération : au moins 1 dans chaque pool{@source 215}.")
            )
        found += [("atouts", message) for message in self.check_atouts()]
        found += [("atouts", message) for message in self.check_class_atouts()]
        found += [("equipement", message) for message in self.gear_problems()]
        return found

    def gear_problems(self) -> list[str]:
        """What reading the gear found wrong (`items` records it when first read)."""
        _ = self.items
        return list(dict.fromkeys(self.problems))

    def check_class_atouts(self) -> list[str]:
        """Each class gives atouts of its own category: at creation, and at every later
        level but those where any category is allowed (l. 102–125). A people's atout may
        stand for class atouts (l. 947)."""
        needed: dict[str, int] = {}
        for level, class_id in enumerate(self.classes, start=1):
            rule = self.rules.classes[class_id]
            if level == 1:
                count = rule.class_atouts
            else:
                count = 0 if level in rule.any_category_levels else rule.level_atouts
            needed[rule.atout_category] = needed.get(rule.atout_category, 0) + count
        taken: dict[str, int] = {}
        for entry in self.atouts:
            category = self.rules.atouts.get(entry.id, {}).get("categorie")
            taken[category] = taken.get(category, 0) + 1
        # The people's atout (two slots, not the Métis) may fill the creation class's need.
        spare = 2 if self.people_rule and not self.metis else 0
        first = self.rules.classes[self.classes[0]].atout_category
        found = []
        for category, count in needed.items():
            have = taken.get(category, 0) + (spare if category == first else 0)
            if have < count:
                found.append(
                    f"Atouts de classe : il en faut {count} de la catégorie « {category} » "
                    f"(vous en avez {taken.get(category, 0)}){{@source 102–125}}."
                )
        return found

    def check_atouts(self) -> list[str]:
        """Each atout taken: known, its prerequisites met, not taken too often (chapter
        « Atouts »)."""
        found = []
        for entry in {a.id: a for a in self.atouts}.values():
            data = self.rules.atouts.get(entry.id)
            if data is None:
                found.append(f"« {entry.id} » n'est pas un atout connu.")
                continue
            found += self._prerequisites(data["nom"], data.get("prerequis", {}))
            found += self._takings(data, self.has(entry.id))
            if data.get("prerequis", {}).get("accord_conteur"):
                found.append(
                    f"{data['nom']} : demande l'accord du Conteur (à vérifier à la table)."
                )
        return found

    def _atout_name(self, atout: str) -> str:
        return self.rules.atouts.get(atout, {}).get("nom", atout)

    def _prerequisites(self, name: str, req) -> list[str]:
        """Characteristics, ranks and degrees at least, atouts required or excluded."""
        names, found = self.rules.carac_names, []
        for item in req.get("caracteristiques", []):
            if self.carac[item["caracteristique"]] < item["min"]:
                found.append(
                    f"{name} : il faut {item['min']} au moins en {names[item['caracteristique']]} (vous avez {self.carac[item['caracteristique']]})."
                )
        found += self._rank_prerequisites(name, req)
        for item in req.get("degres", []):
            if self.degrees.get(item["avantage"], 0) < item["min"]:
                found.append(
                    f"{name} : il faut {item['min']} degré au moins en {item['avantage']}."
                )
        for other in req.get("atouts", []):
            if not self.has(other):
                found.append(f"{name} : demande l'atout {self._atout_name(other)}.")
        if req.get("atouts_un_parmi") and not any(self.has(o) for o in req["atouts_un_parmi"]):
            found.append(
                f"{name} : demande l'un des atouts {', '.join(self._atout_name(o) for o in req['atouts_un_parmi'])}."
            )
        for other in req.get("atouts_exclus", []):
            if self.has(other):
                found.append(f"{name} : incompatible avec {self._atout_name(other)}.")
        return found

    def _rank_prerequisites(self, name: str, req) -> list[str]:
        found = []
        for item in req.get("rangs", []):
            options = [item, *item.get("ou", ())]  # frozen rules: a tuple
            if not any(
                self.rank(
                    o["competence"],
                    slug(o["specialisation"]) if o.get("specialisation") else None,
                )
                >= item["min"]
                for o in options
            ):
                wanted = " ou ".join(
                    o["competence"]
                    + (f" ({o['specialisation']})" if o.get("specialisation") else "")
                    for o in options
                )
                found.append(f"{name} : il faut {item['min']} rang au moins en {wanted}.")
        return found

    def _takings(self, data, count: int) -> list[str]:
        """How many times an atout may be taken: its linked characteristic, or its maximum."""
        name, linked = data["nom"], data.get("caracteristique_liee")
        if linked:
            score = self.carac[linked]
            if score < 1 or count > score:
                return [
                    f"{name} : caractéristique liée {self.rules.carac_names[linked]} {score}, donc au plus {max(0, score)} {pluriel(score, 'prise', 'prises')} (reçu : {count})."
                ]
            return []
        most = data.get("prises", {}).get("max")
        if most is not None and count > most:
            return [f"{name} : au plus {most} {pluriel(most, 'prise', 'prises')} (reçu : {count})."]
        return []

    # --- derived values -------------------------------------------------------------------
    @cached_property
    def items(self) -> list[tuple[Entry, Item]]:
        """The gear, each line matched to its row of the price tables (read once)."""
        out = []
        equipment = self.rules.equipment
        for entry in self.gear:
            category = self.rules.weapon_named(entry.id)
            if entry.id in equipment:
                out.append((entry, equipment[entry.id]))
            elif category and self.rules.weapon_categories[category].price_row:
                # A weapon the text names costs its category's price.
                row = self.rules.weapon_categories[category].price_row
                out.append((Entry(row, (entry.id,), labels=(entry.text,)), equipment[row]))
            else:
                self.problems.append(
                    f"Équipement inconnu : « {entry.id} » (écrivez par exemple « cotte de mailles », « épée longue », « écu », « trousse à outils (vigilance) »)."
                )
        return out

    def weapon_mastery(self) -> int:
        return min(
            2,
            self.has("metier-des-armes")
            - (0 if not self.has("petit") else max(0, self.has("metier-des-armes") - 1)),
        )

    def load(self) -> tuple[Fraction, Fraction]:
        """(load of weapons/armour/shields, load of rations/ammunition/toolkits)."""
        combat, travel = Fraction(0), Fraction(0)
        mastery = self.weapon_mastery()
        categories = self.rules.weapon_categories
        for _entry, item in self.items:
            enc = item.load
            if item.kind in ("armure", "bouclier") and categories[item.category].mastery > mastery:
                enc *= 2  # l.363
            if item.kind in ("arme", "armure", "bouclier"):
                combat += enc
            else:
                travel += enc
        return combat, travel

    def derived(self) -> dict[str, object]:
        c, level, factor = self.carac, self.level, self.rules.classes[self.classes[0]].factor
        compteur = self.params("compteur-exceptionnel")
        pv = (
            6
            + factor * c["constitution"]
            + (level - 1) * c["constitution"]
            + self.free_pv
            + (2 * level if "pv" in compteur else 0)
        )
        pe = (
            6
            + factor * c["sagesse"]
            + (level - 1) * c["sagesse"]
            + self.free_pe
            + (2 * level if "pe" in compteur else 0)
        )
        mount = max((item.value for _, item in self.items if item.kind == "monture"), default=0)
        capacity = (
            c["force"]
            + c["constitution"]
            + 3
            + min(2, self.rank("survie"))
            + 2 * bool(self.has("grand"))
            + mount
        )
        combat, travel = self.load()
        counted = max(Fraction(0), combat - 2 * bool(self.has("boite-de-conserve"))) + max(
            Fraction(0), travel - 3 * bool(self.has("voyageur"))
        )
        excess = max(Fraction(0), counted - capacity)
        penalty = excess.numerator // excess.denominator
        movement = (
            6
            + min(2, self.rank("athletisme"))
            + bool(self.has("grand"))
            - bool(self.has("petit"))
            + 2 * bool(self.has("celerite"))
            - penalty
        )
        return {
            "pv": pv,
            "pe": pe,
            "recup_pv": self.recup_pv + c["constitution"],
            "recup_pe": self.recup_pe + c["sagesse"],
            "mouvement": movement,
            "initiative": c["dexterite"] + c["sagesse"] - penalty,
            "encombrement": capacity,
            "charge": combat + travel,
            "malus": penalty,
            "langues": 3 + c["intelligence"] + self.metis,
            "destin": 6 + c["charisme"] + 3 * bool(self.has("enfant-du-destin")),
            "do": sum(item.cost for _, item in self.items),
        }

    def skill_line(
        self, skill: str, specialisation: str | None, physical_penalty: int
    ) -> tuple[int, int]:
        """(action dice, modifier) of a skill roll (l.148–152, 321–327)."""
        carac, specialised = self.rules.skills[skill]
        rank = self.rank(skill, specialisation)
        versatile = bool(self.has("versatile"))
        dice = 2 if specialised and rank == 0 and not versatile else 3
        dice += sum(1 for p in self.params("talentueux") if p == skill)
        modifier = self.carac[carac] + self.rank_bonus(rank)
        toolkits = [e for e, item in self.items if item.kind == "outil"]
        if any(skill in e.params for e in toolkits) and (not specialised or rank >= 1 or versatile):
            modifier += 2 + bool(self.has("outils-personnalises"))
        modifier += 2 * sum(
            1 for p in self.params("habilite") if p == skill or p.startswith(skill + "-")
        )
        modifier += self.people_rule.get("competences", {}).get(skill, 0)
        modifier += self.has("prestige") if skill in ("reputation", "richesse", "influence") else 0
        if carac in ("force", "constitution", "dexterite"):
            modifier -= physical_penalty
        return dice, modifier

    def combat_lines(self, penalty: int) -> list[tuple[str, str, str]]:
        """The sheet's combat block (chapter « Combat »): an attack line per weapon, the
        defences, the protection, a saving throw per characteristic."""
        return [
            *self.attack_lines(penalty),
            *self.defence_lines(penalty),
            *self.save_lines(penalty),
        ]

    def attack_lines(self, penalty: int) -> list[tuple[str, str, str]]:
        """Attack and damage of each weapon, used as the category below when its
        mastery is missing (l. 337–341)."""
        c, lines = self.carac, []
        mastery = self.weapon_mastery()
        favourite = set(self.params("arme-de-predilection"))
        categories = list(self.rules.weapon_categories)  # from the lightest
        for entry, item in self.items:
            if item.kind != "arme":
                continue
            name = (
                entry.params[0] if entry.params else entry.id
            )  # a named weapon, or the special weapon's id
            effective = categories.index(item.category)
            while self.rules.weapon_categories[categories[effective]].mastery > mastery:
                effective -= 1  # used as the category below (l.337–341)
            used = self.rules.weapon_categories[categories[effective]]
            bonus, dice_count = used.attack, used.damage_dice
            ranged = item.ranged or bool(
                self.rules.weapon_categories[item.category].cited.get(name)
            )
            finesse = (
                self.has("attaque-en-finesse") and effective < len(categories) - 1 and not ranged
            )
            stat = c["dexterite"] if ranged or finesse else c["force"]
            attack = (
                stat
                + self.degrees.get("attaque", 0)
                + bonus
                + (1 if name in favourite else 0)
                - penalty
            )
            damage = stat + (2 if name in favourite else 0)
            extra = " + 1D6 (Grand)" if self.has("grand") and not ranged else ""
            label = entry.labels[0] if entry.labels else name.replace("-", " ")
            lines.append(
                (
                    f"Attaque : {label}",
                    f"3D6{attack:+d}",
                    f"dégâts {dice_count}D6{damage:+d}{extra}",
                )
            )
        return lines

    def defence_lines(self, penalty: int) -> list[tuple[str, str, str]]:
        """Defences in melee (l. 525–526) and at range (l. 410), the armour's protection."""
        c = self.carac
        shields = [item.value for _, item in self.items if item.kind == "bouclier"]
        shield = max(shields, default=0)
        armed = any(item.kind == "arme" for _, item in self.items)
        block = max(c["dexterite"], c["force"] if armed else c["dexterite"])
        armour = max((item.value for _, item in self.items if item.kind == "armure"), default=0)
        return [
            (
                "Défense au contact",
                f"3D6{block + self.degrees.get('defense', 0) + shield - penalty:+d}",
                "Force si armé (parade), sinon Dextérité{@source 525–526}",
            ),
            (
                "Défense à distance",
                f"3D6{c['dexterite'] + self.degrees.get('defense', 0) + shield - penalty:+d}",
                "bouclier compté ; la fiche d'Achille imprime +2{@source 410} (note éditoriale)",
            ),
            (
                "Protection",
                str(armour + bool(self.has("boite-de-conserve")) if armour else 0),
                "armure portée",
            ),
        ]

    def save_lines(self, penalty: int) -> list[tuple[str, str, str]]:
        """A saving throw per characteristic of the sheet, the physical ones under the
        load's penalty."""
        c, lines = self.carac, []
        for carac in (k for k in self.rules.caracs if k in c):  # the six of the sheet
            resist = 3 * sum(1 for p in self.params("resistance") if p == carac) + (
                3 if self.people == "lutin" and carac == "sagesse" else 0
            )
            physical = penalty if carac in ("force", "constitution", "dexterite") else 0
            lines.append(
                (
                    f"Sauvegarde ({self.rules.carac_names[carac]})",
                    f"3D6{c[carac] + self.degrees.get('sauvegarde', 0) + resist - physical:+d}",
                    "",
                )
            )
        return lines


# --- the calculator's result ---------------------------------------------------------


def compute_sheet(regles, **values):
    """The calculator: the character read from the form, passed through the sheet's steps,
    assembled into blocks."""
    c = DivinCharacter.from_values(values, regles)
    chosen = read_choices(regles, c)
    character = Sheet.of(regles, c, chosen)
    d = character.derived()
    problems = character.check()
    if d["do"] > 10 and character.level == 1:
        problems.append(
            (
                "equipement",
                f"Équipement : {d['do']} DO dépensés pour 10 à la création{{@source 277}}.",
            )
        )
    links = _chosen(regles, c.peuple, chosen.classes, chosen.atouts, chosen.gear)
    return (
        Checks("Fiche conforme aux règles de création.", tuple(problems)),
        _sheet_figures(character, d),
        Links("Vos choix", links),
        _skills_table(regles, character, chosen.ranks, d["malus"]),
        Table(
            "Combat et sauvegardes",
            ("Ligne", "Jet", "Détail"),
            tuple(character.combat_lines(d["malus"])),
        ),
    )


def _sheet_figures(character: Sheet, d: dict) -> Figures:
    return Figures(
        f"Niveau {character.level} ({', '.join(character.classes)})",
        (
            Figure("Points de vie", d["pv"], note=f"récupération {d['recup_pv']}"),
            Figure("Points d'énergie", d["pe"], note=f"récupération {d['recup_pe']}"),
            Figure("Mouvement", d["mouvement"]),
            Figure(
                "Initiative",
                d["initiative"],
                note="jet : 1D6 + Initiative"
                + (" (2D6 : Réflexes éclairs)" if character.has("reflexes-eclairs") else ""),
            ),
            Figure(
                "Encombrement",
                f"{sheet_number(d['charge'])} / {d['encombrement']}",
                note=f"malus {signed(-d['malus'])}" if d["malus"] else "aucun malus",
            ),
            Figure("Rangs de langues", d["langues"]),
            Figure("Points de Destin", d["destin"]),
            Figure(
                "Modificateurs professionnel / expert",
                f"+{character.prof} / +{character.expert}",
            ),
            Figure("Équipement", f"{d['do']} DO"),
            *(
                Figure(label, f"{used} / {available}")
                for label, (used, available) in character.budgets().items()
            ),
        ),
    )


def _skills_table(regles, character: Sheet, ranks, malus: int) -> Table:
    rows = []
    for skill, (carac, _specialised) in regles.skills.items():
        specialisations = sorted({p for e in ranks if e.id == skill for p in e.params}) or [None]
        for spec in specialisations:
            n, mod = character.skill_line(skill, spec, malus)
            name = regles.skill_names[skill] + (f" ({spec.replace('-', ' ')})" if spec else "")
            rows.append(
                (name, regles.carac_names[carac], character.rank(skill, spec), f"{n}D6{mod:+d}")
            )
    return Table(
        "Compétences",
        ("Compétence", "Caractéristique", "Rangs", "Jet"),
        tuple(rows),
        note="Spécialisée sans rang : 2D6{@source 148–152} ; trousse +2 (au moins professionnel pour une spécialisée).",
    )


def _chosen(regles, people, classes, atouts, gear) -> tuple[Link, ...]:
    """What the sheet was given, each linked to its page."""
    links = []
    if people in regles.peoples:  # a human has no people page
        page = urls.entity(SYSTEM, "peuple", people)
        links.append(Link(regles.peoples[people]["nom"], page, "peuple"))
    for class_id in dict.fromkeys(classes):
        levels = [str(n) for n, c in enumerate(classes, 1) if c == class_id]
        note = f"classe, niveau{'x' if len(levels) > 1 else ''} {', '.join(levels)}"
        links.append(
            Link(regles.classes[class_id].name, urls.entity(SYSTEM, "classe", class_id), note)
        )
    for atout_id, count in Counter(a.id for a in atouts).items():
        details = sorted({label for a in atouts if a.id == atout_id for label in a.labels})
        note = (
            "atout"
            + (f" ×{count}" if count > 1 else "")
            + (f" ({', '.join(details)})" if details else "")
        )
        links.append(
            Link(regles.atouts[atout_id]["nom"], urls.entity(SYSTEM, "atout", atout_id), note)
        )
    for entry in gear:
        if entry.id in regles.equipment:
            page = urls.entity(SYSTEM, "equipement", entry.id)
            links.append(Link(regles.equipment[entry.id].name, page, "équipement"))
        else:  # a weapon the text names: its category's page
            category_id = regles.weapon_named(entry.id)
            category = regles.weapon_categories[category_id]
            name = next(n for n in category.names if slug(n) == entry.id)
            page = urls.entity(SYSTEM, "categorie-arme", category_id)
            links.append(Link(name, page, f"arme, {category.name.lower()}"))
    return tuple(links)


def sheet_number(value) -> str:
    return (
        str(value).replace(".", ",")
        if not hasattr(value, "denominator") or value.denominator == 1
        else f"{float(value):g}".replace(".", ",")
    )
