/*
 * fm_int.h -- internals of the Fire & Movement engine shared by its modules.
 *
 * Modules (one purpose each):
 *   scenario.c  loading and validating a scenario document (docs/data-format.md)
 *   map.c       terrain queries: MP costs, prohibitions, ZOC, occupancy, CRT lines
 *   move.c      set-up placement, movement, reinforcement entry, reach (FM-3, 5, 6)
 *   support.c   support fire markers: allotment, five-step commitment, secrecy (FM-7, 8.2.1)
 *   combat.c    bombardment and ground combat declaration, CRT, results (FM-8.0-8.2)
 *   retreat.c   retreat, displacement, stiff resistance, advance, losses (FM-8.3-8.5)
 *   phase.c     sequence of play, pending(), victory (FM-4)
 *   view.c      view() and the query verbs (units, hex, markers, crt, reach)
 *   board.c     the board as text: the map query, view()'s board window, unit states
 *   snapshot.c  snapshot() and restore()
 *   last.c      the last move and the last combat, recorded from each action's public events
 *   picture.c   the picture hook: the board as SVG (`map svg`, `wargamed render`)
 *   twin.c      secret twins: the same game with another hidden hand or face-down marker
 *   steps.c     the map's movement tables (built at load) and a state's occupancy index
 *   verbs.c     the system verb table and the lookup of a game's verbs
 *   modules.c   the list of shipped exclusive-rules modules (fm_module.h)
 *   lint.c      consistency checks of a loaded scenario; check-scenario (scenario_lint)
 *   scheldt/    the Battle of the Scheldt exclusive rules (module "scheldt")
 *   fm.c        the ruleset table, create/destroy/start/apply
 *
 * Invariants:
 *   - struct fm_scenario is immutable once loaded; a game points to it.
 *   - struct fm_game is plain data (no pointers except sc): copying it copies
 *     the whole game state.  apply() works on the live state after saving a
 *     copy and puts the copy back when the action is refused (atomicity).
 *   - at the end of every accepted action no two units share a hex, except
 *     while a displacement chain is pending (FM_AW_DISPLACE) or where an
 *     exclusive module's may_share hook allowed it (beach assault, BS-16.3):
 *     every system path that ends a unit in a hex (place, enter, move,
 *     advance, fm__arrive) asks fm__may_stack.  Enemy checks never rely on
 *     the first occupant of a hex (fm__enemy_in).
 *   - g->await says who must act and on what; every player decision is a verb.
 *
 * MP are counted in half points everywhere ("_half").
 */
#ifndef RULES_FM_INT_H
#define RULES_FM_INT_H

#include <stdint.h>
#include <stddef.h>

#include "rules/core/hex.h"
#include "rules/core/hexmap.h"
#include "rules/core/ruleset.h"
#include "rules/core/sdoc.h"

#define FM_MAX_UNITS          256
#define FM_MAX_MARKERS        128
#define FM_MAX_LINES          16
#define FM_MAX_COLS           16
#define FM_MAX_STEPS          4
#define FM_MAX_TURNS          99
#define FM_MAX_IN_BATTLE      8
#define FM_MAX_BATTLE_MARKERS 4
#define FM_MAX_CHECKS         8
#define FM_MAX_FLAGS          4
#define FM_EX_STATE           2048
#define FM_MAX_EXOPTS         16
#define FM_MAX_RANGES         8
#define FM_MAX_SITUATIONS     8
#define FM_MAX_WHEN           4
#define FM_ID                 24

/* map.hex_flags bit: the hex holds a fortification counter (map.fortifications, FM-8.2.3) */
#define FM_HF_FORT_COUNTER RULES_HF_ENGINE

/* ---- results ---------------------------------------------------------- */

enum fm_result {
	FM_R_NE,
	FM_R_EX,
	FM_R_D1,
	FM_R_D2,
	FM_R_D3,
	FM_R_DE,
	FM_R_A1,
	FM_R_A2,
	FM_R_A3,
	FM_R_AA, /* (A) */
	FM_R_AE,
	FM_R_COUNT
};

/* ---- scenario --------------------------------------------------------- */

/* What F&M adds to a terrain or hexside type of the map (rules_hexmap_ext). */
struct fm_type_rules {
	int line;          /* CRT line or -1 */
	int bridge_line;   /* hexside: line when bridged, -1 = the hex's line */
	int fortification; /* hex: a printed fortification (FM-8.2.3) */
	int minefield;     /* hexside: a minefield (FM-6.1) */
};

/*
 * A support-marker range (support.ranges, FM-8.1.1-01): the markers it selects may be
 * used against a target hex at most `range` hexes from what it is counted from.
 */
#define FM_RANGE_BOMBARD 1u /* markers used in a bombardment */
#define FM_RANGE_COMBAT  2u /* markers committed to a ground combat */

struct fm_range {
	unsigned when;                            /* FM_RANGE_* */
	int all;                                  /* selects every marker of both sides */
	uint8_t sel[RULES_SIDES][FM_MAX_MARKERS]; /* else: 1 for each marker it selects */
	int range;                                /* hexes (when opt < 0) */
	int opt;            /* index of the module option giving the range, or -1 */
	int opt_range[2];   /* the range for each value of that option */
	int from_unit;      /* 1: counted from the owner's nearest on-map unit */
	int16_t *dist;      /* else, per hex: the distance to the nearest hex it is counted
	                     * from, -1 when there is none (owned by the scenario) */
	char from_name[64]; /* what it is counted from, for messages */
	char rule[FM_ID];   /* the rule a refusal cites */
};

