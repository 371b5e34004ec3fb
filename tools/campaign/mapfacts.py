"""Hand-written map facts of The Scheldt Campaign (our hex ids, XX = geo column + 3).

Every fact here is a judgement: the rulebook names places and terrain kinds but prints no
hex, and shared/geo/scheldt_campaign.json gives the modern shoreline only.  Each group
carries the "source" written into data/scheldt-campaign.json, and the reasons are in
docs/scenarios/scheldt-campaign.md ("How the map was derived").  Python 3, standard
library only; imported by gen.py.
"""

# ---------------------------------------------------------------------------------------
# Sea or land.  A hex is sea when its 37-point GSHHG water fraction is at least
# SEA_THRESHOLD, land otherwise, except for these overrides.
SEA_THRESHOLD = 0.6

LAND_FORCED = [
    {"hexes": ["0603"], "source": "rules 13.1.4, 13.3.3: Westkapelle is a town the 4th SSF lands next to; "
                                  "geo water {w} overridden to land",
     "verify": True},
    {"hexes": ["0702"], "source": "rules 13.1.4: Domburg is a town; geo water {w} overridden to land",
     "verify": True},
    {"hexes": ["0805"], "source": "rules 11.1.1, 13.1.4: Vlissingen is a town and a ferry end; "
                                  "geo water {w} overridden to land", "verify": True},
    {"hexes": ["1305"], "source": "rules 11.1.1: Hoedenskerke (Hoedekenskerke) is a ferry end; "
                                  "geo water {w} overridden to land", "verify": True},
    {"hexes": ["1206"], "source": "approximated: the South Beveland shore at Ellewoutsdijk and Baarland "
                                  "(156 Bde's landing of 26 Oct 1944); geo water {w} overridden to land",
     "verify": True},
    {"hexes": ["1606"], "source": "approximated: the drowned land of Saeftinghe, a tidal marsh in 1944 "
                                  "(flooded, not open water); geo water {w} overridden to land",
     "verify": True},
]

# ---------------------------------------------------------------------------------------
# Land masses.  Two adjacent land hexes of different land masses are separated by an
# estuary/sea ("water") hexside, except the links listed below.  Every land hex not
# listed belongs to the mainland (Flanders, Zeeuws-Vlaanderen and Brabant, which the
# Scheldt river, the canals and the Braakman divide but do not cut off).
LANDMASS = {
    "walcheren": ["0603", "0702", "0703", "0803", "0804", "0805", "0902", "0903", "0904"],
    "south_beveland": ["1004", "1005", "1103", "1104", "1105", "1204", "1205", "1206", "1303", "1304",
                       "1305", "1404", "1405", "1505", "1605", "1705"],
    "north_beveland": ["1003", "1102", "1203"],
    "schouwen": ["1301", "1401"],
    "tholen": ["1402", "1501", "1502", "1602", "1603", "1702", "1703"],
}
LANDMASS_SOURCE = {
    "walcheren": "approximated: Walcheren Island of 1944, the Sloe and the Veerse Gat open (both "
                 "reclaimed later; missing from GSHHG, geo approx_features)",
    "south_beveland": "approximated: South Beveland with the Beveland isthmus to the Kreekrak (rules "
                      "16.0 'Beveland Isthmus')",
    "north_beveland": "approximated: North Beveland, cut off by the Zandkreek and the Veerse Gat in 1944",
    "schouwen": "approximated: Schouwen-Duiveland (German-held, no rule uses it)",
    "tholen": "approximated: Tholen and Sint Philipsland, west of the Eendracht (WDBII level 4)",
}
# land links between land masses: (hexside, feature or None for plain land, source)
LANDMASS_LINKS = [
    (("0903", "1004"), "causeway",
     "rules 13.3.1: the Walcheren causeway (Sloedam), Arnemuiden-Middelburg to South Beveland; "
     "hexside approximated from the geo Sloe line"),
    (("1705", "1805"), None,
     "approximated: the Kreekrak dam, South Beveland's land link to Woensdrecht (1944)"),
    (("1705", "1806"), None,
     "approximated: the Bath-Ossendrecht polders on the north bank of the Scheldt"),
]
ISLANDS = ["north_beveland", "schouwen", "tholen"]

