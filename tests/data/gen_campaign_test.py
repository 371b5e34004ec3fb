#!/usr/bin/env python3
"""Writes tests/data/campaign-test.json: a small Scheldt Campaign scenario for the unit tests.

Every feature the rules test needs is here on a 10 x 8 map: the rulebook's Sample Allied
Player Turn (the Canadian 4th, the British 49th and 52nd around Capellen, a German regiment
in a forest with artillery behind it), Walcheren with its four 0/1/0 batteries and the
causeway, the Breskens Pocket with a fortification and the double canal, the two ferries,
polder and flooded ground with a road, Antwerp and the victory cities, and one counter of
every special kind.  Run it again after editing: python3 tests/data/gen_campaign_test.py
"""
import json, os

def hexes(*ids):
    return list(ids)

doc = {
    "ruleset": "campaign", "format": 1, "id": "campaign-test",
    "title": "Campaign test", "description": "a small map with every rule feature (tests only)",
    "sides": ["allied", "german"],
    "c2": {"allied": 7, "german": 4},
    "turns": {"count": 32, "first_player": "allied", "setup_order": ["allied", "german"]},
    "staff_markers": {"allied": {"G-1": 4, "G-2": 3, "G-3": 5, "G-4": 4},
                      "german": {"G-1": 3, "G-2": 3, "G-3": 3, "G-4": 3}},
    "terrain": [
        {"id": "clear", "name": "Clear", "mp": 1, "tm": 0, "flags": ["clear"]},
        {"id": "polder", "name": "Polder", "mp": 2, "tm": 1, "flags": ["polder"]},
        {"id": "flooded", "name": "Flooded", "mp": 3, "tm": 2, "flags": ["flooded"]},
        {"id": "forest", "name": "Forest", "mp": 2, "tm": 2, "source": "sample turn: TM 2"},
        {"id": "village", "name": "Village", "mp_add": 0, "tm_add": 1, "source": "10.5.5"},
        {"id": "town", "name": "Town", "mp_add": 0, "tm_add": 1, "flags": ["town"]},
        {"id": "city", "name": "City", "mp_add": 0, "tm_add": 2, "flags": ["city"]},
        {"id": "fortification", "name": "Fortification", "fortification": True},
        {"id": "sea", "name": "Sea", "prohibited": True, "flags": ["sea"]},
    ],
    "hexside_types": [
        {"id": "canal", "name": "Canal", "mp_add": 1, "tm": 1},
        {"id": "double_canal", "name": "Double canal", "mp_add": 1, "tm": 2},
        {"id": "river", "name": "River", "mp_add": 1, "tm": 1},
        {"id": "causeway", "name": "Causeway", "tm": 1, "flags": ["causeway"]},
        {"id": "estuary", "name": "Estuary", "prohibited": True, "flags": ["water"]},
    ],
    "map": {
        "grid": {"columns": [1, 10], "rows": [1, 8], "shifted_columns": "even", "id_digits": 2},
        "default_terrain": "clear",
        "hexes": [
            {"hex": "0303", "terrain": ["forest"]},
            {"hex": "0304", "terrain": ["clear", "town"], "name": "Capellen"},
            {"hex": "0201", "name": "Brasschaet NE"},
            {"hex": "0901", "terrain": ["polder", "town"], "name": "Westkapelle"},
            {"hex": "0902", "terrain": ["polder", "town"], "name": "Vlissingen"},
            {"hex": "1001", "terrain": ["clear", "town"], "name": "Domburg"},
            {"hex": "1002", "terrain": ["clear"]},
            {"hex": "0903", "terrain": ["sea"]},
            {"hex": "1003", "terrain": ["sea"]},
            {"hex": "0904", "terrain": ["clear", "town"], "name": "Breskens"},
            {"hex": "1004", "terrain": ["polder", "fortification"]},
            {"hex": "1005", "terrain": ["clear"]},
            {"hex": "0905", "terrain": ["polder"]},
            {"hex": "0805", "terrain": ["clear", "town"], "name": "Hoedenskerke"},
            {"hex": "0806", "terrain": ["clear", "town"], "name": "Terneuzen"},
            {"hex": "0605", "terrain": ["polder"]},
            {"hex": "0606", "terrain": ["polder"]},
            {"hex": "0607", "terrain": ["flooded"]},
            {"hex": "0507", "terrain": ["clear", "city"], "name": "Antwerp"},
            {"hex": "0508", "terrain": ["clear", "city"]},
            {"hex": "0706", "terrain": ["clear", "town"], "name": "Rosendaal"},
            {"hex": "0807", "terrain": ["clear", "town"], "name": "Breda"},
            {"hex": "1008", "terrain": ["clear", "city"], "name": "Tilburg"},
            {"hex": "0608", "terrain": ["clear", "town"], "name": "Turnhout"},
            {"hex": "0103", "terrain": ["clear", "village"]},
        ],
        "hexsides": [
            {"hexes": ["0801", "0901"], "features": ["causeway"], "road": True},
            {"hexes": ["0905", "0906"], "features": ["double_canal"]},
            {"hexes": ["1005", "1006"], "features": ["canal"]},
            {"hexes": ["0805", "0806"], "features": ["estuary"]},
            {"hexes": ["0802", "0803"], "features": ["estuary"]},
            {"hexes": ["0102", "0103"], "features": ["canal"]},
            {"hexes": ["0402", "0502"], "features": ["river"]},
        ],
        "roads": [{"path": ["0604", "0605", "0606", "0706"]}, {"path": ["0801", "0901"]}],
        "zones": [
            {"id": "walcheren", "name": "Walcheren", "hexes": hexes("0901", "0902", "1001", "1002")},
            {"id": "breskens_pocket", "name": "Breskens Pocket",
             "hexes": hexes("0904", "1004", "1005", "0905")},
            {"id": "antwerp", "name": "Antwerp", "hexes": hexes("0507", "0508")},
            {"id": "rosendaal", "name": "Rosendaal", "hexes": ["0706"]},
            {"id": "breda", "name": "Breda", "hexes": ["0807"]},
            {"id": "tilburg", "name": "Tilburg", "hexes": ["1008"]},
            {"id": "turnhout", "name": "Turnhout", "hexes": ["0608"]},
            {"id": "breskens", "name": "Breskens", "hexes": ["0904"]},
            {"id": "vlissingen", "name": "Vlissingen", "hexes": ["0902"]},
            {"id": "terneuzen", "name": "Terneuzen", "hexes": ["0806"]},
            {"id": "hoedenskerke", "name": "Hoedenskerke", "hexes": ["0805"]},
            {"id": "westkapelle", "name": "Westkapelle", "hexes": ["0901"]},
            {"id": "domburg", "name": "Domburg", "hexes": ["1001"]},
            {"id": "german_setup", "name": "German set-up",
             "hexes": hexes("0602", "0603", "0702", "0703")},
            {"id": "german_entry", "name": "German entry", "hexes": hexes("1007", "0908")},
            {"id": "allied_free", "name": "Allied free set-up",
             "hexes": [f"{c:02d}{r:02d}" for c in range(1, 6) for r in range(6, 9)]},
            {"id": "german_free", "name": "German free set-up",
             "hexes": [f"{c:02d}{r:02d}" for c in range(1, 8) for r in range(1, 4)
                       if f"{c:02d}{r:02d}" not in ("0303",)]},
        ],
    },
    "special": {
        "road_mp": 0.5, "walcheren": "walcheren", "breskens_pocket": "breskens_pocket",
        "antwerp": "antwerp", "victory_cities": ["rosendaal", "breda", "tilburg"],
        "ferries": [{"from": "breskens", "to": "vlissingen"},
                    {"from": "terneuzen", "to": "hoedenskerke"}],
    },
    "reinforcements": [
        {"id": "6FJ", "side": "german", "turns": [2, 32], "entry": {"zones": ["german_entry"]}},
        {"id": "para", "side": "allied", "kind": "parachute", "turns": [1, 32]},
        {"id": "ssf", "side": "allied", "kind": "ssf", "turns": [10, 20, 30],
         "towns": ["westkapelle", "domburg", "vlissingen"]},
        {"id": "51st", "side": "allied", "kind": "division_51", "turns": [4, 11],
         "entry": {"zones": ["turnhout", "antwerp"]}, "withdraw_turn": 12},
    ],
    "units": [],
    "setup": {
        "random_hits": [{"tf": "64", "dice": 1}],
        "scratch": {"initial_dice": 1, "per_g1": 1, "zones": ["german_setup"],
                    "entry": {"zones": ["german_entry"]}},
    },
    "free_setup": {"allied": {"zones": ["allied_free"]}, "german": {"zones": ["german_free"]}},
}