/*
 * A CRT line chosen by the situation of a ground combat (crt.situations): when every
 * situation of `when` holds (and the combat hex has one of the `terrain` types, if any),
 * `line` is combined with the line chosen so far.
 */
#define FM_SIT_IN_EZOC     (-1) /* system fact: the combat hex is in an EZOC of the attacker */
#define FM_SIT_NOT_IN_EZOC (-2) /* ... and its negation; k >= 0: the module's situation k */

struct fm_situation {
	int nwhen;
	int when[FM_MAX_WHEN]; /* FM_SIT_* or an index into the module's situations */
	uint32_t terrain;      /* hex terrain types the combat hex must have one of; 0: any */
	int line;
	int replace; /* 1: replaces the line; 0: the most favourable to the defender */
};

struct fm_line {
	char id[FM_ID];
	char name[64];
	int first; /* grid column of the line's lowest label */
};

struct fm_crt {
	int ncols;
	char labels[FM_MAX_COLS][8];
	int lo[FM_MAX_COLS], hi[FM_MAX_COLS];
	uint8_t cell[6][FM_MAX_COLS];
	int nlines;
	struct fm_line lines[FM_MAX_LINES];
	int default_line;
};

enum fm_setup_kind { FM_SETUP_HEX, FM_SETUP_CHOOSE, FM_SETUP_ARRIVES, FM_SETUP_HELD };

#define FM_AB_COMMANDO 1u
#define FM_AB_ENGINEER 2u
#define FM_AB_ARMOR    4u
#define FM_AB_SEABORNE 8u

struct fm_step {
	int attack, defense, ma;
};

struct fm_unit_def {
	char id[FM_ID];   /* what the engine prints and players type: the printed id with each
	                   * space written '_' ("1/1_FJ"), unique in the scenario */
	char name[FM_ID]; /* the id as printed on the counter and given in the data ("1/1 FJ") */
	int side;
	char nationality[FM_ID], size[8], type[FM_ID], formation[40];
	int mobile, zoc, nsteps, start_step;
	struct fm_step steps[FM_MAX_STEPS];
	unsigned abilities;
	int nextra;
	char extra[FM_MAX_FLAGS][FM_ID]; /* other ability names for exclusive modules */
	int setup;                       /* enum fm_setup_kind */
	int setup_hex;
	int arrive_turn;
	struct rules_hexlist where; /* choose / arrival hexes */
};

struct fm_marker_def {
	char id[16];
	int value;
	char kind[16];
	int nflags;
	char flags[2][FM_ID];
};

struct fm_check {
	int winner;  /* side */
	int instant; /* 1 after every action, 0 at the end */
	int absent;  /* 1: no_units_of, 0: units_of */
	int side;
	int zone; /* -1: whole map */
};

struct fm_module;

/*
 * The movement tables of a scenario's map (steps.c): built once when the scenario has
 * loaded, from the map functions they stand for (map.c), indexed [hex * RULES_HEX_DIRS + d]
 * for a step from hex in direction d, or [hex].
 */
#define FM_SS_CLOSED_LEG    1u /* the hexside is prohibited to leg units (fm__side_prohibited) */
#define FM_SS_CLOSED_MOBILE 2u /* ... to mobile units */
#define FM_SS_MINEFIELD     4u /* fm__side_has_minefield */
#define FM_SH_CLOSED_LEG    1u /* the hex is prohibited to leg units (fm__hex_prohibited) */
#define FM_SH_CLOSED_MOBILE 2u /* ... to mobile units */
#define FM_SH_FORT          4u /* fm__hex_has_fort */

struct fm_steps {
	int16_t *nb;   /* the neighbour in direction d, -1 off the map */
	int32_t *slot; /* the hexside's slot (rules_hex_side), -1 off the map */
	int16_t *cost; /* fm__step_cost of the step (half MP, -2 all MP); 0 off the map */
	uint8_t *side; /* FM_SS_* of the hexside crossed */
	uint8_t *hex;  /* FM_SH_* of the hex, [hex] */
};

struct fm_scenario {
	char source[128];
	char id[48];
	char title[96];
	char description[200];
	char side_names[RULES_SIDES][FM_ID];
	int edition_v8;
	struct rules_options sopts; /* the scenario's "options" */
	struct rules_hexmap map;    /* grid, terrain, hexsides, roads, zones, edges */
	struct fm_type_rules tx[RULES_MAP_TERRAIN]; /* F&M facts of map.terrain[t] */
	struct fm_type_rules sx[RULES_MAP_TERRAIN]; /* F&M facts of map.sidetypes[t] */
	struct fm_crt crt;
	int nunits;
	struct fm_unit_def *units;
	int turns;
	int first_player;
	int nsetup;
	int setup_order[RULES_SIDES];
	char labels[FM_MAX_TURNS + 1][24];
	int allot[FM_MAX_TURNS + 1][RULES_SIDES]; /* by turn, by side */
	int nmarkers[RULES_SIDES];
	struct fm_marker_def markers[RULES_SIDES][FM_MAX_MARKERS];
	int nchecks;
	struct fm_check checks[FM_MAX_CHECKS];
	int otherwise; /* side, or -1 for a draw */
	int nranges;
	int ranges_given; /* the document has support.ranges (older scenarios do not) */
	struct fm_range ranges[FM_MAX_RANGES];
	int nsituations;
	int situations_given; /* the document has crt.situations */
	struct fm_situation situations[FM_MAX_SITUATIONS];
	uint32_t zoc_block[RULES_SIDES]; /* terrain types side s exerts no ZOC into (FM-6.0-05) */
	struct rules_hexlist supply[RULES_SIDES]; /* friendly supply sources (FM-8.3-03) */
	const struct fm_module *module; /* the exclusive rules (fm_module.h); never NULL */
	void *ex_data;                  /* the module's scenario facts, freed by its free hook */
	struct fm_steps *steps;         /* the movement tables (steps.c); owned */
};

