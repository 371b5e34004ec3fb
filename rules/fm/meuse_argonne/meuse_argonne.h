/*
 * meuse_argonne.h -- internals of the Meuse Argonne: The Final Offensive
 * exclusive rules (rulebook 10.0-19.0 over the version 8 system rules), the
 * F&M module "meuse_argonne": `const struct fm_module meuse_argonne_module`,
 * listed in rules/fm/modules.c and selected by a scenario's "exclusive":
 * {"module": "meuse_argonne", ...}.  docs/scenarios/meuse-argonne.md
 * documents that object and every data decision (AMB-76..109, AMB-150..).
 *
 * What the module owns so far is the scenario's data: the system format
 * carries what it can say (the map and its trench hexes, which block Allied
 * ZOC through the terrain's blocks_zoc_of; the Integrated CRT; the counters
 * and their set-up areas; the turn track; the support fire markers; the
 * Sedan victory check), and the "exclusive" object the rest (the Artillery
 * Track and the bombardment chart of 17.0, gas, aircraft, H-Hour, the
 * three-step divisions and their brigade chits, replacements, the reserve's
 * set-up limit, the Lost Battalion, German combat experience, the Allied
 * +1 MP into Fortification hexes).  Of the exclusive rules' behaviour, the
 * set-up limit, replacements, three-step divisions and brigades are written
 * (units.c, replace.c, setup.c); the rest plays by the system rules so far.
 *
 * Files (one purpose each):
 *   meuse_argonne.c  the hooks table, the game options (MA_O_*), the module
 *                    state in g->ex (struct ma_state: init, snapshot,
 *                    restore) and the helpers the other files share
 *   data.c           the "exclusive" object: parsing into struct ma_data, every
 *                    finding with its JSON path ($.exclusive...)
 *   terrain.c        14.0: the trench hexes on the CRT, their block of Allied
 *                    ZOC, the Fortification +1 MP (crt_terrain_ignored,
 *                    zoc_unblocked, move_step)
 *   special.c        18.1 the Lost Battalion, 18.2 German combat experience,
 *                    12.1 entering Sedan (verbs, before_roll, settle, victory)
 *   lint.c           consistency checks of the facts the exclusive rules rely
 *                    on (the Stellung one line from edge to edge, the set-up
 *                    areas on the right side of it, Sedan and Verdun fortresses,
 *                    the entry towns on their edges, the track within 12 markers)
 *   units.c          three-step divisions and their brigade (13.1), breakdown,
 *                    stacked brigades acting as one unit (13.2), no German
 *                    breakdown (13.3): hooks unit_eliminated, may_share, group
 *   replace.c        replacements (11.3, 11.6) and the return of broken-down
 *                    divisions (13.2-09): verbs replace, rebuild; end_forfeit
 *   setup.c          the reserve's set-up limit (19.5): hook place_check
 *
 * Invariants:
 *   - struct ma_data (sc->ex_data) is built once at load and never changes;
 *     every per-hex fact is a flag in hexf[], every hexside fact in sidef[],
 *     every per-unit fact in unitf[];
 *   - a terrain or hexside type is known by its flags (a type whose id is the
 *     flag's name counts as flagged): "stellung", "tier2", "fortification",
 *     "trench", "fortress", "woods", "rise", "town"; "meuse", "river";
 *   - every finding names its rule (MA-...) or decision (AMB-...).
 */
#ifndef RULES_FM_MEUSE_ARGONNE_H
#define RULES_FM_MEUSE_ARGONNE_H

#include "rules/fm/fm_int.h"

#define MA_MAX_THREE    8    /* three-step divisions (13.1: four) */
#define MA_MAX_BRIGADES 24   /* brigade chits */
#define MA_MAX_RESERVE  16   /* German reserve divisions (19.5: four) */
#define MA_MAX_HEXES    1024 /* hexes of a Meuse map (the game state keeps a bit per hex) */
#define MA_MAX_PLACED   16   /* bombardment markers of one player turn (the track: at most 12) */
#define MA_MAX_AIR      8    /* aircraft markers (exclusive.aircraft.count) */