# ---------------------------------------------------------------------------------------
# Hexsides inside the mainland.
BRAAKMAN = {
    "hexsides": [["1007", "1107"], ["1008", "1107"]],
    "source": "rules 13.3.2 (the Pocket's eastern bound, column 10xx); the Braakman inlet, open in "
              "1944 (reclaimed 1952), between geo columns 7 and 8 = our 10 and 11",
    "verify": True,
}

# Leopold Canal: the hexsides crossed by the geo hand-placed line (shared/geo
# approx_features), extended to the Braakman head through the Isabella polder.
LEOPOLD_DOUBLE = {
    "hexsides": [["0407", "0408"], ["0408", "0507"], ["0507", "0508"], ["0508", "0608"],
                 ["0608", "0609"], ["0609", "0708"]],
    "source": "rules 13.3.4: west of Eede the Leopold Canal and the Canal de Derivation de la Lys run "
              "side by side (two canals, SC-AMB-59); hexsides from the geo Leopold Canal line "
              "(+-2.5 km), from the sea at Heist to Eede's western hexsides",
    "verify": True,
}
LEOPOLD_SINGLE = {
    "hexsides": [["0708", "0709"], ["0708", "0809"], ["0808", "0809"], ["0808", "0908"],
                 ["0907", "0908"], ["0908", "1008"]],
    "source": "rules 13.3.2: the Leopold Canal bounds the Breskens Pocket to the south; hexsides from "
              "the geo Leopold Canal line (+-2.5 km), east of Eede (single canal: the Derivation "
              "canal turns south at Balgerhoeke)",
    "verify": True,
}
LEOPOLD_END = {
    "hexsides": [["1008", "1009"], ["1008", "1108"]],
    "source": "approximated: the Leopold Canal's end at Boekhoute and the inundated Isabella polder to "
              "the Braakman head at Philippine, closing the Pocket (the geo line stops at 3.69 E)",
    "verify": True,
}

# Other canals and rivers: polylines (lat, lon) whose crossed hexsides get the feature
# (the method of shared/geo/tools/build.py), plus hand additions and removals.
LINES = [
    {"id": "ghent_terneuzen", "feature": "canal", "geo_feature_prefix": "Ghent-Terneuzen",
     "append": [[51.17, 3.80], [51.11, 3.78]],
     "source": "approximated: Ghent-Terneuzen canal, the geo hand-placed line (+-1 km) extended to the "
               "southern edge (Zelzate, Ghent)"},
    {"id": "beveland", "feature": "canal", "line": [[51.44, 4.0], [51.525, 3.995]],
     "add": [["1305", "1405"]],
     "source": "approximated: the South Beveland canal, Hansweert-Wemeldinge (4.00 E; not in WDBII), "
               "the German line across the isthmus in late October 1944"},
    {"id": "antwerp_turnhout", "feature": "canal",
     "line": [[51.236, 4.50], [51.265, 4.545], [51.30, 4.575], [51.33, 4.62], [51.345, 4.68],
              [51.35, 4.76], [51.332, 4.83], [51.318, 4.88], [51.31, 4.95], [51.295, 5.02],
              [51.265, 5.08], [51.245, 5.11], [51.235, 5.20]],
     "source": "approximated: the Antwerp-Turnhout canal (Dessel-Turnhout-Schoten canal: Schoten, "
               "Sint-Job, Sint-Lenaarts, Rijkevorsel, Beerse, Turnhout, towards Dessel; +-2 km; not "
               "in WDBII), rule 15.2 'the Turnhout Canal'"},
    {"id": "albert", "feature": "canal",
     "line": [[51.236, 4.50], [51.225, 4.53], [51.205, 4.60], [51.195, 4.66], [51.185, 4.73],
              [51.178, 4.83], [51.165, 4.93], [51.155, 5.0], [51.14, 5.1]],
     "add": [["1907", "1908"], ["1808", "1908"], ["1908", "2008"], ["2008", "2009"]],
     "source": "approximated: the Albert canal from the Antwerp docks by Merksem, Wijnegem and "
               "Grobbendonk to Herentals (+-2 km; not in WDBII); west of Schoten hand-placed north of "
               "both Antwerp hexes"},
    {"id": "mark_dintel", "feature": "river",
     "line": [[51.60, 4.775], [51.615, 4.765], [51.645, 4.72], [51.65, 4.62], [51.615, 4.53],
              [51.625, 4.46], [51.635, 4.37], [51.655, 4.32]],
     "remove": [["2402", "2501"]],
     "source": "approximated: the Mark and Dintel from Breda by Terheijden and Standdaarbuiten to "
               "Dintelsas (+-2 km; not in WDBII), the last German line in West Brabant (Nov 1944)"},
    {"id": "wilhelmina", "feature": "canal",
     "line": [[51.70, 4.87], [51.655, 4.88], [51.63, 4.94], [51.60, 5.02], [51.585, 5.07],
              [51.585, 5.20]],
     "source": "approximated: the Wilhelmina canal from Oosterhout by Dongen to north of Tilburg "
               "(+-2 km; not in WDBII)"},
]

