"""Order of battle, set-up and reinforcements of The Scheldt Campaign (our hex ids).

The rulebook prints no counter values and no set-up card (SC-AMB-02, SC-AMB-06).  Every
value below is chosen to agree with every number the text does give:
  * "6-8-4 brigades" of the veteran divisions (17.1);
  * 52 British and 104 US brigades/regiments "one point lower" (17.1, SC-AMB-65: 5-7-4);
  * the Polish brigades "at weaker strength than similar Allied units" (17.1);
  * "a 1-2-3 German infantry battalion" (10.5.2);
  * "0/1/0" coastal artillery, four of them on Walcheren (13.3.3, SC-AMB-11);
  * the sample turn: German regiment printed DF 4, Allied infantry brigades printed AF 6,
    one Allied and one German artillery unit each firing two dice (AF 2);
  * C2: Allied Task Forces at most 7, German at most 4, "some German Units must begin
    detached" (3.1, 4.0);
  * HQs have no factors (3.7).
docs/scenarios/scheldt-campaign.md ("Order of battle") gives the reason of each.
Python 3, standard library only; imported by gen.py.
"""

PH = "placeholder: counter values not in the text"
V17 = "values: rules 17.1 '6-8-4 brigades' of the veteran divisions"
V52 = "values: rules 17.1 'one point lower' than 6-8-4 (SC-AMB-65: 5-7-4, MF unchanged)"
VPOL = "values: rules 17.1 Polish brigades 'at weaker strength than similar Allied units' (placeholder)"
VART = "values: placeholder; the sample turn's artillery fires two dice (AF 2)"
VAGRA = "values: placeholder; corps/army artillery a little stronger and longer-ranged than divisional"
VGER = "values: placeholder; the sample turn's German regiment has a printed DF 4"
VFUS = "values: rules 10.5.2 'a 1-2-3 German infantry battalion'"
HIST = "historical OOB (First Canadian Army / German 15th Army, Oct-Nov 1944), general knowledge"


def hq(uid, name, side, nat, setup, typ="infantry", note=None, source=None):
    u = {"id": uid, "name": name, "side": side, "nationality": nat, "size": "XX", "kind": "hq",
         "type": typ, "setup": setup,
         "source": source or ("%s; HQs have no factors (rules 3.7)" % HIST), "verify": True}
    if note:
        u["note"] = note
    return u


def tac(uid, name, side, nat, size, typ, af, df, mf, setup, classes=None, source=None, note=None,
        rng=None, hits=None, af_boxed=False, df_boxed=False, special=None):
    u = {"id": uid, "name": name, "side": side, "nationality": nat, "size": size, "type": typ,
         "af": af, "df": df, "mf": mf}
    if af_boxed:
        u["af_boxed"] = True
    if df_boxed:
        u["df_boxed"] = True
    if rng is not None:
        u["range"] = rng
    if classes:
        u["classes"] = list(classes)
    if special:
        u["special"] = special
    if hits:
        u["hits"] = hits
    u["setup"] = setup
    u["source"] = source or PH
    u["verify"] = True
    if note:
        u["note"] = note
    return u


INF = ["infantry"]
MECH = ["mechanized"]
MOT_INF = ["infantry", "motorized"]

CDN_UNDER = ("set-up hits 1: the Canadian rifle companies were understrength after four months "
             "in action (rules 17.1; 4.0 'many units will set up with Hits')")