/* per hex (ma_data.hexf): terrain ... */
#define MA_HF_STELLUNG      0x00000001u /* a Stellung hex (14.2) */
#define MA_HF_TIER2         0x00000002u /* a 2nd Tier Trench hex (14.2) */
#define MA_HF_FORTIFICATION 0x00000004u /* a Fortification hex (14.2, 14.3) */
#define MA_HF_FORTRESS      0x00000008u /* Sedan, Verdun: never breached (14.2) */
#define MA_HF_WOODS         0x00000010u /* woods: the forest of 11.3, 18.1 */
#define MA_HF_RISE          0x00000020u /* a rise (14.1) */
#define MA_HF_TOWN          0x00000040u /* a town (19.6, the bombardment chart) */
#define MA_HF_TRENCH        (MA_HF_STELLUNG | MA_HF_TIER2 | MA_HF_FORTIFICATION)
/* ... and the areas of the rules (exclusive.zones) */
#define MA_HF_STELLUNG_ZONE 0x00000100u /* 19.4 set-up: the Stellung hexes */
#define MA_HF_ALLIED_SETUP  0x00000200u /* 11.2: south of the Stellung line */
#define MA_HF_GERMAN_SETUP  0x00000400u /* 11.5: in or north of the Stellung line */
#define MA_HF_RESERVE       0x00000800u /* 19.5: north of the Stellung line */
#define MA_HF_ALLIED_ENTRY  0x00001000u /* 19.3: the southern edge */
#define MA_HF_ALLIED_REPL   0x00002000u /* 11.3: map edge south of the Stellung */
#define MA_HF_GERMAN_ENTRY  0x00004000u /* 19.6: towns on the northern and eastern edges */
#define MA_HF_GERMAN_REPL   0x00008000u /* 11.6: northern and eastern map edge */
#define MA_HF_ARGONNE       0x00010000u /* 10.1: the Argonne Forest */
#define MA_HF_TIER2_ZONE    0x00020000u /* the 2nd Tier Trench hexes */
#define MA_HF_FORT_ZONE     0x00040000u /* the Fortification hexes */

/* per hexside slot (ma_data.sidef) */
#define MA_SF_MEUSE  0x01u /* the Meuse River (CRT 'Fortification, Meuse River') */
#define MA_SF_RIVER  0x02u /* another river (CRT '2nd Tier Trench, River, Rise') */
#define MA_SF_TRENCH 0x04u /* a trench line's zigzag hexside (14.2) */

/* per unit (ma_data.unitf) */
#define MA_UF_THREE_STEP 0x01u /* US 4th, 32nd, 33rd, 79th (13.1) */
#define MA_UF_BRIGADE    0x02u /* a US brigade chit (13.1, 13.2) */
#define MA_UF_RESERVE    0x04u /* a German reserve division (19.5) */

/* The areas exclusive.zones names (index into ma_data.zone). */
enum ma_zone {
	MA_Z_STELLUNG,
	MA_Z_TIER2,
	MA_Z_FORTIFICATION,
	MA_Z_ALLIED_SETUP,
	MA_Z_GERMAN_SETUP,
	MA_Z_GERMAN_RESERVE,
	MA_Z_ALLIED_ENTRY,
	MA_Z_ALLIED_REPL,
	MA_Z_GERMAN_ENTRY,
	MA_Z_GERMAN_REPL,
	MA_Z_ARGONNE,
	MA_Z_COUNT
};

/* A side's replacements (11.3, 11.6). */
struct ma_repl {
	int per_turn; /* one per movement phase (Allied), or 0 */
	int per_game; /* once per game (German), or 0 */
	int rebuilds; /* depleted units one replacement rebuilds */
	int full;     /* 1: an eliminated unit returns at full strength; 0: depleted */
	int brigades; /* 1: may return brigade chits */
};