SCHELDT_RIVER = {
    "hexsides": [["1706", "1806"], ["1706", "1807"], ["1707", "1807"], ["1707", "1808"], ["1708", "1808"],
                 ["1808", "1809"], ["1809", "1908"], ["1809", "1909"], ["1810", "1909"], ["1810", "1910"]],
    "source": "approximated: the Scheldt from Bath to Antwerp (geo hand-placed line, missing from GSHHG "
              "and WDBII) and at Antwerp (WDBII level 3); a river hexside, the estuary below Bath is "
              "water",
    "verify": True,
}

# ---------------------------------------------------------------------------------------
# Hex terrain.  Land is clear unless listed here.
POLDER = {
    "source": "approximated: polder (3.5) - Zeeland, Zeeuws-Vlaanderen, the Flemish coastal and "
              "Scheldt polders and the West Brabant polders, from general knowledge of the 1944 "
              "landscape",
    "hexes": [
        # Walcheren interior (13.3.3 turns these to flooded)
        "0703", "0803", "0804", "0902", "0904",
        # the islands
        "1003", "1102", "1203", "1301", "1401", "1402", "1501", "1502", "1602", "1603", "1702", "1703",
        # South Beveland
        "1004", "1005", "1103", "1104", "1105", "1204", "1205", "1206", "1303", "1304", "1305", "1404",
        "1405", "1505", "1605",
        # Breskens Pocket (those not flooded)
        "0407", "0507", "0606", "0608", "0706", "0707", "0708", "0806", "0807", "0906", "0907", "1007",
        # Flemish coastal polders south of the Leopold Canal
        "0408", "0409", "0508", "1009",
        # Zeeuws-Vlaanderen east of the Braakman and the Waasland polders
        "1107", "1108", "1207", "1208", "1306", "1307", "1308", "1406", "1407", "1408", "1506", "1507",
        "1607", "1608", "1706", "1707", "1708",
        # north bank of the Scheldt above Antwerp
        "1806", "1808",
        # West Brabant polders along the Volkerak and the Dintel
        "1701", "1801", "1802", "1901", "1902", "2001", "2002", "2101", "2201", "2301", "2401",
    ],
    "verify": True,
}
FLOODED = {
    "source": "approximated: inundated in October 1944 (German flooding of the Breskens Pocket's "
              "approaches, the Isabella polder, the Kreekrak isthmus and the Berendrecht polders; the "
              "drowned land of Saeftinghe); no data set has them",
    "hexes": ["0506", "0607", "0808", "1008", "1606", "1705", "1807"],
    "verify": True,
}
FOREST = {
    "source": "approximated: forest and heath of the Kempen and West Brabant (Kalmthout Heath, "
              "Brasschaat, Wouwse Plantage, Zoersel, Westmalle, the Mastbos, Chaam, Merksplas, Dorst, "
              "Ravels, Turnhout Vennen, Kasterlee, Loonse Duinen); the sample turn's German regiment "
              "north of Capellen is in a forest hex (TM 2)",
    "hexes": ["1904", "1905", "2006", "2008", "2104", "2208", "2307", "2403", "2503", "2505", "2603",
              "2608", "2706", "2707", "2801"],
    "verify": True,
}
FORTIFICATIONS = {
    "source": "approximated: rules 13.2.3 'printed on the map' - the Atlantic Wall batteries and strong "
              "points of Walcheren, the Breskens Pocket coast and South Beveland (the historic "
              "coastal battery sites)",
    "hexes": ["0407", "0603", "0606", "0702", "0703", "0804", "0805", "0806", "0902", "1206"],
    "verify": True,
}