/* ---- options ---------------------------------------------------------- */

struct fm_opts {
	int align_right;        /* crt.line_alignment=right */
	int commonwealth_shift; /* crt.commonwealth_armor_shift */
	int allot_lowest;       /* support.allotment=lowest_first */
	int pick_blind;         /* support.pick=random_blind */
	int sr_per_unit;        /* sr.attacker_mode=per_unit */
	int sr_when_impossible; /* sr.when_retreat_impossible */
	int edge_pref;          /* retreat.edge_preference=required_if_possible */
	int bombard_edge;       /* retreat.bombard_criterion=edge */
	int advance_vacated;    /* advance.into_vacated */
	int one_attack_turn;    /* combat.one_attack_per_turn */
	int mobile_stops;       /* zoc.mobile_stops */
	int leg_halts;          /* zoc.leg_halts_on_reentry */
	int fort_total;         /* fort.halve=total */
	int continuation;       /* movement.allow_continuation */
	int chain_check;        /* displace.chain_check */
	int keep_path;          /* displace.keep_path_vacant (AMB-111) */
	int ex[FM_MAX_EXOPTS];  /* the exclusive module's options (struct fm_exopt order) */
};

/* ---- game state ------------------------------------------------------- */

enum fm_where {
	FM_W_UNPLACED, /* set-up choice not placed yet */
	FM_W_WAITING,  /* reinforcement not (yet) entered */
	FM_W_HELD,     /* held off map by an exclusive rule */
	FM_W_MAP,
	FM_W_ELIMINATED,
	FM_W_REMOVED, /* withdrawn by an exclusive rule */
};

/* unit flags, cleared at the start of each player turn unless noted */
#define FM_UF_MOVED        0x0001u /* moved in the Movement Phase */
#define FM_UF_MOVED_MOBILE 0x0002u /* moved in the Mobile Movement Phase */
#define FM_UF_DONE         0x0004u /* finished moving in this phase */
#define FM_UF_STOPPED      0x0008u /* must stop (EZOC, all-MP terrain) */
#define FM_UF_ATT_COMBAT   0x0010u /* attacked in the Combat Phase */
#define FM_UF_ATT_MOBILE   0x0020u /* attacked in the Mobile Combat Phase */
#define FM_UF_DEFENDED     0x0040u /* was attacked in this phase (cleared each phase) */
#define FM_UF_ADVANCED     0x0080u /* advanced after combat */
#define FM_UF_DISPLACED    0x0100u /* displaced while its side attacked */
#define FM_UF_ENTERED      0x0200u /* entered as a reinforcement this phase */

struct fm_unit {
	int16_t hex;
	uint8_t where;
	uint8_t step;
	uint16_t flags;
	int16_t mp_half;    /* MP spent in this phase */
	int16_t move_start; /* hex where this phase's move began, -1 none */
	uint8_t start_ezoc; /* began this phase's move in an EZOC */
	uint8_t left_ezoc;  /* has since stood in a hex not in an EZOC */
};

enum fm_marker_where { FM_M_POOL, FM_M_HAND, FM_M_COMMITTED, FM_M_USED, FM_M_GONE };

struct fm_marker {
	uint8_t where;
	uint8_t revealed; /* value public (bombardment or step b5) */
};

enum fm_phase {
	FM_PH_SETUP,
	FM_PH_MOVEMENT,
	FM_PH_BOMBARD,
	FM_PH_COMBAT,
	FM_PH_MOBILE_MOVE,
	FM_PH_MOBILE_COMBAT,
	FM_PH_OVER,
	FM_PH_TURN_END, /* end of the player turn: module decisions (rebuilds); after OVER so
	                 * stored phase numbers keep their meaning */
};

enum fm_await {
	FM_AW_PHASE,       /* the active side acts in the phase */
	FM_AW_SUPPORT,     /* a side commits or passes at support step b1..b4 */
	FM_AW_LOSS,        /* the attacker (or bombarding side) picks the unit to reduce */
	FM_AW_RETREAT,     /* the owner retreats / stiff-resists the queued units */
	FM_AW_DISPLACE,    /* a displaced unit stacked on another: the latter must move on */
	FM_AW_ADVANCE,     /* the attacker advances along the path of retreat or not */
	FM_AW_NONE,        /* game over */
	FM_AW_BEFORE_ROLL, /* a module decision after the reveal, before the die roll
	                    * (fm_module.before_roll); after NONE so stored numbers keep
	                    * their meaning */
	FM_AW_MODULE,      /* a decision of the exclusive module (fm_module.decision says whose) */
};

struct fm_retreat_item {
	int16_t unit;
	int16_t origin;
	uint8_t dist;
};