/* The scenario's exclusive facts, built by data.c (sc->ex_data). */
struct ma_data {
	int allied, german; /* side indexes */
	int sedan, verdun;  /* hexes (12.1; the fortresses of the CRT) */
	int zone[MA_Z_COUNT];
	/* 15.2 H-Hour (AMB-78) */
	int hh_turn;
	int hh_bombard; /* 1: the Allied turn begins with the bombardment step, 0: combat */
	/* 14.2, 17.6 */
	uint32_t trench_terrain; /* terrain types that are trench hexes */
	int trench_side;         /* the side that benefits (German) */
	int breachable;
	/* 14.3 */
	int fort_terrain, fort_side, fort_mp_half;
	/* 17.0 artillery bombardment */
	int art_markers;                                 /* 11.1: 12 */
	int8_t art_track[FM_MAX_TURNS + 1][RULES_SIDES]; /* by turn, by side */
	int art_per_unit;                                /* 17.2: 2 */
	uint8_t art_hit[8];                              /* [roll] 1 if a modified roll 1..6 hits */
	int art_german_mod;                              /* +1 */
	int8_t art_terrain[RULES_MAP_TERRAIN];           /* the chart's terrain modifier per type */
	uint32_t art_terrain_given;
	int art_observe; /* 17.3: observation range (1: adjacent) */
	int art_support; /* 1 if support fire markers may also bombard (AMB-80: 0) */
	int art_retreat; /* 17.5: hexes a hit unit may retreat instead (1) */
	/* 17.7 gas */
	int gas_side, gas_mod;
	uint8_t gas_turn[FM_MAX_TURNS + 1];
	/* 17.3 aircraft */
	int air_side, air_count, air_range, air_mod, air_per_hex;
	/* 13.1, 13.2 */
	int nthree, nbrig, stack_max;
	int16_t three[MA_MAX_THREE];
	int16_t brig[MA_MAX_BRIGADES];
	/* 11.3, 11.6 */
	struct ma_repl repl[RULES_SIDES];
	uint32_t repl_barred_terrain; /* no rebuild of a unit in these types (forest) */
	/* 19.5 */
	int nreserve, reserve_apart;
	int16_t reserve[MA_MAX_RESERVE];
	/* 18.1 */
	int lb_side, lb_uses, lb_line;
	uint32_t lb_terrain;
	/* 18.2 */
	int ce_side, ce_to;
	uint8_t ce_from[FM_R_COUNT];
	int count;      /* hexes */
	uint32_t *hexf; /* MA_HF_* per hex */
	uint8_t *sidef; /* MA_SF_* per hexside slot */
	uint8_t *unitf; /* MA_UF_* per unit */
};

/* The module's game options (`new meuse-argonne key=value`), g->opt.ex[MA_O_*]: each is
 * the config key of the checklist's decision (docs/scenarios/meuse-argonne.md).  The
 * decisions the scenario's data already carries (the H-Hour start, AMB-78: exclusive.h_hour;
 * the hit retreat, AMB-76: artillery.hit_retreat_hexes 0 or 1) are not options. */
enum ma_opt {
	MA_O_RETREAT_CANCELS,  /* ma.hit_retreat_cancels all|one (AMB-77) */
	MA_O_ALLIED_IN_TRENCH, /* ma.allied_in_trench_bombardment literal|no_benefit (AMB-84) */
	MA_O_TRENCH_ZOC,       /* ma.trench_blocks_allied_zoc (AMB-86) */
	MA_O_FORT_EZOC,        /* ma.fort_ezoc_rule allied_only|none (AMB-88) */
	MA_O_BREACH_FORT_MP,   /* ma.breach_removes_fort_mp (AMB-89) */
	MA_O_D1_ADVANCE,       /* ma.d1_allows_advance (AMB-93) */
	MA_O_FORTRESS_ALLIED,  /* ma.allied_fortress_benefit (AMB-106) */
	MA_O_COUNT
};

/*
 * The module's game state, in g->ex: plain data, no pointers (copying the game copies
 * it).  Each part of the exclusive rules keeps its own member; snapshot() and restore()
 * (meuse_argonne.c) write and read every member.
 */