def allied_units():
    A, C, B, P, U = "allied", "canadian", "british", "polish", "us"
    out = []
    # ---- 2 Canadian Corps
    out.append(hq("2CID", "2 Cdn Inf Div", A, C, {"hex": "2008"},
                  note="north of Antwerp; 5 CIB took Brasschaat on 2-3 Oct 1944"))
    for b in ("4", "5", "6"):
        out.append(tac(b + "CIB", "%s Cdn Inf Bde" % b, A, C, "X", "infantry", 6, 8, 4, {"tf": "2CID"},
                       INF, "%s; %s" % (V17, HIST), CDN_UNDER, hits=1))
    out.append(tac("2CID_Arty", "2 Cdn Div Artillery", A, C, "X", "artillery", 2, 2, 4, {"tf": "2CID"},
                   None, VART + "; 4, 5, 6 Fd Regts RCA", rng=2))
    out.append(tac("2CAB", "2 Cdn Armd Bde", A, C, "X", "armour", 6, 6, 6, {"tf": "2CID"}, MECH,
                   "values: placeholder, an independent tank brigade a little weaker than 4 Cdn Armd Bde; "
                   + HIST, "its regiments supported 2 and 3 Cdn Inf Divs in the Scheldt"))
    out.append(hq("3CID", "3 Cdn Inf Div", A, C, {"hex": "0609"},
                  note="on the Leopold Canal south of Eede: 7 CIB crossed on 6 Oct 1944 (SWITCHBACK)"))
    for b in ("7", "8"):
        out.append(tac(b + "CIB", "%s Cdn Inf Bde" % b, A, C, "X", "infantry", 6, 8, 4, {"tf": "3CID"},
                       INF, "%s; %s" % (V17, HIST), CDN_UNDER, hits=1))
    out.append(tac("9CIB", "9 Cdn Inf Bde", A, C, "X", "infantry", 6, 8, 4, {"hex": "1207"}, INF,
                   "%s; %s" % (V17, HIST),
                   CDN_UNDER + "; at Terneuzen for the Braakman crossing (landed at Hoofdplaat 9 Oct)",
                   hits=1))
    out.append(tac("3CID_Arty", "3 Cdn Div Artillery", A, C, "X", "artillery", 2, 2, 4, {"tf": "3CID"},
                   None, VART + "; 12, 13, 14 Fd Regts RCA", rng=2))
    out.append(hq("4CAD", "4 Cdn Armd Div", A, C, {"hex": "0908"}, typ="armour",
                  note="held the Leopold Canal east of Eede until relieved in October"))
    out.append(tac("4CAB", "4 Cdn Armd Bde", A, C, "X", "armour", 7, 6, 6, {"tf": "4CAD"}, MECH,
                   "values: placeholder, the contract's example (docs/data-format-campaign.md); " + HIST))
    out.append(tac("10CIB", "10 Cdn Inf Bde", A, C, "X", "motorized_infantry", 6, 8, 5, {"tf": "4CAD"},
                   MOT_INF, "%s; MF 5 for the lorried brigade; %s" % (V17, HIST),
                   CDN_UNDER + "; the sample turn's 'Motorized Infantry brigade' of the Canadian 4th",
                   hits=1))
    out.append(tac("4CAD_Arty", "4 Cdn Armd Div Artillery", A, C, "X", "artillery", 2, 2, 5,
                   {"tf": "4CAD"}, None, VART + "; 15, 23 Fd Regts RCA (self-propelled: MF 5)", rng=2))
    out.append(tac("2CAGRA", "2 Cdn AGRA", A, C, "X", "artillery", 3, 2, 3, {"hex": "0810"}, None,
                   VAGRA + "; " + HIST, rng=3, note="supporting SWITCHBACK from Eeklo"))
    # ---- 1 British Corps
    out.append(hq("49", "49 (West Riding) Inf Div", A, B, {"hex": "2407"}, typ="infantry",
                  note="bridgehead over the Antwerp-Turnhout canal at Rijkevorsel (late Sept 1944)"))
    for b in ("56", "146", "147"):
        out.append(tac(b + "Bde", "%s Inf Bde" % b, A, B, "X", "infantry", 6, 8, 4, {"tf": "49"}, INF,
                       "%s; the sample turn's British infantry brigades have AF 6; %s" % (V17, HIST)))
    out.append(tac("49_Arty", "49 Div Artillery", A, B, "X", "artillery", 2, 2, 4, {"tf": "49"}, None,
                   VART, rng=2))
    out.append(tac("4AGRA", "4 AGRA", A, B, "X", "artillery", 3, 2, 3, {"hex": "2408"}, None,
                   VAGRA + "; the 1 British Corps AGRA (designation from general knowledge)", rng=3))
    out.append(tac("9AGRA", "9 AGRA", A, B, "X", "artillery", 3, 2, 3, {"hex": "2009"}, None,
                   VAGRA + "; army group artillery lent to 2 Cdn Corps (general knowledge)", rng=3))
    out.append(hq("1PAD", "1 Polish Armd Div", A, P, {"hex": "2506"}, typ="armour",
                  note="north of Turnhout at Merksplas, advancing on Baarle-Nassau (early Oct 1944)"))
    out.append(tac("10PACB", "10 Polish Armd Cav Bde", A, P, "X", "armour", 6, 5, 6, {"tf": "1PAD"},
                   MECH, VPOL + ": 6-5-6 against 4 Cdn Armd Bde's 7-6-6; " + HIST))
    out.append(tac("3PRB", "3 Polish Rifle Bde", A, P, "X", "motorized_infantry", 5, 6, 5,
                   {"tf": "1PAD"}, MOT_INF, VPOL + ": 5-6-5 against 10 Cdn Inf Bde's 6-8-5; " + HIST))
    out.append(tac("1PAD_Arty", "1 Polish Div Artillery", A, P, "X", "artillery", 2, 2, 5,
                   {"tf": "1PAD"}, None, VART + "; 1, 2 Polish Motorized Arty Regts", rng=2))
    # ---- 79 Armoured Division detachments, APC, at start
    out.append(tac("Funnies", "79 Armd Div 'Funnies'", A, B, "X", "armoured_engineer", 2, 1, 5,
                   {"tf": "3CID"}, MECH + ["fragile"],
                   "rules 13.1.1, 17.1 (a generic 79 Armd Div detachment); values placeholder: boxed "
                   "DF (does not fire in defence, SC-AMB-55), boxed AF (SC-2.2.1c), eliminated by any "
                   "hit (fragile)", af_boxed=True, df_boxed=True, special="funnies",
                   note="with 3 Cdn Inf Div: Crocodiles and Wasps supported the Leopold Canal assault"))
    out.append(tac("5ARRE", "5 Assault Regt RE", A, B, "III", "amphibious", 1, 2, 4, {"hex": "1207"},
                   MECH,
                   "rules 13.1.2, 17.1 (Terrapins and Buffaloes; group MF 4); values placeholder; class "
                   "mechanized per SC-AMB-45", af_boxed=True, special="assault_carrier",
                   note="at Terneuzen: its Buffaloes carried 9 CIB across the Braakman mouth on 9 Oct 1944"))
    out.append(tac("1CAPC", "1 Cdn APC Regt", A, C, "III", "apc", 1, 1, 6, {"hex": "1909"},
                   MECH + ["fragile"],
                   "rules 13.1.6, 17.1 (Kangaroos; not in the historical battle); values placeholder: "
                   "boxed AF and DF (SC-AMB-55), eliminated by any hit", af_boxed=True, df_boxed=True,
                   special="apc", note="set up in Antwerp (it served with 12 British Corps off-map)"))
    # ---- 52 (Lowland) Division: HQ starts empty in its box (the sample turn's "new TF HQ")
    out.append(hq("52", "52 (Lowland) Inf Div", A, B, {"box": True},
                  note="starts empty off the map; a G-1 places it on detached units (7.2.1, the sample "
                       "turn's second G-1); its brigades arrive as reinforcement group 52nd"))
    for b in ("155", "156", "157"):
        out.append(tac(b + "Bde", "%s Inf Bde" % b, A, B, "X", "infantry", 5, 7, 4,
                       {"reinforcement": "52nd"}, INF, "%s; %s" % (V52, HIST)))
    out.append(tac("52_Arty", "52 Div Artillery", A, B, "X", "artillery", 2, 2, 4,
                   {"reinforcement": "52nd"}, None, VART, rng=2))
    # ---- 104 US Infantry Division
    out.append(hq("104", "104 US Inf Div", A, U, {"reinforcement": "104th"},
                  note="'Timberwolves', attached to 1 British Corps from 23 Oct 1944"))
    for r in ("413", "414", "415"):
        out.append(tac(r, "%s Inf Regt" % r, A, U, "III", "infantry", 5, 7, 4,
                       {"reinforcement": "104th", "tf": "104"}, INF, "%s; %s" % (V52, HIST)))
    out.append(tac("104_Arty", "104 Div Artillery", A, U, "X", "artillery", 2, 2, 4,
                   {"reinforcement": "104th", "tf": "104"}, None, VART, rng=2))
    # ---- optional: 51 (Highland) Division, 13.1.5
    out.append(hq("51", "51 (Highland) Inf Div", A, B, {"reinforcement": "51st"},
                  source="rules 13.1.5 (the 51 XX TF HQ); HQs have no factors (rules 3.7)"))
    for b in ("152", "153", "154"):
        out.append(tac(b + "Bde", "%s Inf Bde" % b, A, B, "X", "infantry", 6, 8, 4,
                       {"reinforcement": "51st", "tf": "51"}, INF,
                       "rules 13.1.5 (152, 153, 154 infantry brigades); " + V17))
    out.append(tac("51_Arty", "51 Arty Bde", A, B, "X", "artillery", 2, 2, 4,
                   {"reinforcement": "51st", "tf": "51"}, None,
                   "rules 13.1.5 (the 51 artillery brigade); " + VART, rng=2))
    # ---- optional: parachute brigades 13.1.3, 4th SSF 13.1.4
    for b in ("3", "5"):
        out.append(tac(b + "Para", "%s Para Bde" % b, A, B, "X", "parachute", 5, 6, 4,
                       {"reinforcement": "para"}, INF,
                       "rules 13.1.3, 17.1 (3 and 5 Parachute Brigades of 6 Airborne Div); values "
                       "placeholder (light brigade of three battalions)", special="parachute"))
    out.append(tac("4SSF", "4th Special Service Force", A, B, "X", "commando", 6, 6, 4,
                   {"reinforcement": "ssf"}, INF,
                   "rules 13.1.4 (4 Special Service Brigade: 41, 47, 48 RM and 4 Army Commandos, "
                   "Westkapelle and Flushing, 1 Nov 1944); values placeholder", special="ssf"))
    return out