struct fm_battle {
	uint8_t active;
	uint8_t bombard; /* 1: bombardment, 0: ground combat */
	int16_t target;
	uint8_t natt, ndef;
	int16_t att[FM_MAX_IN_BATTLE];
	int16_t def[FM_MAX_IN_BATTLE];
	uint8_t step; /* support step 1..4; 5 = revealed */
	uint8_t nmark[RULES_SIDES];
	int16_t mark[RULES_SIDES][FM_MAX_BATTLE_MARKERS];
	uint8_t passed[RULES_SIDES]; /* bit k: passed at its k-th step */
	int16_t att_total, def_total, diff;
	int8_t line, column, label, die;
	uint8_t result;
	uint8_t def_stiff;
	uint8_t loss_side; /* side choosing a loss (FM_AW_LOSS) */
	uint8_t ff;        /* the pending loss is bombardment friendly fire */
	uint8_t nretreat;
	uint8_t retreat_side;
	uint8_t retreat_attacker; /* the queue holds attackers */
	struct fm_retreat_item retreat[FM_MAX_IN_BATTLE];
	int16_t displacing;   /* unit that must move on (FM_AW_DISPLACE), -1 */
	int16_t displace_for; /* retreating unit the chain serves, -1 */
	int16_t freed;        /* the end hex the displacement chain frees */
	uint8_t npath;
	int16_t path[8];           /* path of retreat, the combat hex first */
	uint8_t advanced;          /* bit k: att[k] advanced */
	uint8_t marker_side_flags; /* for exclusive modules */
};

/*
 * The last move and the last combat, for pictures (picture.c).  Recorded by last.c from the
 * public events of each accepted action, after it was applied: they never change what an
 * action does or emits, and a snapshot without them restores them empty.
 */
#define FM_LAST_PATH 16 /* hexes of a path kept (its start first; a longer one keeps its end) */
#define FM_LAST_LEGS 8  /* retreats, displacements and advances of the last combat */

enum fm_leg_kind { FM_LEG_RETREAT, FM_LEG_DISPLACE, FM_LEG_ADVANCE };

struct fm_last_path {
	int16_t unit; /* -1: none */
	uint8_t kind; /* legs: enum fm_leg_kind */
	uint8_t n;    /* hexes in h */
	int16_t h[FM_LAST_PATH];
};

struct fm_last_move {
	uint8_t turn;
	struct fm_last_path p; /* unit -1: no move yet; n == 1: entered or landed on h[0] */
};

struct fm_last_combat {
	int16_t target; /* -1: no combat yet */
	uint8_t turn;
	uint8_t bombard;
	uint8_t result; /* enum fm_result */
	uint8_t die;
	uint8_t natt;
	int16_t att[FM_MAX_IN_BATTLE]; /* the attackers' hexes at the roll */
	uint8_t nlegs;
	struct fm_last_path legs[FM_LAST_LEGS];
};

struct fm_game {
	const struct fm_scenario *sc;
	struct fm_opts opt;
	int turn; /* 1..turns; 0 during set-up */
	int phase;
	int active;      /* side of the player turn (set-up: the side placing) */
	int player_turn; /* 0: first player turn, 1: second */
	int setup_idx;
	int await;
	int over;
	int winner;
	char summary[200];
	int mover; /* unit whose move may continue (AMB-20), -1 */
	int nunits;
	struct fm_unit u[FM_MAX_UNITS];
	struct fm_marker m[RULES_SIDES][FM_MAX_MARKERS];
	uint8_t bombarded[RULES_MAP_HEXES]; /* markers that bombarded each hex this player turn */
	struct fm_battle b;
	unsigned char ex[FM_EX_STATE]; /* exclusive module state, plain data */
	struct fm_last_move last_move;
	struct fm_last_combat last_combat;
};

#include "fm_module.h"

/* ---- scenario.c --------------------------------------------------------- */

int fm__scenario_load(const struct ruleset *rs, const char *source, const cJSON *doc,
                      struct rules_scenario **out, struct rules_error *err);
/* The loader in either mode (struct sdoc): *out is set when the document loaded
 * (lint mode: even with findings, when it could go on). */
int fm__scenario_parse(const struct fm_modules *modules, const char *source, const cJSON *doc,
                       struct sdoc *f, struct fm_scenario **out);
/* check-scenario: every finding of a document (ruleset scenario_lint). */
int fm__scenario_lint(const struct ruleset *rs, const char *source, const cJSON *doc,
                      void (*report)(void *ctx, int severity, const char *path, const char *msg),
                      void *ctx);
void fm__scenario_free(struct rules_scenario *sc);
void fm__scenario_info(const struct rules_scenario *sc, struct rules_scenario_info *info);
/* Options: defaults of the edition, then the scenario's, then opts. */
int fm__opts_build(const struct fm_scenario *sc, const struct rules_options *opts,
                   struct fm_opts *out, struct rules_error *err);
/* 0 if key=value is a known option (system or the scenario's module) with a legal value. */
int fm__opt_check(const struct fm_scenario *sc, const char *key, const char *value,
                  struct rules_error *err);
int fm__side_by_name(const struct fm_scenario *sc, const char *name);
int fm__line_by_id(const struct fm_scenario *sc, const char *id);
const char *fm__result_name(int r);
/*
 * For a module's load hook: adds a support range (copied) counted from the hexes of from
 * (when !r->from_unit; the distances are computed here), or a CRT situation.  Used to give
 * an older scenario text, which lacks support.ranges or crt.situations, the behaviour its
 * module's former code gave it.  0, WG_E_NO_MEMORY, or WG_E_BAD_SCENARIO (too many).
 */
int fm__range_add(struct fm_scenario *sc, const struct fm_range *r,
                  const struct rules_hexlist *from);
int fm__situation_add(struct fm_scenario *sc, const struct fm_situation *s);

/* ---- lint.c -------------------------------------------------------------- */

/* The system's consistency checks of a loaded scenario (arrival hexes in prohibited terrain,
 * empty zones, pools smaller than the allotment, ...), then the module's lint hook. */
void fm__scenario_check(const struct fm_scenario *sc, struct sdoc *f);

/* ---- map.c -------------------------------------------------------------- */