# ---------------------------------------------------------------------------------------
# Named places.  (hex, name, settlement terrain or None, zone id or None, source)
# Rulebook spellings are kept (Rosendaal, Hoedenskerke, Merxem, Capellen, Brasschaet).
RULEBOOK_PLACES = [
    ("0407", "Knokke-zur-See", "town", "knokke", "rules 2.1 (the map's west end); geo place"),
    ("0708", "Eede", "village", "eede", "rules 13.3.4; geo place"),
    ("0806", "Breskens", "town", "breskens", "rules 11.1.1, 13.3.2; geo place"),
    ("0805", "Vlissingen", "town", "vlissingen", "rules 11.1.1, 13.1.4, 16.0; geo place"),
    ("0603", "Westkapelle", "village", "westkapelle", "rules 13.1.4; geo place"),
    ("0702", "Domburg", "village", "domburg", "rules 13.1.4; geo place"),
    ("1207", "Terneuzen", "town", "terneuzen", "rules 11.1.1; geo place"),
    ("1305", "Hoedenskerke", "village", "hoedenskerke", "rules 11.1.1 (printed spelling of "
                                                         "Hoedekenskerke); geo place"),
    ("2009", "Merxem", "town", "merxem", "rules sample turn (Merksem); geo place"),
    ("2007", "Capellen", "village", "capellen", "rules sample turn (Kapellen); geo place"),
    ("2008", "Brasschaet", "village", "brasschaet", "rules sample turn (Brasschaat); geo place"),
    ("2607", "Turnhout", "town", "turnhout", "rules 13.1.5, 15.2; geo place"),
    ("2402", "Breda", "city", "breda", "rules 14.2.1c; geo place"),
    ("2003", "Rosendaal", "town", "rosendaal", "rules 14.2.1c (Roosendaal); geo place"),
    ("2803", "Tilburg", "city", "tilburg", "rules 2.1, 14.2.1c; geo place"),
    ("1909", "Antwerp", "city", "antwerp", "rules 14.2.2g 'either Antwerp hex'; geo place"),
    ("1908", "Antwerp (docks)", "city", "antwerp", "rules 14.2.2g: Antwerp's second hex, the geo "
                                                   "next_nearest_hex on the docks side"),
]
OTHER_TOWNS = [
    ("0903", "Middelburg", "town", "middelburg", "approximated: Walcheren's capital (70 ID HQ); "
                                                 "place from general knowledge"),
    ("1204", "Goes", "town", "goes", "geo place; South Beveland's town"),
    ("1805", "Woensdrecht", "village", "woensdrecht", "geo place; the isthmus battle of October 1944"),
    ("1804", "Bergen op Zoom", "town", "bergen_op_zoom", "geo place"),
]
# names only (no terrain effect): first name given to a hex wins; places from general
# knowledge (+-1 km), placed with hexgeo.latlon_to_hex, or (name, hex) where the fit would
# put a place across water (Veere is on Walcheren, its centre falls in the Veerse Gat hex)
NAMES = [
    ("Veere", "0902"), ("Kamperland", "1003"),
    ("Middelburg", 51.499, 3.611), ("Zoutelande", 51.500, 3.483),
    ("Koudekerke", 51.482, 3.556), ("Ritthem", 51.455, 3.655), ("Oostkapelle", 51.567, 3.553),
    ("Sluis", 51.309, 3.386), ("Oostburg", 51.326, 3.488), ("Aardenburg", 51.273, 3.446),
    ("Cadzand", 51.369, 3.389), ("Groede", 51.382, 3.500), ("Schoondijke", 51.353, 3.553),
    ("IJzendijke", 51.322, 3.617), ("Biervliet", 51.325, 3.693), ("Hoofdplaat", 51.370, 3.660),
    ("Retranchement", 51.355, 3.340), ("Waterlandkerkje", 51.298, 3.575),
    ("Isabella Polder", 51.270, 3.725), ("Sas van Gent", 51.228, 3.798), ("Sluiskil", 51.279, 3.835),
    ("Axel", 51.267, 3.908), ("Hulst", 51.280, 4.052), ("Zelzate", 51.200, 3.810),
    ("Eeklo", 51.186, 3.566), ("Maldegem", 51.208, 3.446), ("Damme", 51.251, 3.282),
    ("Moerkerke", 51.247, 3.357), ("Assenede", 51.228, 3.751), ("Lissewege", 51.295, 3.195),
    ("Nieuwdorp", 51.483, 3.745), ("Borssele", 51.423, 3.735), ("Kapelle", 51.487, 3.960),
    ("Yerseke", 51.494, 4.051), ("Hansweert", 51.447, 4.000), ("Krabbendijke", 51.429, 4.115),
    ("Rilland", 51.418, 4.183), ("Kreekrak", 51.405, 4.225), ("Ellewoutsdijk", 51.387, 3.818),
    ("'s-Heerenhoek", 51.465, 3.775), ("Wolphaartsdijk", 51.525, 3.810), ("Kattendijke", 51.510, 3.950),
    ("Kortgene", 51.555, 3.806), ("Kats", 51.565, 3.870),
    ("Zierikzee", 51.650, 3.918), ("Oosterland", 51.650, 4.030), ("Tholen", 51.532, 4.221),
    ("Sint-Maartensdijk", 51.548, 4.077), ("Stavenisse", 51.590, 4.010),
    ("Sint Philipsland", 51.617, 4.100), ("Oud-Vossemeer", 51.573, 4.170),
    ("Scherpenisse", 51.545, 4.100), ("Poortvliet", 51.545, 4.145),
    ("Putte", 51.360, 4.395), ("Stabroek", 51.332, 4.372), ("Kalmthout Heath", 51.395, 4.450),
    ("Essen", 51.468, 4.469), ("Huijbergen", 51.437, 4.375), ("Wouwse Plantage", 51.47, 4.41),
    ("Ossendrecht", 51.395, 4.328), ("Berendrecht", 51.340, 4.315), ("Lillo", 51.305, 4.290),
    ("Doel", 51.311, 4.259), ("Kallo", 51.255, 4.282), ("Beveren", 51.212, 4.257),
    ("Kieldrecht", 51.292, 4.178), ("Saeftinghe", 51.360, 4.160), ("Nieuw-Namen", 51.35, 4.24),
    ("Zwijndrecht", 51.215, 4.330), ("Kruibeke", 51.17, 4.31), ("Hoboken", 51.17, 4.35),
    ("Schoten", 51.252, 4.501), ("Sint-Job", 51.298, 4.567), ("Wuustwezel", 51.390, 4.595),
    ("Brecht", 51.350, 4.638), ("Westmalle", 51.297, 4.690), ("Zoersel", 51.270, 4.710),
    ("Zundert", 51.470, 4.655), ("Rijsbergen", 51.518, 4.696), ("Etten-Leur", 51.571, 4.637),
    ("Hoeven", 51.580, 4.580), ("Oud-Gastel", 51.586, 4.459), ("Steenbergen", 51.585, 4.319),
    ("Halsteren", 51.529, 4.275), ("Wouw", 51.522, 4.390), ("Dinteloord", 51.635, 4.367),
    ("Fijnaart", 51.638, 4.470), ("Standdaarbuiten", 51.613, 4.513), ("Zevenbergen", 51.645, 4.605),
    ("Terheijden", 51.643, 4.753), ("Oosterhout", 51.645, 4.860), ("Hoogstraten", 51.400, 4.760),
    ("Rijkevorsel", 51.348, 4.760), ("Oostmalle", 51.300, 4.733), ("Merksplas", 51.358, 4.863),
    ("Beerse", 51.319, 4.857), ("Baarle-Nassau", 51.443, 4.930), ("Ulvenhout", 51.550, 4.800),
    ("Chaam", 51.505, 4.862), ("Gilze", 51.543, 4.940), ("Rijen", 51.590, 4.920),
    ("Dongen", 51.627, 4.939), ("Alphen", 51.483, 4.958), ("Poppel", 51.447, 5.040),
    ("Goirle", 51.521, 5.067), ("Ravels", 51.372, 5.000), ("Arendonk", 51.322, 5.083),
    ("Kasterlee", 51.241, 4.966), ("Herentals", 51.177, 4.836), ("Zandhoven", 51.215, 4.660),
    ("Lier", 51.131, 4.570), ("Sint-Niklaas", 51.165, 4.144), ("Stekene", 51.208, 4.036),
    ("Hilvarenbeek", 51.487, 5.137), ("Meer", 51.44, 4.74), ("Nispen", 51.483, 4.460),
    ("Loenhout", 51.405, 4.640), ("Wijnegem", 51.228, 4.518), ("Prinsenbeek", 51.60, 4.71),
    ("Teteringen", 51.61, 4.82), ("Riel", 51.52, 5.02), ("Kaatsheuvel", 51.66, 5.04),
    ("Oisterwijk", 51.58, 5.19), ("Retie", 51.27, 5.08), ("Weelde", 51.41, 4.99),
    ("Wortel", 51.40, 4.81), ("Galder", 51.53, 4.78), ("Minderhout", 51.42, 4.76),
    ("Ulicoten", 51.47, 4.86), ("Vosselaar", 51.31, 4.89), ("Lichtaart", 51.23, 4.92),
    ("Gierle", 51.27, 4.87), ("Pulderbos", 51.24, 4.70), ("Viersel", 51.19, 4.64),
    ("Ranst", 51.19, 4.56), ("Grobbendonk", 51.19, 4.73), ("Geel", 51.16, 4.99),
    ("Nijlen", 51.16, 4.67), ("Tielen", 51.24, 4.89), ("Dessel", 51.24, 5.11),
    ("Moergestel", 51.54, 5.18), ("Reusel", 51.36, 5.16), ("Mol", 51.19, 5.12),
    ("Lille", 51.24, 4.82),
    ("Sint-Laureins", 51.242, 3.525), ("Watervliet", 51.281, 3.634), ("Boekhoute", 51.256, 3.707),
    ("Westdorpe", 51.235, 3.830), ("Zuiddorpe", 51.235, 3.905), ("Koewacht", 51.225, 3.975),
    ("Moerbeke", 51.175, 3.930), ("Overslag", 51.20, 3.89), ("Wachtebeke", 51.17, 3.87),
    ("Kemzeke", 51.21, 4.07), ("Klinge", 51.275, 4.09), ("Graauw", 51.335, 4.10),
    ("Kloosterzande", 51.37, 4.01), ("Hengstdijk", 51.35, 4.00), ("Zaamslag", 51.31, 3.91),
    ("Hoek", 51.31, 3.77), ("Philippine", 51.287, 3.748), ("Ertvelde", 51.18, 3.75),
    ("Zomergem", 51.12, 3.56), ("Adegem", 51.21, 3.50), ("Middelburg (Flanders)", 51.25, 3.41),
    ("Oostkerke", 51.28, 3.28), ("Dudzele", 51.27, 3.23), ("Sijsele", 51.20, 3.33),
    ("Knesselare", 51.14, 3.41), ("Ursel", 51.15, 3.48), ("Lembeke", 51.18, 3.63),
    ("Bassevelde", 51.23, 3.68), ("Oosteeklo", 51.19, 3.69), ("Kaprijke", 51.22, 3.61),
    ("Sint-Gillis-Waas", 51.22, 4.12), ("Melsele", 51.22, 4.28), ("Burcht", 51.20, 4.34),
    ("Temse", 51.12, 4.21), ("Sinaai", 51.15, 4.04), ("Waasmunster", 51.11, 4.08),
    ("Lokeren", 51.10, 3.99), ("Deurne", 51.22, 4.465), ("Mortsel", 51.17, 4.46),
    ("Wommelgem", 51.21, 4.52), ("Boechout", 51.16, 4.50), ("Schilde", 51.24, 4.58),
    ("Halle", 51.25, 4.64), ("Vlimmeren", 51.30, 4.79), ("Tongerlo", 51.22, 4.92),
    ("Poederlee", 51.24, 4.97), ("Oud-Turnhout", 51.32, 4.98),
    ("Lommel", 51.23, 5.31), ("Hapert", 51.36, 5.25),
    ("Diessen", 51.47, 5.17), ("Udenhout", 51.61, 5.14), ("Loon op Zand", 51.63, 5.07),
    ("'s Gravenmoer", 51.66, 4.94), ("Made", 51.676, 4.794), ("Hooge Zwaluwe", 51.69, 4.74),
    ("Klundert", 51.664, 4.535), ("Willemstad", 51.69, 4.44), ("Heijningen", 51.65, 4.41),
    ("Kruisland", 51.57, 4.42), ("Lepelstraat", 51.55, 4.28), ("Achtmaal", 51.50, 4.59),
    ("Schijf", 51.55, 4.54), ("Sprundel", 51.53, 4.60), ("Rucphen", 51.53, 4.56),
    ("Achterbroek", 51.39, 4.52), ("Nieuwmoer", 51.43, 4.53), ("Wildert", 51.43, 4.47),
    ("Maria-ter-Heide", 51.30, 4.50), ("'s-Gravenwezel", 51.262, 4.558), ("Ekeren", 51.281, 4.418),
    ("Zandvliet", 51.360, 4.305), ("Hoogerheide", 51.424, 4.325), ("Kruiningen", 51.447, 4.032),
    ("Wemeldinge", 51.520, 4.000), ("Baarland", 51.400, 3.900), ("Arnemuiden", 51.502, 3.675),
    ("Vrouwenpolder", 51.585, 3.620), ("Dishoek", 51.475, 3.530), ("Heist", 51.338, 3.240),
    ("Colijnsplaat", 51.598, 3.848), ("Wissenkerke", 51.588, 3.743), ("Bath", 51.400, 4.210),
]
NAMES_SOURCE = "approximated: place from general knowledge (+-1 km), placed with hexgeo.latlon_to_hex"