def hq(id, side, nat, setup, name=None):
    u = {"id": id, "side": side, "nationality": nat, "size": "XX", "kind": "hq", "setup": setup}
    if name:
        u["name"] = name
    return u

def tu(id, side, nat, size, typ, af, df, mf, setup, **kw):
    u = {"id": id, "side": side, "nationality": nat, "size": size, "type": typ,
         "af": af, "df": df, "mf": mf, "setup": setup}
    u.update(kw)
    return u

A, G = "allied", "german"
units = [
    # the Sample Allied Player Turn
    hq("4CAD", A, "canadian", {"hex": "0305"}, "4 Cdn Armd Div"),
    tu("10CIB", A, "canadian", "X", "motorized infantry", 6, 8, 4, {"tf": "4CAD"},
       classes=["infantry", "motorized"]),
    tu("4CAR", A, "canadian", "X", "artillery", 2, 2, 4, {"tf": "4CAD"}, range=3),
    hq("49", A, "british", {"hex": "0405"}, "49 (WR) Div"),
    tu("146", A, "british", "X", "infantry", 6, 8, 4, {"tf": "49"}, hits=1, classes=["infantry"]),
    tu("147", A, "british", "X", "infantry", 6, 8, 4, {"tf": "49"}, hits=1, classes=["infantry"]),
    hq("52", A, "british", {"box": True}, "52 (L) Div"),
    tu("157", A, "british", "X", "infantry", 5, 7, 4, {"hex": "0201"}, classes=["infantry"]),
    # special Allied units
    hq("79", A, "british", {"hex": "0107"}, "79 Armd Div detachments"),
    tu("Funnies", A, "british", "II", "armoured engineer", 2, 2, 5, {"tf": "79"},
       af_boxed=True, df_boxed=True, classes=["mechanized", "fragile"], special="funnies"),
    tu("APC", A, "canadian", "III", "apc", 0, 2, 6, {"tf": "79"}, af_boxed=True,
       df_boxed=True, classes=["mechanized", "fragile"], special="apc"),
    tu("9CIB", A, "canadian", "X", "infantry", 6, 8, 4, {"tf": "79"}, classes=["infantry"]),
    tu("5Aslt", A, "british", "III", "amphibious", 0, 2, 5, {"hex": "0801"}, af_boxed=True,
       df_boxed=True, classes=["mechanized"], special="assault_carrier"),
    tu("4SSB", A, "british", "X", "commando", 5, 5, 4, {"hex": "0801"}, classes=["infantry"]),
    tu("2AGRA", A, "canadian", "X", "artillery", 3, 3, 3, {"hex": "0106"}, range=3),
    hq("1Pol", A, "polish", {"hex": "0207"}, "1 Polish Armd Div"),
    tu("10PAB", A, "polish", "X", "armour", 6, 5, 6, {"tf": "1Pol"}, classes=["mechanized"]),
    hq("104US", A, "us", {"hex": "0408"}, "104 US Div"),
    tu("413", A, "us", "III", "infantry", 5, 7, 4, {"tf": "104US"}, classes=["infantry"]),
    tu("3Para", A, "british", "X", "parachute", 5, 6, 4, {"reinforcement": "para"},
       classes=["infantry"], special="parachute"),
    tu("5Para", A, "british", "X", "parachute", 5, 6, 4, {"reinforcement": "para"},
       classes=["infantry"], special="parachute"),
    tu("4SSF", A, "british", "X", "special forces", 5, 5, 4, {"reinforcement": "ssf"},
       classes=["infantry"], special="ssf"),
    hq("51", A, "british", {"reinforcement": "51st"}, "51 (H) Div"),
    tu("152", A, "british", "X", "infantry", 6, 8, 4, {"reinforcement": "51st", "tf": "51"},
       classes=["infantry"]),
    tu("153", A, "british", "X", "infantry", 6, 8, 4, {"reinforcement": "51st", "tf": "51"},
       classes=["infantry"]),
    tu("154", A, "british", "X", "infantry", 6, 8, 4, {"reinforcement": "51st", "tf": "51"},
       classes=["infantry"]),
    tu("51RA", A, "british", "X", "artillery", 2, 2, 4, {"reinforcement": "51st", "tf": "51"},
       range=3),
    # German
    tu("1037", G, "german", "III", "infantry", 3, 4, 3, {"hex": "0303"}, hits=1,
       classes=["infantry"]),
    tu("64AR", G, "german", "III", "artillery", 2, 2, 3, {"hex": "0503"}, range=2),
    hq("64", G, "german", {"hex": "0904"}, "64 Inf Div"),
    tu("1038", G, "german", "III", "infantry", 3, 4, 3, {"tf": "64"}, classes=["infantry"]),
    tu("1039", G, "german", "III", "infantry", 3, 4, 3, {"tf": "64"}, classes=["infantry"]),
    hq("70", G, "german", {"hex": "0702"}, "70 Inf Div"),
    tu("1018", G, "german", "III", "infantry", 2, 3, 3, {"tf": "70"}, classes=["infantry"]),
    tu("1019", G, "german", "III", "infantry", 2, 3, 3, {"tf": "70"}, classes=["infantry"]),
    tu("CA1", G, "german", "II", "coastal artillery", 0, 1, 0, {"hex": "0901"},
       classes=["coastal_artillery"]),
    tu("CA2", G, "german", "II", "coastal artillery", 0, 1, 0, {"hex": "0902"},
       classes=["coastal_artillery"]),
    tu("CA3", G, "german", "II", "coastal artillery", 0, 1, 0, {"hex": "1001"},
       classes=["coastal_artillery"]),
    tu("CA4", G, "german", "II", "coastal artillery", 0, 1, 0, {"hex": "1002"},
       classes=["coastal_artillery"]),
    tu("CA5", G, "german", "II", "coastal artillery", 2, 2, 0, {"hex": "1004"}, range=3,
       classes=["coastal_artillery"]),
    tu("CA6", G, "german", "II", "coastal artillery", 2, 2, 0, {"hex": "1005"}, range=3,
       classes=["coastal_artillery"]),
    tu("6FJ", G, "german", "III", "parachute", 4, 5, 4, {"reinforcement": "6FJ"},
       classes=["infantry", "elite"]),
]
for k, (af, df, mf) in enumerate([(1, 2, 3), (0, 2, 3), (1, 1, 3), (2, 2, 3), (1, 2, 2),
                                  (0, 1, 3)]):
    units.append(tu(f"SB{k + 1}", G, "german", "II", "scratch infantry", af, df, mf,
                    {"scratch": True}, classes=["scratch", "infantry"]))
doc["units"] = units
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "campaign-test.json")
with open(out, "w") as f:
    json.dump(doc, f, indent=1)
    f.write("\n")