struct ma_state {
	uint8_t breached[MA_MAX_HEXES / 8]; /* 17.6: bit per hex, for the rest of the game */
	/* 18.1, 18.2, 12.1 (special.c) */
	uint8_t lb_used;   /* Lost Battalion declarations made */
	int16_t lb_target; /* the battle hex it was last declared for, -1 */
	uint8_t lb_now;    /* declared for the current battle */
	uint8_t lb_asked;  /* the German player decided for the current battle */
	uint8_t ce_def;    /* bit k: b.def[k] took the one-hex retreat of combat experience */
	uint8_t sedan;     /* an Allied unit entered Sedan (12.1) */
	/* units.c, replace.c (13.2, 11.3, 11.6) */
	uint8_t broken[MA_MAX_THREE];      /* 13.2: ma_data.three[k] was broken down */
	int16_t repl_turn[RULES_SIDES];    /* 11.3: the turn of the side's last replacement, 0 */
	uint8_t repl_in_turn[RULES_SIDES]; /* replacements the side used in that turn */
	uint8_t repl_total[RULES_SIDES];   /* 11.6: replacements the side used in the game */
	/* 17.0 bombardment (bombard.c): the active player turn's markers and aircraft, cleared
	 * at the end of each player turn (unused markers are lost, aircraft go back, AMB-81) */
	uint8_t art_used;              /* markers placed this player turn (17.1) */
	uint8_t art_fired;             /* 1: this player turn's markers were resolved (17.2) */
	uint8_t art_next;              /* the next placed marker to resolve */
	uint8_t nplaced;               /* markers placed, in placement order (17.2, AMB-77) */
	int16_t placed[MA_MAX_PLACED]; /* their target hexes */
	uint8_t gas[MA_MAX_PLACED];    /* 1: gas declared on that marker's hex (17.7, AMB-83) */
	uint8_t result[MA_MAX_PLACED]; /* MA_ART_* */
	uint8_t nair;                  /* aircraft placed this Allied player turn (17.3) */
	int16_t air[MA_MAX_AIR];       /* their hexes */
	int16_t
	    hit_hex; /* 17.5: the hex whose owner chooses hits or a retreat (FM_AW_MODULE), -1 */
};

/* A placed bombardment marker's outcome (ma_state.result). */
enum ma_art_result { MA_ART_PENDING, MA_ART_NONE, MA_ART_HIT, MA_ART_BREACH, MA_ART_BOTH };

/* The modifiers of one bombardment roll (Artillery Bombardment Modifiers). */
struct ma_art_mod {
	int terrain;      /* the highest terrain modifier of the hex (MA-BMOD-10, 11) */
	int terrain_type; /* the terrain type that gives it, -1: clear */
	int gas, aircraft, german;
	int total;
};

extern const struct fm_module meuse_argonne_module;

/* meuse_argonne.c: the module's data, state and options. */
const struct ma_data *ma__data(const struct fm_game *g);
struct ma_state *ma__state(struct fm_game *g);
const struct ma_state *ma__cstate(const struct fm_game *g);
int ma__opt(const struct fm_game *g, enum ma_opt o);
/* 1 if hex has any of the MA_HF_* flags. */
int ma__hex_is(const struct fm_game *g, int hex, uint32_t flags);
/* 1 if unit has any of the MA_UF_* flags. */
int ma__unit_is(const struct fm_game *g, int unit, unsigned flags);
/* terrain.c (14.0): the CRT, ZOC and movement effects of the trench hexes. */
uint32_t ma__crt_terrain_ignored(const struct fm_game *g, int hex);
int ma__zoc_unblocked(const struct fm_game *g, int hex, int side);
const char *ma__hex_mark(const struct fm_game *g, int hex, char *mark);
int ma__terrain_move_step(const struct fm_game *g, int unit, int from, int to, int spent_half,
                          int first, int *cost_half, int *must_stop, struct rules_error *err);

/* special.c (18.1, 18.2, 12.1): verbs, their options and hooks. */
int ma__before_roll(const struct fm_game *g, char *what, size_t n);
int ma__do_lost_battalion(struct fm_game *g, struct rules_dice *d, int side, int argc, char **argv,
                          cJSON *reply, struct rules_events *ev, struct rules_error *err);
int ma__legal_lost_battalion(const struct fm_game *g, int side, struct fm_legal *l);
int ma__do_experience(struct fm_game *g, struct rules_dice *d, int side, int argc, char **argv,
                      cJSON *reply, struct rules_events *ev, struct rules_error *err);
int ma__legal_experience(const struct fm_game *g, int side, struct fm_legal *l);
int ma__special_crt_line(const struct fm_game *g, int line);
int ma__special_may_act(const struct fm_game *g, int unit, enum fm_act act,
                        struct rules_error *err);
int ma__special_retreat_step(const struct fm_game *g, int unit, int from, int to, enum fm_rs mode,
                             int *stop, struct rules_error *err);
int ma__special_settle(struct fm_game *g, struct rules_events *ev, struct rules_error *err);
int ma__victory(const struct fm_game *g, int at_end, int *winner, char *summary, size_t n);