def german_units():
    G_, N = "german", "german"
    out = []

    def reg(uid, name, af, df, mf, setup, src=VGER, note=None, hits=None, classes=INF, typ="infantry",
            size="III"):
        out.append(tac(uid, name, G_, N, size, typ, af, df, mf, setup, classes,
                       "%s; %s" % (src, HIST), note, hits=hits))

    def arty(uid, name, setup, mf=2, note=None):
        out.append(tac(uid, name, G_, N, "III", "artillery", 2, 2, mf, setup, None,
                       VART + "; horse-drawn divisional artillery (MF 2); " + HIST, note, rng=2))

    # 64 Infantry Division: the Breskens Pocket
    out.append(hq("64", "64 Inf Div", G_, N, {"hex": "0707"},
                  note="Generalleutnant Eberding, the Breskens Pocket garrison"))
    for r in ("1037", "1038", "1039"):
        reg(r, "GR %s" % r, 3, 4, 3, {"tf": "64"})
    arty("164AR", "AR 164", {"tf": "64"})
    reg("64Fus", "Fus Btl 64", 1, 2, 3, {"hex": "0708"}, src=VFUS, size="II",
        note="detached: TF 64 is full (C2 4, rules 4.0); on the Leopold Canal at Eede")
    # 70 Infantry Division: Walcheren and South Beveland
    out.append(hq("70", "70 Inf Div", G_, N, {"hex": "0903"},
                  note="Generalleutnant Daser's 'stomach' division, Walcheren"))
    for r in ("1018", "1019"):
        reg(r, "GR %s" % r, 2, 4, 3, {"tf": "70"},
            src=VGER + "; AF 2 for the static division of invalids")
    arty("170AR", "AR 170", {"tf": "70"})
    reg("1020", "GR 1020", 2, 4, 3, {"hex": "1204"}, src=VGER + "; AF 2 for the static division",
        note="detached on South Beveland (Goes)")
    # KG Chill (85 Infantry Division)
    out.append(hq("85", "KG Chill (85 Inf Div)", G_, N, {"hex": "1805"},
                  note="Kampfgruppe Chill, the Woensdrecht-Bergen op Zoom sector"))
    for r in ("1053", "1054"):
        reg(r, "GR %s" % r, 3, 4, 3, {"tf": "85"})
    arty("185AR", "AR 185", {"tf": "85"})
    # 346 Infantry Division: north of Antwerp
    out.append(hq("346", "346 Inf Div", G_, N, {"hex": "1907"},
                  note="north of Antwerp, Stabroek-Capellen"))
    for r in ("857", "858"):
        reg(r, "GR %s" % r, 3, 4, 3, {"tf": "346"})
    arty("346AR", "AR 346", {"tf": "346"})
    reg("346Fus", "Fus Btl 346", 1, 2, 3, {"hex": "2007"}, src=VFUS, size="II",
        note="detached at Capellen")
    # 711 Infantry Division
    out.append(hq("711", "711 Inf Div", G_, N, {"hex": "2206"},
                  note="Wuustwezel-Loenhout, facing 2 Cdn and 49 Divs"))
    for r in ("731", "744"):
        reg(r, "GR %s" % r, 2, 4, 3, {"tf": "711"}, src=VGER + "; AF 2 for the mauled division")
    arty("1711AR", "AR 1711", {"tf": "711"})
    reg("711Fus", "Fus Btl 711", 1, 2, 3, {"hex": "2107"}, src=VFUS, size="II",
        note="detached at Sint-Job")
    # 719 Infantry Division
    out.append(hq("719", "719 Inf Div", G_, N, {"hex": "2406"},
                  note="Hoogstraten, facing 49 Div's Rijkevorsel bridgehead"))
    for r in ("723", "743"):
        reg(r, "GR %s" % r, 2, 4, 3, {"tf": "719"}, src=VGER + "; AF 2 for the static coastal division")
    arty("1719AR", "AR 1719", {"tf": "719"})
    # 245 Infantry Division
    out.append(hq("245", "245 Inf Div", G_, N, {"hex": "2505"},
                  note="north of Merksplas, facing 1 Polish Armd Div"))
    for r in ("935", "936", "937"):
        reg(r, "GR %s" % r, 2, 4, 3, {"tf": "245"}, src=VGER + "; AF 2 for the mauled division")
    arty("245AR", "AR 245", {"tf": "245"})
    # early reinforcements: 6FJ and HG (13.2.4, 17.2), assault guns
    reg("6FJ", "FJR 6 (von der Heydte)", 4, 5, 3, {"reinforcement": "6FJ"},
        src="rules 13.2.4, 17.2 (elite, early reinforcement, no G-1 recovery); values placeholder",
        classes=INF + ["elite"], typ="parachute", note="'a sharp but fragile tool' (17.2)")
    reg("HG", "Fs Ers Rgt Hermann Goering", 4, 4, 4, {"reinforcement": "HG"},
        src="rules 13.2.4, 17.2 (elite, early reinforcement, no G-1 recovery); values placeholder",
        classes=INF + ["elite", "motorized"], typ="parachute")
    out.append(tac("280StuG", "StuG Bde 280", G_, N, "II", "assault_gun", 3, 3, 5,
                   {"reinforcement": "280"}, MECH,
                   "placeholder: assault guns (mechanized, 9.1.4); " + HIST,
                   "reached Woensdrecht in October 1944 with KG Chill"))
    # coastal artillery (13.2.1): ten units, always detached
    ca = [
        ("CA_Westkapelle", "Btty Westkapelle (W15)", "0603", None),
        ("CA_Domburg", "Btty Domburg (W17)", "0702", None),
        ("CA_Zoutelande", "Btty Zoutelande (W13)", "0703", None),
        ("CA_Vrouwenpolder", "Btty Vrouwenpolder (W19)", "0902", None),
        ("CA_Dishoek", "Btty Dishoek (W11)", "0804", (2, 3, 2)),
        ("CA_Vlissingen", "Btties Vlissingen", "0805", (3, 3, 3)),
        ("CA_Breskens", "Btty Fort Frederik Hendrik", "0806", (2, 3, 3)),
        ("CA_Cadzand", "Btty Cadzand", "0606", (2, 2, 2)),
        ("CA_Knokke", "Btty Kaiser Wilhelm II", "0407", (2, 2, 2)),
        ("CA_Ellewoutsdijk", "Btty Ellewoutsdijk", "1206", (1, 2, 2)),
    ]
    for uid, name, h, v in ca:
        if v is None:
            out.append(tac(uid, name, G_, N, "II", "coastal_artillery", 0, 1, 0, {"hex": h},
                           ["coastal_artillery"],
                           "rules 13.3.3 'the four 0/1/0 coastal artillery units on the island' "
                           "(AF 0, DF 1, MF 0, no range: SC-AMB-11); battery site from general knowledge",
                           "Walcheren: destroyed on 5-6 when the dikes are broken (13.3.3)"))
        else:
            af, rng, df = v
            out.append(tac(uid, name, G_, N, "II", "coastal_artillery", af, df, 0, {"hex": h},
                           ["coastal_artillery"],
                           "rules 13.2.1 'some of them may be used as artillery units' (an AF and a "
                           "range, SC-AMB-11); values placeholder; battery site from general knowledge",
                           rng=rng))
    # scratch battalions (13.2.2): 25, values around the 1-2-3 battalion, types for variety
    scratch = [
        ("Marine-Btl 1", "naval_infantry", 1, 2, 2), ("Marine-Btl 2", "naval_infantry", 1, 2, 2),
        ("Lw Feld-Btl 1", "luftwaffe_infantry", 1, 2, 3), ("Lw Feld-Btl 2", "luftwaffe_infantry", 1, 1, 3),
        ("Ost-Btl 1 (Georgian)", "ost_infantry", 1, 2, 3), ("Ost-Btl 2", "ost_infantry", 0, 1, 3),
        ("Sicherungs-Btl", "security", 1, 2, 3), ("Landesschuetzen-Btl", "security", 0, 2, 2),
        ("Festungs-Btl 1", "fortress", 1, 3, 1), ("Festungs-Btl 2", "fortress", 1, 3, 1),
        ("Flak-Abt 1", "flak", 2, 2, 2), ("Flak-Abt 2", "flak", 2, 1, 2),
        ("Alarm-Btl 1", "infantry", 1, 1, 3), ("Alarm-Btl 2", "infantry", 1, 2, 3),
        ("Marsch-Btl 1", "infantry", 2, 2, 3), ("Marsch-Btl 2", "infantry", 1, 2, 3),
        ("Pionier-Btl", "engineer", 2, 2, 3), ("Artillerie-Btl (inf)", "artillery_infantry", 0, 1, 2),
        ("Feldgendarmerie", "police", 1, 1, 3), ("Flemish SS Btl", "infantry", 1, 2, 3),
        ("Landstorm Nederland", "infantry", 1, 2, 3), ("Kriegsmarine Btl", "naval_infantry", 0, 2, 2),
        ("Lw Bodenpersonal", "luftwaffe_infantry", 0, 1, 3), ("Radfahr-Btl", "bicycle", 1, 1, 4),
        ("Grenadier-Btl (rest)", "infantry", 2, 3, 3),
    ]
    for i, (name, typ, af, df, mf) in enumerate(scratch, 1):
        out.append(tac("SB%02d" % i, name, G_, N, "II", typ, af, df, mf, {"scratch": True}, ["scratch"],
                       "rules 13.2.2, 17.2 (25 scratch battalions, unknown values); values placeholder "
                       "varied around the 1-2-3 battalion of 10.5.2; the type is for variety only"))
    return out