const char *fm__hex_id(const struct fm_game *g, int hex, char *buf);
/* Hex index of a printed id, or -1. */
int fm__hex_parse(const struct fm_game *g, const char *id);
int fm__adjacent(const struct fm_game *g, int a, int b);
int fm__distance(const struct fm_game *g, int a, int b);
/* The unit in hex other than except (-1 for any), or -1. */
int fm__occupant(const struct fm_game *g, int hex, int except);
/* Number of units in hex. */
int fm__occupants(const struct fm_game *g, int hex);
/* A unit in hex that is not of side, or -1 (a beach-assault hex may hold both sides). */
int fm__enemy_in(const struct fm_game *g, int hex, int side);
/* The unit index of an id as typed or printed ("1/1_FJ" or "1/1 FJ": case-insensitive, '_'
 * and ' ' alike), or -1. */
int fm__unit_by_id(const struct fm_scenario *sc, const char *id);
/* fm__unit_by_id for a player's argument: the unit's index, or
 * WG_E_NO_SUCH_UNIT with err saying which id is unknown. */
int fm__unit_arg(const struct fm_game *g, const char *id, struct rules_error *err);
/* A unit's definition, side and current step (inline: asked at every step of a search). */
static inline const struct fm_unit_def *fm__def(const struct fm_game *g, int unit)
{
	return &g->sc->units[unit];
}

static inline int fm__side_of(const struct fm_game *g, int unit)
{
	return g->sc->units[unit].side;
}

static inline const struct fm_step *fm__cur(const struct fm_game *g, int unit)
{
	return &g->sc->units[unit].steps[g->u[unit].step];
}
/* 1 if hex is in the ZOC of a unit of side's enemy (an EZOC for side): the terrain's
 * blocks_zoc_of (unless the module lifts it) and the module's zoc_blocked apply. */
int fm__in_ezoc(const struct fm_game *g, int hex, int side);
/* Hex terrain prohibited for unit (or for everyone when unit < 0). */
int fm__hex_prohibited(const struct fm_game *g, int hex, int unit);
/* Hexside between adjacent a, b prohibited for unit. */
int fm__side_prohibited(const struct fm_game *g, int a, int b, int unit);
/* 1 if hex holds a fortification: printed (terrain) or a counter (FM-8.2.3). */
int fm__hex_has_fort(const struct fm_game *g, int hex);
int fm__side_has_minefield(const struct fm_game *g, int a, int b);
/* MP cost in half MP to enter b from adjacent a for unit, ignoring ZOC; -2 = "all MP". */
int fm__step_cost(const struct fm_game *g, int unit, int a, int b);
/* The defender's CRT line of hex for terrain only. */
int fm__hex_line(const struct fm_game *g, int hex);
/* Number of columns of line (fewer = better for the defender). */
int fm__line_cols(const struct fm_game *g, int line);
/* The more defensive of two lines (-1 ignored). */
int fm__line_better(const struct fm_game *g, int a, int b);
/* Distance from hex to side's nearest friendly edge hex, or -1 if side has none. */
int fm__edge_distance(const struct fm_game *g, int hex, int side);
/* Distance from hex to side's nearest friendly edge hex or supply source (FM-8.3-03), or -1
 * if side has neither. */
int fm__goal_distance(const struct fm_game *g, int hex, int side);
/* Distance to the nearest on-map unit of side (except unit except), or -1. */
int fm__nearest_unit(const struct fm_game *g, int hex, int side, int except);
int fm__unit_has(const struct fm_game *g, int unit, const char *ability);
/* The units that act as one unit with unit (the module's group hook): into out
 * (FM_MAX_IN_BATTLE entries, unit first), their number (1: alone); *rule the rule that
 * binds them ("" when alone). */
int fm__group(const struct fm_game *g, int unit, int16_t *out, const char **rule);

/* ---- steps.c ------------------------------------------------------------ */

/* Builds sc->steps from sc's map (the last step of loading).  0 or WG_E_NO_MEMORY. */
int fm__steps_build(struct fm_scenario *sc);
void fm__steps_free(struct fm_steps *t);
/* rules_hex_side_between(grid, a, b) from the tables: the slot of the hexside between a and
 * b, -1 when they are not adjacent (or either is off the map). */
int fm__side_slot(const struct fm_game *g, int a, int b);

/*
 * The units on the map per hex, for one game state (valid while it does not change):
 * head[hex] is the first unit in hex (-1: none), next[unit] the following one, in unit
 * order.  The caller provides head (the map's hex count entries).
 */
struct fm_occ {
	int16_t *head;
	int16_t next[FM_MAX_UNITS];
};

void fm__occ_build(const struct fm_game *g, struct fm_occ *o);
/* fm__enemy_in through the index: the first unit in hex not of side, or -1. */
int fm__occ_enemy(const struct fm_game *g, const struct fm_occ *o, int hex, int side);
/* fm__in_ezoc through the index (the same answer). */
int fm__in_ezoc_occ(const struct fm_game *g, const struct fm_occ *o, int hex, int side);

/* ---- move.c ------------------------------------------------------------- */

int fm__do_place(struct fm_game *g, struct rules_dice *d, int side, int argc, char **argv,
                 cJSON *reply, struct rules_events *ev, struct rules_error *err);
int fm__do_move(struct fm_game *g, struct rules_dice *d, int side, int argc, char **argv,
                cJSON *reply, struct rules_events *ev, struct rules_error *err);
int fm__do_enter(struct fm_game *g, struct rules_dice *d, int side, int argc, char **argv,
                 cJSON *reply, struct rules_events *ev, struct rules_error *err);
/* Every hex unit may end a move in now, with its cost: fills cost_half (size count, -1 = no).
 * With prev (size 3 count) it also keeps the search tree, found in the order that
 * `move ... to` takes its paths; without, the costs are the same, found sooner. */