/* 17.6: 1 if hex was breached (a fortress never is). */
int ma__breached(const struct fm_game *g, int hex);
void ma__breach(struct fm_game *g, int hex);
/* 14.2: 1 if hex is a Stellung, 2nd Tier Trench or Fortification hex not breached. */
int ma__trench_intact(const struct fm_game *g, int hex);

/* bombard.c: the WWI bombardment of 17.0 (replacing FM-8.1) and H-Hour (15.2). */
int ma__do_barrage(struct fm_game *g, struct rules_dice *d, int side, int argc, char **argv,
                   cJSON *reply, struct rules_events *ev, struct rules_error *err);
int ma__do_aircraft(struct fm_game *g, struct rules_dice *d, int side, int argc, char **argv,
                    cJSON *reply, struct rules_events *ev, struct rules_error *err);
int ma__do_fire(struct fm_game *g, struct rules_dice *d, int side, int argc, char **argv,
                cJSON *reply, struct rules_events *ev, struct rules_error *err);
int ma__do_hits(struct fm_game *g, struct rules_dice *d, int side, int argc, char **argv,
                cJSON *reply, struct rules_events *ev, struct rules_error *err);
int ma__legal_barrage(const struct fm_game *g, int side, struct fm_legal *l);
int ma__legal_aircraft(const struct fm_game *g, int side, struct fm_legal *l);
int ma__legal_fire(const struct fm_game *g, int side, struct fm_legal *l);
int ma__legal_hits(const struct fm_game *g, int side, struct fm_legal *l);
int ma__q_artillery(const struct fm_game *g, const struct rules_viewer *who, int argc, char **argv,
                    cJSON *out, struct rules_error *err);
/* The bombardment's verbs, for the module's table (meuse_argonne.c). */
/* clang-format off */
#define MA_BOMBARD_VERBS                                                                   \
	{.v = {"barrage", RULES_VERB_ACTION, 1, 2, "barrage <hex> [gas]",                  \
	       "Bombardment step (end of your Movement Phase): place one of this turn's "  \
	       "bombardment markers on an observed enemy unit, at most two per unit; `gas` " \
	       "on turn 1 (Allied) gives -1 to every marker on that hex. Then `fire` "     \
	       "(MA-17.2)."},                                                              \
	 .awaits = FM_AWAITS(FM_AW_PHASE),                                                 \
	 .exec = ma__do_barrage,                                                           \
	 .legal = ma__legal_barrage},                                                      \
	{.v = {"aircraft", RULES_VERB_ACTION, 1, 1, "aircraft <hex>",                      \
	       "Allied Movement Phase or bombardment step: place a US aircraft marker "    \
	       "within three hexes of an Allied unit; its hex and the adjacent ones are "  \
	       "observed, and a bombardment of its own hex gets -1 (MA-17.3-03, "          \
	       "MA-BMOD-02)."},                                                            \
	 .awaits = FM_AWAITS(FM_AW_PHASE),                                                 \
	 .exec = ma__do_aircraft,                                                          \
	 .legal = ma__legal_aircraft},                                                     \
	{.v = {"fire", RULES_VERB_ACTION, 0, 0, "fire",                                    \
	       "Bombardment step: resolve the placed markers one at a time in the order "  \
	       "placed, one die each (MA-17.2-02, MA-17.5); then the Combat Phase."},      \
	 .awaits = FM_AWAITS(FM_AW_PHASE),                                                 \
	 .exec = ma__do_fire,                                                              \
	 .legal = ma__legal_fire},                                                         \
	{.v = {"hits", RULES_VERB_ACTION, 1, 2, "hits take | hits retreat <hex>",          \
	       "Your unit was hit by bombardment: take the hits (a step each), or retreat " \
	       "it one hex instead (MA-17.5-03)."},                                        \
	 .awaits = FM_AWAITS(FM_AW_MODULE),                                                \
	 .exec = ma__do_hits,                                                              \
	 .legal = ma__legal_hits},                                                         \
	{.v = {"artillery", RULES_VERB_QUERY, 0, 1, "artillery [<hex>]",                   \
	       "The bombardment of this player turn: markers left, placed, aircraft, "     \
	       "breached hexes; with a hex, its bombardment modifiers (MA-17, MA-BMOD)."}, \
	 .query = ma__q_artillery}