def units():
    return allied_units() + german_units()


STAFF_MARKERS = {
    "allied": {"G-1": 4, "G-2": 3, "G-3": 5, "G-4": 4},
    "german": {"G-1": 4, "G-2": 2, "G-3": 3, "G-4": 3},
}
STAFF_SOURCE = ("placeholder (SC-AMB-03): the mix is not in the text. Allied 16 markers, at least the "
                "sample turn's two G-1, three G-3 and two G-4 in one hand; German 12, 'a slightly "
                "different mix' (17.2): one fewer G-2 (no air reconnaissance), a G-1 more than G-2 for "
                "scratch battalions and recovery")

RANDOM_HITS = [
    ("64", 1, 0), ("70", 1, 0), ("85", 1, 1), ("245", 1, 1), ("346", 1, 1), ("711", 1, 1), ("719", 1, 0),
]
RANDOM_HITS_SOURCE = ("rules 4.0, 17.2 'every German division is significantly understrength'; "
                      "placeholder (SC-AMB-02): 1D6 per Task Force, 1D6+1 for the divisions mauled in "
                      "the retreat from France (85, 245, 346, 711)")

SCRATCH = {"initial_dice": 2, "per_g1": 2, "zones": ["german_setup"],
           "entry": {"zones": ["german_entry"]},
           "source": "rules 13.2.2, 17.2 'a large collection'; placeholder (SC-AMB-04): 2D6 at the start "
                     "(seven on average of the 25), two more per G-1"}