int fm__reach(const struct fm_game *g, int unit, int *cost_half, int *prev);
/* 1 if unit may move in the current phase (no message when 0 and err NULL). */
int fm__may_move(const struct fm_game *g, int unit, struct rules_error *err);
/* The unit that was moving stops for good (another unit moves, or the phase ends). */
void fm__finish_mover(struct fm_game *g);
/* 1 if unit may end an action in hex: the hex holds no other unit, or the module's may_share
 * allows it. */
int fm__may_stack(const struct fm_game *g, int unit, int hex);
/* An exclusive rule puts an off-map unit on hex (assault landing): stacking is checked with
 * fm__may_stack, the unit counts as having moved in this phase.  No event. */
int fm__arrive(struct fm_game *g, int unit, int hex, struct rules_error *err);

/* ---- support.c ---------------------------------------------------------- */

/* Support Fire Marker Phase: allots the turn's markers to both sides. */
int fm__support_allot(struct fm_game *g, struct rules_dice *d, struct rules_events *ev,
                      struct rules_error *err);
/* End of game turn: every marker not gone goes back to the pool. */
void fm__support_return(struct fm_game *g);
int fm__markers_available(const struct fm_game *g, int side);
/* The index of side's marker with that id (case-insensitive), or -1. */
int fm__marker_by_id(const struct fm_scenario *sc, int side, const char *id);
int fm__do_support(struct fm_game *g, struct rules_dice *d, int side, int argc, char **argv,
                   cJSON *reply, struct rules_events *ev, struct rules_error *err);
/* Advances the support steps past sides with nothing to commit; reveals and resolves at b5. */
int fm__support_advance(struct fm_game *g, struct rules_dice *d, struct rules_events *ev,
                        struct rules_error *err);
/* The most markers side may commit to the current battle (FM-8.2.1-09, or the module's). */
int fm__max_markers(const struct fm_game *g, int side);
/* The side acting at support step s (1..4). */
int fm__support_side(const struct fm_game *g, int step);
/* The value of marker as applied in the current battle (fortification halving). */
int fm__marker_value(const struct fm_game *g, int side, int marker);
/*
 * FM-8.1.1: 0 if side's marker may be used against target in a bombardment (bombard) or a
 * ground combat, by every support range that selects it; marker < 0: only the ranges that
 * select every marker (checked when a bombardment is declared).  Else the refusal (err may
 * be NULL) with the range's rule.
 */
int fm__range_check(const struct fm_game *g, int side, int marker, int target, int bombard,
                    struct rules_error *err);
/* The range in hexes of r in this game (its option's value, when it names one). */
int fm__range_value(const struct fm_game *g, const struct fm_range *r);

/* ---- combat.c ----------------------------------------------------------- */

int fm__do_bombard(struct fm_game *g, struct rules_dice *d, int side, int argc, char **argv,
                   cJSON *reply, struct rules_events *ev, struct rules_error *err);
int fm__do_attack(struct fm_game *g, struct rules_dice *d, int side, int argc, char **argv,
                  cJSON *reply, struct rules_events *ev, struct rules_error *err);
/* Totals, line, column, die roll and result of the current battle, then its effects. */
int fm__battle_resolve(struct fm_game *g, struct rules_dice *d, struct rules_events *ev,
                       struct rules_error *err);
/*
 * The grid column (0-based) read for differential diff on line (AMB-01 alignment,
 * FM-CRT-02..04 clamping, shift columns to the left).  *label (may be NULL) receives the
 * grid column whose label names the differential band ("+2/+3").
 */
int fm__crt_column(const struct fm_scenario *sc, const struct fm_opts *o, int line, int diff,
                   int shift, int *label);
/* The CRT line of the current battle. */
int fm__battle_line(const struct fm_game *g);
/* 1 if unit could attack now in this phase (used for auto-skipping). */
int fm__may_attack(const struct fm_game *g, int unit, struct rules_error *err);
/* Ends the current battle: clears it and returns to the phase. */
int fm__battle_finish(struct fm_game *g, struct rules_events *ev, struct rules_error *err);

/* ---- retreat.c ---------------------------------------------------------- */

/* Reduces unit one step (eliminates it when already on its last step). */
int fm__reduce(struct fm_game *g, int unit, const char *why, struct rules_events *ev);
int fm__eliminate(struct fm_game *g, int unit, const char *why, struct rules_events *ev);
/* Applies the result of the current battle (after the roll). */
int fm__apply_result(struct fm_game *g, struct rules_events *ev, struct rules_error *err);
int fm__do_reduce(struct fm_game *g, struct rules_dice *d, int side, int argc, char **argv,
                  cJSON *reply, struct rules_events *ev, struct rules_error *err);
int fm__do_retreat(struct fm_game *g, struct rules_dice *d, int side, int argc, char **argv,
                   cJSON *reply, struct rules_events *ev, struct rules_error *err);
int fm__do_stiff(struct fm_game *g, struct rules_dice *d, int side, int argc, char **argv,
                 cJSON *reply, struct rules_events *ev, struct rules_error *err);
int fm__do_displace(struct fm_game *g, struct rules_dice *d, int side, int argc, char **argv,
                    cJSON *reply, struct rules_events *ev, struct rules_error *err);
int fm__do_advance(struct fm_game *g, struct rules_dice *d, int side, int argc, char **argv,
                   cJSON *reply, struct rules_events *ev, struct rules_error *err);