# ---------------------------------------------------------------------------------------
# Roads of 1944 between towns: routed by gen.py over land near the straight line between
# consecutive "via" hexes (never into sea, never across water, never across the Leopold
# Canal, whose bridges were blown).
ROADS = [
    ("Vlissingen-Middelburg-causeway-Goes (the South Beveland road)",
     ["0805", "0903", "1004", "1204", "1304", "1405", "1505", "1605", "1705", "1805"]),
    ("Middelburg-Domburg", ["0903", "0803", "0702"]),
    ("Middelburg-Westkapelle", ["0903", "0703", "0603"]),
    ("Middelburg-Veere", ["0903", "0902"]),
    ("Goes-Hoedenskerke", ["1204", "1305"]),
    ("Antwerp-Ekeren-Capellen-Putte-Woensdrecht-Bergen op Zoom",
     ["1908", "2008", "2007", "1906", "1805", "1804"]),
    ("Bergen op Zoom-Rosendaal", ["1804", "1903", "2003"]),
    ("Bergen op Zoom-Steenbergen", ["1804", "1803", "1802"]),
    ("Capellen-Kalmthout-Essen-Rosendaal", ["2007", "2006", "2005", "2004", "2003"]),
    ("Antwerp-Merxem-Brasschaet-Wuustwezel-Zundert-Breda", ["1909", "2009", "2008", "2107", "2206",
                                                           "2304", "2303", "2402"]),
    ("Antwerp-Schoten-Oostmalle-Beerse-Turnhout", ["2009", "2108", "2208", "2408", "2507", "2607"]),
    ("Turnhout-Ravels-Poppel-Goirle-Tilburg", ["2607", "2706", "2805", "2804", "2803"]),
    ("Turnhout-Baarle-Nassau-Breda", ["2607", "2606", "2605", "2504", "2403", "2402"]),
    ("Breda-Rijen-Tilburg", ["2402", "2502", "2602", "2702", "2803"]),
    ("Rosendaal-Etten-Leur-Breda", ["2003", "2102", "2203", "2302", "2402"]),
    ("Rosendaal-Zevenbergen (to the Moerdijk bridges)", ["2003", "2102", "2201"]),
    ("Breda-Terheijden (to the Moerdijk bridges)", ["2402", "2401", "2301"]),
    ("Breda-Oosterhout", ["2402", "2501"]),
    ("Tilburg-Kaatsheuvel (north)", ["2803", "2802", "2801"]),
    ("Tilburg-Oisterwijk (east)", ["2803", "2903"]),
    ("Antwerp-Hoboken (south)", ["1909", "1910"]),
    ("Antwerp-Wijnegem-Herentals", ["2009", "2109", "2209", "2309", "2409", "2509"]),
    ("Knokke-Sluis-Oostburg-Schoondijke-Breskens", ["0407", "0507", "0607", "0707", "0807", "0806"]),
    ("Breskens-Groede-Cadzand", ["0806", "0706", "0606"]),
    ("Oostburg-Aardenburg-Eede", ["0707", "0608", "0708"]),
    ("Schoondijke-IJzendijke-Biervliet", ["0807", "0907", "1007"]),
    ("Terneuzen-Sluiskil-Sas van Gent-Zelzate", ["1207", "1208", "1108", "1109", "1110"]),
    ("Terneuzen-Axel-Hulst-Beveren-Antwerp (Waasland tunnel)",
     ["1207", "1307", "1308", "1408", "1508", "1609", "1709", "1809", "1909"]),
    ("Zelzate-Assenede-Eeklo-Maldegem-Damme", ["1109", "1009", "0910", "0810", "0709", "0609", "0509",
                                               "0409"]),
]
ROADS_SOURCE = ("approximated: main roads of 1944 between the towns (general knowledge; course "
                "routed over land near the straight line)")

# ---------------------------------------------------------------------------------------
# Set-up areas (historical front about 2 October 1944).  Allied bridgeheads north of the
# Antwerp-Turnhout canal; everything else north of it is German.
ALLIED_BRIDGEHEADS = ["2008", "2407", "2506", "2607", "2707"]