REINFORCEMENTS = [
    {"id": "6FJ", "side": "german", "turns": [2, 32], "entry": {"zones": ["german_entry"]},
     "source": "rules 13.2.4, 17.2 'arrive as reinforcements early in the game'; turn placeholder "
               "(FJR 6 reached Woensdrecht about 8-10 Oct 1944)"},
    {"id": "HG", "side": "german", "turns": [5, 32], "entry": {"zones": ["german_entry"]},
     "source": "rules 13.2.4, 17.2; turn placeholder (KG Hermann Goering reached Woensdrecht about "
               "13-16 Oct 1944)"},
    {"id": "280", "side": "german", "turns": [3, 32], "entry": {"zones": ["german_entry"]},
     "source": "placeholder: StuG Bde 280 with KG Chill from about 7 Oct 1944"},
    {"id": "52nd", "side": "allied", "turns": [9, 32], "entry": {"zones": ["antwerp", "allied_entry"]},
     "source": "rules 17.1 (52 Div's first action was the Scheldt); turn placeholder (in the line from "
               "about 16-20 Oct 1944); the brigades arrive detached, the empty 52 HQ joins them by "
               "G-1 (7.2.1b, the sample turn)"},
    {"id": "104th", "side": "allied", "turns": [15, 32], "entry": {"zones": ["antwerp", "allied_entry"]},
     "source": "rules 17.1; turn placeholder (took over from 1 British Corps north of Antwerp on "
               "23-25 Oct 1944)"},
    {"id": "para", "side": "allied", "kind": "parachute", "turns": [1, 32],
     "source": "rules 13.1.3 (optional; one G-1 per brigade, any clear hex)"},
    {"id": "ssf", "side": "allied", "kind": "ssf", "turns": [10, 20, 30],
     "towns": ["westkapelle", "domburg", "vlissingen"], "source": "rules 13.1.4"},
    {"id": "51st", "side": "allied", "kind": "division_51", "turns": [4, 11],
     "entry": {"zones": ["turnhout", "antwerp"]}, "withdraw_turn": 12,
     "source": "rules 13.1.5 (turns 4 to 12, forced withdrawal at the beginning of turn 12: SC-AMB-52)"},
]


def turn_labels():
    """32 turns of one to two days (5.0): two days, then one, from 2 Oct 1944 (48 days to
    18 Nov 1944, after the historical end on Walcheren, 8 Nov)."""
    import datetime
    month = {10: "Oct", 11: "Nov", 12: "Dec"}
    d = datetime.date(1944, 10, 2)
    out = []
    for t in range(1, 33):
        n = 2 if t % 2 == 1 else 1
        e = d + datetime.timedelta(days=n - 1)
        if n == 1:
            out.append("%d %s" % (d.day, month[d.month]))
        elif d.month == e.month:
            out.append("%d-%d %s" % (d.day, e.day, month[d.month]))
        else:
            out.append("%d %s-%d %s" % (d.day, month[d.month], e.day, month[e.month]))
        d = e + datetime.timedelta(days=1)
    return out