/* FM-8.3-03 / FM-8.1.5 (AMB-10, AMB-11): 1 if a retreat of unit from origin ending in end
 * goes where the retreat preference wants: for a bombardment (bombard) farther from the
 * closest enemy unit (or nearer the closest friendly one when there is no enemy), else nearer
 * a friendly edge or supply source, as the game's options say. */
int fm__retreat_preferred(const struct fm_game *g, int unit, int origin, int end, int bombard);
/* Lists legal retreat paths for queued item k into a reply "lines" array (may be NULL). */
void fm__retreat_options(const struct fm_game *g, int k, cJSON *lines);

/* ---- phase.c ------------------------------------------------------------ */

/* start(): set-up when a side has choices, else game turn 1. */
int fm__start_game(struct fm_game *g, struct rules_dice *d, struct rules_events *ev,
                   struct rules_error *err);
/* The start of a game turn: Support Fire Marker Phase, then the first player's turn. */
int fm__begin_turn(struct fm_game *g, struct rules_dice *d, struct rules_events *ev,
                   struct rules_error *err);
/* `end` / `end force`: ends the phase (the module's end_check and end_forfeit permitting);
 * the reply says what ended, what passed by itself, and what the game waits for now. */
int fm__do_end(struct fm_game *g, struct rules_dice *d, int side, int argc, char **argv,
               cJSON *reply, struct rules_events *ev, struct rules_error *err);
/* After every accepted action: an End of Player Turn step with nothing left to decide (the
 * last rebuild made) passes by itself instead of waiting for `end`. */
int fm__turn_end_settle(struct fm_game *g, struct rules_dice *d, struct rules_events *ev,
                        struct rules_error *err);
/* Skips phases with nothing to do and enters the next phase. */
int fm__enter_phase(struct fm_game *g, int phase, struct rules_dice *d, struct rules_events *ev,
                    struct rules_error *err);
void fm__pending(const struct rules_game *rg, struct rules_pending *p);
/* The refusal of verb v (typed as name) when it does not answer the decision awaited now:
 * WG_E_WRONG_PHASE with the rule that orders the decisions (FM-8.0-06, FM-8.2.1-01,
 * FM-8.5-07, ...) and what the game waits for. */
int fm__not_awaited(const struct fm_game *g, const struct fm_verb *v, const char *name,
                    struct rules_error *err);
/* The stable slug of the decision awaited now (rules_pending.kind): "setup", "phase",
 * "turn-end", "support-step", "loss", "retreat", "displace", "advance". */
const char *fm__await_kind(const struct fm_game *g);
void fm__outcome(const struct rules_game *rg, struct rules_outcome *o);
/* Instant victory checks after an action; ends the game if one holds. */
int fm__check_instant(struct fm_game *g, struct rules_events *ev);
const char *fm__phase_name(int phase);
/* The phase's stable slug ("movement", "mobile-combat"): JSON "phase" members. */
const char *fm__phase_slug(int phase);
/* The side expected to act now, or -1 (game over). */
int fm__acting_side(const struct fm_game *g);

/* ---- view.c ------------------------------------------------------------- */

cJSON *fm__view(const struct rules_game *rg, const struct rules_viewer *who);
/* The ruleset's view_lines: view()'s "lines" alone (ruleset.h). */
cJSON *fm__view_lines(const struct rules_game *rg, const struct rules_viewer *who);
/* The query verbs' handlers (struct fm_verb.query; the table is verbs.c). */
int fm__q_reach(const struct fm_game *g, const struct rules_viewer *who, int argc, char **argv,
                cJSON *out, struct rules_error *err);
int fm__q_units(const struct fm_game *g, const struct rules_viewer *who, int argc, char **argv,
                cJSON *out, struct rules_error *err);
int fm__q_hex(const struct fm_game *g, const struct rules_viewer *who, int argc, char **argv,
              cJSON *out, struct rules_error *err);
int fm__q_markers(const struct fm_game *g, const struct rules_viewer *who, int argc, char **argv,
                  cJSON *out, struct rules_error *err);
int fm__q_crt(const struct fm_game *g, const struct rules_viewer *who, int argc, char **argv,
              cJSON *out, struct rules_error *err);

/* ---- picture.c, last.c -------------------------------------------------- */

/* The ruleset's picture (ruleset.h): argv[0] "svg", then reach=<unit> and hexes=<hex>,... */
char *fm__picture(const struct rules_game *rg, const struct rules_viewer *who, int argc,
                  char **argv, struct rules_error *err);
/* Empties the last move and combat (a new game, an older snapshot). */
void fm__last_clear(struct fm_game *g);
/* After an accepted action: records the last move and combat from the public events
 * ev->items[from..] it emitted; before is the game as it was before the action. */
void fm__last_record(struct fm_game *g, const struct fm_game *before, const struct rules_events *ev,
                     size_t from);

/* ---- board.c ------------------------------------------------------------ */

/* `map [<hex> [<hex>] | all] [zoc] [roads]`: the ASCII hex map (struct fm_verb.query). */
int fm__q_map(const struct fm_game *g, const struct rules_viewer *who, int argc, char **argv,
              cJSON *out, struct rules_error *err);
/* The board window around the active area that fits `lines` text lines (one row of hexes
 * at least) and who's columns, with its legend, into out's "lines". */
void fm__board_lines(const struct fm_game *g, const struct rules_viewer *who, int lines,
                     cJSON *out);
/* What unit did this player turn and can still do, for people ("moved, 2.5 MP left"; ""
 * when nothing), into buf; returns the half MP it has left, -1 when it may not move now. */
int fm__unit_doing(const struct fm_game *g, int unit, char *buf, size_t n);
/* The columns a text line may take on who's screen (its width less the data lines'
 * two-space prefix, at least 20). */