/* clang-format on */
/* Hooks (fm_module.h), called by the module's dispatchers in meuse_argonne.c. */
int ma__turn_phase(const struct fm_game *g, char *why, size_t n);
int ma__bombard_step(const struct fm_game *g, char *what, size_t n);
int ma__bombard_decision(const struct fm_game *g, const char **kind, char *what, size_t n,
                         const char **rule);
int ma__bombard_end_check(const struct fm_game *g, struct rules_error *err);
void ma__bombard_turn_end(struct fm_game *g);
void ma__bombard_view(const struct fm_game *g, int viewer, cJSON *out);
void ma__bombard_init(struct fm_game *g);
void ma__bombard_snapshot(const struct fm_game *g, cJSON *o);
int ma__bombard_restore(struct fm_game *g, const cJSON *o);
/* MA-BMOD: the modifiers of side's bombardment of hex now (m may be NULL); the total. */
int ma__art_modifier(const struct fm_game *g, int side, int hex, struct ma_art_mod *m);
/* MA-BRT, AMB-82: 1 if the modified roll hits (<= 0 always, >= 7 never). */
int ma__art_hits(const struct fm_game *g, int roll);
/* MA-17.3: 0 if side observes hex now (an enemy unit there, adjacent to a unit of side, or
 * under an aircraft within range), else the refusal (err may be NULL). */
int ma__observed(const struct fm_game *g, int side, int hex, struct rules_error *err);

/* data.c: the module's load and free hooks (fm_module.h). */
int ma__load(struct fm_scenario *sc, const cJSON *ex, struct sdoc *f);
void ma__free(struct fm_scenario *sc);
/* The MA_HF_* terrain flags of a hex terrain type. */
uint32_t ma__terrain_flags(const struct rules_terrain *t);

/* lint.c: the module's lint hook. */
void ma__lint(const struct fm_scenario *sc, struct sdoc *f);

/* units.c: three-step divisions, brigade chits, breakdown (13.1, 13.2, 13.3). */
/* The index of unit in ma_data.three, or -1 when it is not a three-step division. */
int ma__three_index(const struct fm_game *g, int unit);
/* The brigade chits off the map (never placed, or eliminated: AMB-180), into out (may be
 * NULL; at most MA_MAX_BRIGADES); their count. */
int ma__free_brigades(const struct fm_game *g, int16_t *out);
/* The stacked brigades that act as one unit with unit (AMB-92): the group hook; also what
 * bombardment counts as one unit for its two-marker limit (17.2). */
int ma__group(const struct fm_game *g, int unit, int16_t *out, const char **rule);
int ma__may_share(const struct fm_game *g, int unit, int hex);
int ma__unit_eliminated(struct fm_game *g, int unit, int hex, struct rules_events *ev);
int ma__do_breakdown(struct fm_game *g, struct rules_dice *d, int side, int argc, char **argv,
                     cJSON *reply, struct rules_events *ev, struct rules_error *err);
int ma__legal_breakdown(const struct fm_game *g, int side, struct fm_legal *l);

/* replace.c: replacements (11.3, 11.6, 13.2-09). */
/* The replacements side may still use now (0 outside his movement phase). */
int ma__repl_left(const struct fm_game *g, int side);
int ma__do_replace(struct fm_game *g, struct rules_dice *d, int side, int argc, char **argv,
                   cJSON *reply, struct rules_events *ev, struct rules_error *err);
int ma__do_rebuild(struct fm_game *g, struct rules_dice *d, int side, int argc, char **argv,
                   cJSON *reply, struct rules_events *ev, struct rules_error *err);
int ma__legal_replace(const struct fm_game *g, int side, struct fm_legal *l);
int ma__legal_rebuild(const struct fm_game *g, int side, struct fm_legal *l);
/* end_forfeit's part: the Allied replacement of this movement phase (11.3-03). */
int ma__repl_forfeit(const struct fm_game *g, char *what, size_t n, char *rule);
/* The lines of the replacement and brigade state, for the `replacements` query. */
void ma__units_view(const struct fm_game *g, cJSON *out);
/* The same state as members of the view's "meuse_argonne" object o: replacements_left (per
 * side: now for the Allied, in the game for the German), broken_down[], brigades_free. */
void ma__units_view_json(const struct fm_game *g, cJSON *o);

/* setup.c: set-up limits the data cannot state (19.5). */
int ma__place_check(const struct fm_game *g, int unit, int hex, struct rules_error *err);

#endif