int fm__text_cols(const struct rules_viewer *who);
/* printf into a reply's "lines" (as fm__line), wrapped at cols (continuations indented). */
void fm__wrapped(cJSON *reply, int cols, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* ---- verbs.c ------------------------------------------------------------ */

/* The i-th verb of games of sc: the system's, then its module's; NULL past the last. */
const struct fm_verb *fm__verb_at(const struct fm_scenario *sc, size_t i);
/* The verb of games of sc named name (case-insensitive), or NULL. */
const struct fm_verb *fm__verb_find(const struct fm_scenario *sc, const char *name);
/* The rule id behind a system option (the module's, when its scenario sets the option for
 * an exclusive rule), else fallback. */
const char *fm__option_rule(const struct fm_scenario *sc, const char *key, const char *fallback);

/* ---- legal.c ------------------------------------------------------------ */

/* `options`: the actions the awaited decision allows the viewer's side (legal.c). */
int fm__q_options(const struct fm_game *g, const struct rules_viewer *who, int argc, char **argv,
                  cJSON *out, struct rules_error *err);
/* Offers the action "prefix choice" (choice NULL: "prefix"): listed under prefix only if
 * the engine accepts it now.  0, or WG_E_NO_MEMORY. */
int fm__offer(struct fm_legal *l, const char *prefix, const char *choice);
/* The hexes unit may set up in (FM-3.0-04), into out (at most max); their count, or
 * WG_E_NO_MEMORY.  While its side sets up: where `place` is accepted now (tried); else its
 * scenario's set-up hexes that its terrain allows. */
int fm__setup_hexes(const struct fm_game *g, int unit, int *out, int max);
/* 1 if the engine would accept line from the side `options` lists for (tried on a copy). */
int fm__try(struct fm_legal *l, const char *line);
/* As fm__offer, for an action the caller knows to be legal (not tried); mp_half, when >= 0,
 * is listed with it (the half MP a move spends). */
int fm__offer_known(struct fm_legal *l, const char *prefix, const char *choice, int mp_half);
/* 1 if side's `options` asks only about unit (options <unit>): a generator may skip
 * the others. */
int fm__legal_wants(const struct fm_legal *l, int unit);
/* The system verbs' generators (legal_gen.c). */
int fm__legal_place(const struct fm_game *g, int side, struct fm_legal *l);
int fm__legal_move(const struct fm_game *g, int side, struct fm_legal *l);
int fm__legal_enter(const struct fm_game *g, int side, struct fm_legal *l);
int fm__legal_end(const struct fm_game *g, int side, struct fm_legal *l);
int fm__legal_bombard(const struct fm_game *g, int side, struct fm_legal *l);
int fm__legal_attack(const struct fm_game *g, int side, struct fm_legal *l);
int fm__legal_support(const struct fm_game *g, int side, struct fm_legal *l);
int fm__legal_reduce(const struct fm_game *g, int side, struct fm_legal *l);
int fm__legal_retreat(const struct fm_game *g, int side, struct fm_legal *l);
int fm__legal_stiff(const struct fm_game *g, int side, struct fm_legal *l);
int fm__legal_displace(const struct fm_game *g, int side, struct fm_legal *l);
int fm__legal_advance(const struct fm_game *g, int side, struct fm_legal *l);

/* ---- snapshot.c --------------------------------------------------------- */

char *fm__snapshot(const struct rules_game *rg);
/* Reads the int array member key of o into v (at most max); its length, or -1 when it is
 * absent, too long or holds a non-number (snapshots of the system and of modules). */
int fm__json_ints(const cJSON *o, const char *key, int *v, int max);
/* 1 if lo <= v <= hi. */
int fm__in(int v, int lo, int hi);
int fm__restore(const struct rules_scenario *sc, const struct rules_options *opts, const char *snap,
                struct rules_game **out, struct rules_error *err);

/* ---- twin.c ------------------------------------------------------------- */

/* The ruleset's secret_twin (ruleset.h): another world side's opponent cannot tell. */
struct rules_game *fm__secret_twin(const struct rules_game *rg, int side, unsigned variant,
                                   char *what, size_t n, int *lasting);

/* ---- takeback.c --------------------------------------------------------- */

/* The ruleset's takeback_barrier (ruleset.h): a reveal, a support step's decision, a phase
 * ended or begun, a set-up ended (dice are the match's). */
int fm__takeback_barrier(const struct rules_game *rg, int side, int argc, char **argv,
                         const struct rules_events *ev, struct rules_error *why);

/* ---- fm.c --------------------------------------------------------------- */

/* One action without the atomicity net: dispatch (turn, awaited decision, the verb's
 * handler), the module's settle and the instant victory checks.  On refusal g may be half
 * changed: fm_apply restores a copy; `options` tries actions on a scratch copy. */
int fm__act(struct fm_game *g, struct rules_dice *d, int side, const struct fm_verb *v, int argc,
            char **argv, cJSON *reply, struct rules_events *ev, struct rules_error *err);
/* A freshly initialised game (initial state of the scenario). */
int fm__game_new(const struct fm_scenario *sc, const struct rules_options *opts,
                 struct fm_game **out, struct rules_error *err);
/* Adds a JSON array of unit ids / hex ids helpers used by events. */
cJSON *fm__json_hexes(const struct fm_game *g, const int16_t *hexes, int n);
/* printf into a reply "lines" array (creates it). */
void fm__line(cJSON *reply, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A unit's display id and strength "9/3 (5-4-6)". */
const char *fm__unit_label(const struct fm_game *g, int unit, char *buf, size_t n);

#endif
