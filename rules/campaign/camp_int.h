/*
 * camp_int.h -- internals of The Scheldt Campaign engine shared by its files.
 *
 * Files (one purpose each):
 *   scenario.c  loading and validating a scenario (docs/data-format-campaign.md)
 *   options.c   the game options (15.1, 15.2 and the SC-AMB readings that are switchable)
 *   ground.c    the map as the rules read it: terrain after the dikes, MP costs, the
 *               mechanized limits, Operations Zones, isolation, occupants, path searches
 *   hand.c      staff markers: hands, selection, the marker words players type
 *   admin.c     G-1: reinforcements, regroup, new Task Forces, recovery, the 5th Assault
 *               Regiment's passenger; set-up (random hits, scratch battalions, free set-up)
 *   move.c      G-3 Tactical Movement, G-4 Strategic Movement and Cross-Scheldt ferrying
 *   battle.c    G-3 Attack and the battle sequence of 10.1: commitment, Tactical
 *               Advantage, First and Return Fire, hits, reductions, retreats, advance
 *   special.c   the dikes, the Breskens Pocket, the 4th SSF, the 51st Division, Antwerp,
 *               the end of phases and turns, victory points and the level of victory
 *   game.c      the ruleset table: create, start, apply (atomic), host, pending, outcome
 *   verbs.c     the verb table and the dispatch of actions to their handlers
 *   view.c      view() and the query verbs (hand, oob, units, hex, battle, vp, tec, ...)
 *   board.c     the board as text (the map query, view()'s window) and as SVG
 *   legal.c     `options`: every legal action of the awaited decision
 *   snapshot.c  snapshot() and restore()
 *   twin.c      secret twins (another hand, another box, another commitment)
 *
 * The phase machine (g->phase, g->await; pending() in game.c says who decides):
 *
 *   SETUP_HITS --> SETUP_SCRATCH --> SETUP_FREE (setup=free) --> HAND (both, secret)
 *        |  hits               place                place, end       select
 *        v
 *   turn t, phasing allied then german:
 *     PREP --end--> OPS --end--> [end of Operations: SSF, Pocket, game end?] --> PLANNING
 *      | play G-1 ...  | play G-2/G-3/G-4 ...                                     | select
 *      | (REGROUP)     | (a battle: COMMIT both -> HITS -> RETREATS -> HITS ->     v
 *      | dikes         |  RETREAT -> ADVANCE -> housekeeping)       next player turn, or
 *      | withdraw      | dikes                                      End of Turn (turn + 1)
 *
 * Invariants:
 *   - struct camp_scenario is immutable once loaded; a game points to it.
 *   - struct camp_game is plain data (no pointers except sc): apply() saves a copy and
 *     puts it back when an action is refused (atomicity, ruleset.h).
 *   - a Tactical Unit is in exactly one place (struct camp_unit.where): on the map
 *     (detached, hex), in one HQ's holding box (tf), or off the map; an HQ is on the map
 *     only while its box holds a Tactical Unit (SC-3.7c), checked after every action.
 *   - hands are counts per marker type; hand[s][k] <= the side's mix of type k.
 *   - secrets (hands, box contents, locked commitments, scratch draws into boxes) reach
 *     the other side and spectators only through the reveals the rules make; every event
 *     carries its audience, and view() redacts (view.c).
 *
 * Pure: no I/O, no clock, no globals but constant tables.
 */
#ifndef RULES_CAMP_INT_H
#define RULES_CAMP_INT_H

#include <stddef.h>
#include <stdint.h>

#include "rules/core/hex.h"
#include "rules/core/hexmap.h"
#include "rules/core/ruleset.h"
#include "rules/core/sdoc.h"

#define CAMP_ENGINE_VERSION "campaign-1"

#define CAMP_ID         24
#define CAMP_NAME       48
#define CAMP_MAX_UNITS  256
#define CAMP_MAX_GROUPS 32
#define CAMP_MAX_RANDOM 32
#define CAMP_MAX_TURNS  64
#define CAMP_MAX_CITIES 8
#define CAMP_MAX_FERRY  4
#define CAMP_MAX_TOWNS  4
#define CAMP_MAX_C2     9  /* a Task Force holds at most C2 units; C2 is at most this */
#define CAMP_MAX_HEX    16 /* units in one hex at most (a soft cap for the battle lists) */
#define CAMP_MAX_BATTLE 64 /* units engaged on one side of a battle */
#define CAMP_NMARK      4  /* G-1 .. G-4 */

#define CAMP_ALLIED 0
#define CAMP_GERMAN 1

/* ---- counters ---------------------------------------------------------- */

enum camp_nat {
	CAMP_NAT_CANADIAN,
	CAMP_NAT_BRITISH,
	CAMP_NAT_POLISH,
	CAMP_NAT_US,
	CAMP_NAT_GERMAN,
	CAMP_NAT_COUNT
};

/* unit classes (data: "classes") */
#define CAMP_C_ARTILLERY 0x001u /* has a range (SC-AMB-12) */
#define CAMP_C_MECH      0x002u /* 9.1.4, 9.2.3 */
#define CAMP_C_MOTOR     0x004u /* 10.5.6, 13.1.2, 13.1.6 (SC-AMB-44) */
#define CAMP_C_INFANTRY  0x008u /* infantry-class: infantry, parachute, special forces */
#define CAMP_C_COASTAL   0x010u /* coastal artillery (13.2.1) */
#define CAMP_C_SCRATCH   0x020u /* scratch battalion (13.2.2) */
#define CAMP_C_ELITE     0x040u /* no G-1 recovery (13.2.4) */
#define CAMP_C_FRAGILE   0x080u /* eliminated by any hit (13.1.1d, 13.1.6e) */

enum camp_special {
	CAMP_SP_NONE,
	CAMP_SP_FUNNIES, /* 13.1.1 */
	CAMP_SP_ASSAULT, /* 13.1.2 */
	CAMP_SP_APC,     /* 13.1.6 */
	CAMP_SP_SSF,     /* 13.1.4 */
	CAMP_SP_PARA,    /* 13.1.3 */
};

enum camp_setup_kind {
	CAMP_SET_HEX,     /* on the map */
	CAMP_SET_TF,      /* in an HQ's box */
	CAMP_SET_BOX,     /* an empty HQ on the OOB mat */
	CAMP_SET_REINF,   /* arrives with a reinforcement group */
	CAMP_SET_SCRATCH, /* drawn at random (13.2.2) */
};

struct camp_unit_def {
	char id[CAMP_ID];
	char name[CAMP_NAME];
	char type[CAMP_ID];
	char size[4];
	int side, nat, hq;
	int af, df, mf, range, af_boxed, df_boxed;
	unsigned classes;
	int special;
	int hits;
	int setup;     /* enum camp_setup_kind */
	int setup_hex; /* CAMP_SET_HEX */
	int setup_tf;  /* CAMP_SET_TF, or REINF with a box: the HQ's index, else -1 */
	int group;     /* CAMP_SET_REINF: the group's index */
};

enum camp_group_kind { CAMP_G_NORMAL, CAMP_G_PARA, CAMP_G_SSF, CAMP_G_51 };

struct camp_group {
	char id[CAMP_ID];
	int side, kind;
	int first, last;           /* turns (inclusive); SSF: see turns[] */
	int nturns;                /* SSF: the listed turns */
	int turns[8];              /* SSF */
	int ntowns;                /* SSF */
	int towns[CAMP_MAX_TOWNS]; /* SSF: zone indexes */
	int withdraw_turn;         /* division_51 */
	struct rules_hexlist entry;
};

struct camp_random_hits {
	int tf;   /* HQ index */
	int dice; /* D6 rolled */
	int add;
};

struct camp_scenario {
	char id[CAMP_ID];
	char title[96];
	char description[256];
	char side_names[RULES_SIDES][CAMP_ID];
	int c2[RULES_SIDES];
	int turns;
	int setup_order[RULES_SIDES];
	int nlabels;
	char labels[CAMP_MAX_TURNS][24];
	int markers[RULES_SIDES][CAMP_NMARK];

	struct rules_hexmap map;
	int tm[RULES_MAP_TERRAIN];      /* per terrain type: base modifier */
	int tm_add[RULES_MAP_TERRAIN];  /* per terrain type: "+N" */
	int fort[RULES_MAP_TERRAIN];    /* per terrain type: a fortification */
	int side_tm[RULES_MAP_TERRAIN]; /* per hexside type */
	uint32_t clear_mask, polder_mask, flooded_mask, sea_mask; /* terrain bits by flag */
	uint32_t water_sides, causeway_sides;                     /* hexside bits by flag */
	int t_clear, t_polder, t_flooded; /* the types the dikes turn into one another, -1 */
	int road_half;

	int z_walcheren, z_pocket, z_antwerp;
	int ncities;
	int cities[CAMP_MAX_CITIES]; /* zone indexes */
	int nferries;
	int ferry[CAMP_MAX_FERRY][2]; /* zone indexes */

	int nunits;
	struct camp_unit_def units[CAMP_MAX_UNITS];
	int nrandom;
	struct camp_random_hits random[CAMP_MAX_RANDOM];
	int scratch_dice, scratch_per_g1;
	struct rules_hexlist scratch_zone, scratch_entry;
	int ngroups;
	struct camp_group groups[CAMP_MAX_GROUPS];
	int has_free;
	struct rules_hexlist free_zone[RULES_SIDES];
};

/* ---- game options (options.c; docs/scenarios/scheldt-campaign-rules.md) ---- */

struct camp_opts {
	int reaction;         /* 15.1 Tactical Reaction */
	int free_setup;       /* 15.2 Free Setup Variant */
	int underfilled_hand; /* SC-AMB-13: a hand may hold fewer than C2 */
	int exam_seconds;     /* SC-AMB-30 */
	int exam_hits;        /* SC-AMB-30 */
	int isolation_sea;    /* SC-AMB-20: isolation ignores all-sea neighbours */
	int oz_water;         /* SC-AMB-27: an OZ reaches across water */
	int attack_water;     /* SC-AMB-42: attacks across water hexsides */
	int surrender_dead;   /* SC-AMB-57: surrendered units count as dead */
	int idle_artillery;   /* SC-AMB-35: non-participating attacker artillery supports */
	int resign_smashing;  /* SC-AMB-61 */
};

/* ---- the game state ------------------------------------------------------ */

enum camp_where {
	CAMP_W_MAP,     /* on the map at hex: an HQ, or a detached Tactical Unit */
	CAMP_W_BOX,     /* in the holding box of HQ tf */
	CAMP_W_MAT,     /* an HQ off the map, empty, in its box on the OOB mat */
	CAMP_W_WAITING, /* a reinforcement not yet entered */
	CAMP_W_POOL,    /* a scratch battalion not drawn */
	CAMP_W_DRAWN,   /* a scratch battalion drawn at set-up, not placed yet */
	CAMP_W_DEAD,    /* the Dead Pile (counts for victory points) */
	CAMP_W_GONE,    /* out of the game: set-up losses, surrender, withdrawal */
};

/* struct camp_unit.flags */
#define CAMP_F_MOVED     0x01u /* Tactical Movement this player turn (9.1.1) */
#define CAMP_F_RECOVERED 0x02u /* recovered this player turn: no operations (7.3.1) */
#define CAMP_F_CROSSED   0x04u /* crossed the Scheldt this player turn (11.1.1) */
#define CAMP_F_PLACED    0x08u /* placed in free set-up */
#define CAMP_F_LANDED    0x10u /* the 4th SSF landed this turn, first attack pending */

struct camp_unit {
	int8_t where;
	uint8_t flags;
	uint8_t hits;
	int16_t hex;     /* CAMP_W_MAP */
	int16_t tf;      /* CAMP_W_BOX */
	int16_t partner; /* the 5th Assault Regiment's passenger (and back), or -1 */
};

enum camp_phase {
	CAMP_PH_SETUP_HITS,
	CAMP_PH_SETUP_SCRATCH,
	CAMP_PH_SETUP_FREE,
	CAMP_PH_HAND,
	CAMP_PH_PREP,
	CAMP_PH_OPS,
	CAMP_PH_PLANNING,
	CAMP_PH_OVER,
};

enum camp_await {
	CAMP_AW_PHASE,    /* the phase's own decision (set-up, hand, phase, planning) */
	CAMP_AW_REGROUP,  /* a regroup in progress (7.2) */
	CAMP_AW_COMMIT,   /* battle step 2, both sides (10.2) */
	CAMP_AW_HITS,     /* a side allocates hits (10.5.2) */
	CAMP_AW_RETREATS, /* the defender converts hits to retreats (10.5.5) */
	CAMP_AW_RETREAT,  /* the defender retreats its surviving units (10.5.6) */
	CAMP_AW_ADVANCE,  /* the attacker may advance (10.5.6) */
	CAMP_AW_WITHDRAW, /* the 51st Division's withdrawal (13.1.5) */
};

/* A battle's commitment of one side (10.2); secret until both are locked. */
struct camp_commit {
	int locked;
	int g2;    /* G-2 markers committed (8.1) */
	int art;   /* G-4 as artillery support (10.4) */
	int air;   /* G-4 as air support, Allied only */
	int react; /* G-3 Tactical Reaction (15.1): the unit, or -1 */
};

enum camp_battle_stage {
	CAMP_B_NONE,
	CAMP_B_COMMIT,
	CAMP_B_FIRST_HITS,  /* the TDA side allocates First Fire hits */
	CAMP_B_CONVERT,     /* the defender with TA converts Return Fire hits */
	CAMP_B_RETURN_HITS, /* the TA side allocates Return Fire hits */
	CAMP_B_RETREAT,     /* the defender retreats */
	CAMP_B_ADVANCE,     /* the attacker advances or not */
};

struct camp_fire {
	int side;      /* who fired */
	int dice;      /* rolled */
	int raw;       /* hits rolled (5: 1, 6: 2) */
	int reduction; /* the defender's reduction (10.5.5) */
	int net;       /* hits to take */
	int retreats;  /* converted to retreats */
	int ones, fives, sixes;
};

struct camp_battle {
	int stage;
	int attacker;     /* the side that attacks */
	int unit;         /* the attacking unit: an HQ or a detached Tactical Unit */
	int from, target; /* hexes */
	int npart;        /* the attacker's participating Tactical Units */
	int16_t part[CAMP_MAX_C2 + 2];
	int apc;      /* 13.1.6: the designated unit, or -1 */
	int apc_left; /* the one hit it may still cancel */
	struct camp_commit c[RULES_SIDES];
	int ta;   /* the side with Tactical Advantage */
	int ndef; /* the defending Tactical Units (10.5.2: all in the hex) */
	int16_t def[CAMP_MAX_BATTLE];
	int nsup[RULES_SIDES]; /* G-4 artillery that fires (10.4c) */
	int16_t sup[RULES_SIDES][CAMP_MAX_BATTLE];
	uint8_t hits0[CAMP_MAX_UNITS]; /* hits when the battle began (10.5.4: artillery fires
	                                  at the strength it came with) */
	struct camp_fire fire[2];      /* First Fire, Return Fire */
	int left;                      /* hits still to allocate */
	int alloc_side;
	int retreat_len; /* hexes each surviving defender retreats */
	int hq_hits;     /* hits HQs took (10.5.2h) */
};

/* A regroup in progress (7.2): the designated HQ and its hex. */
struct camp_regroup {
	int tf;
	int hex;
};

struct camp_game {
	const struct camp_scenario *sc;
	struct camp_opts opt;
	int turn;    /* 1..turns */
	int phasing; /* the side whose Player Turn it is */
	int phase;   /* enum camp_phase */
	int await;   /* enum camp_await */
	int setup_side;
	int hand[RULES_SIDES][CAMP_NMARK];
	int hand_locked[RULES_SIDES]; /* the initial hands (SC-AMB-15) */
	int opintel;                  /* Operational Intelligence plays this player turn */
	int rh_next;                  /* SETUP_HITS: the random-hits entry being allocated */
	int rh_left;                  /* its hits still to allocate */
	struct camp_regroup rg;
	struct camp_battle b;
	struct camp_unit u[CAMP_MAX_UNITS];
	int nunits;
	/* special rules */
	int dikes;              /* 13.3.3: broken */
	int walcheren_entered;  /* an Allied unit has entered Walcheren (13.3.3) */
	int antwerp_vp;         /* 14.2.2g awarded */
	int paras;              /* parachute brigades dropped (13.1.3f) */
	int d51_turns;          /* game turns that ended with the 51st on the map (13.1.5d) */
	int d51;                /* 0 not entered, 1 on the map, 2 withdrawn */
	int d51_entry;          /* the turn it entered (its withdrawal is in a later turn) */
	int ssf;                /* 0 not landed, 1 landed this turn, 2 in play, 3 gone */
	int ssf_town;           /* the zone it lands next to */
	int pocket_surrendered; /* 13.3.2 */
	int wd_need[4];         /* 13.1.5g: substitutes still to name (HQ, infantry, artillery,
	                           other), during a withdrawal */
	/* the end */
	int over;
	int winner;          /* 0, 1, -1 draw */
	int level;           /* enum camp_level */
	int vp[RULES_SIDES]; /* half points */
	char summary[256];
};

enum camp_level { CAMP_L_NONE, CAMP_L_DRAW, CAMP_L_MARGINAL, CAMP_L_IMPRESSIVE, CAMP_L_SMASHING };

/* ---- verbs (verbs.c) ------------------------------------------------------ */

/* An awaited decision a verb answers: CAMP_AWAITS(CAMP_AW_*) bits, or 0 for a query. */
#define CAMP_AWAITS(a) (1u << (a))

struct camp_verb {
	struct rules_verb v; /* first member: the ruleset hands out &v */
	unsigned awaits;
	int (*exec)(struct camp_game *g, struct rules_dice *d, int side, int argc, char **argv,
	            cJSON *reply, struct rules_events *ev, struct rules_error *err);
	int (*query)(const struct camp_game *g, const struct rules_viewer *who, int argc,
	             char **argv, cJSON *out, struct rules_error *err);
};

const struct camp_verb *camp__verb_at(size_t i);
const struct camp_verb *camp__verb_find(const char *name);

/* ---- scenario.c ------------------------------------------------------------ */

int camp__scenario_load(const struct ruleset *rs, const char *source, const cJSON *doc,
                        struct rules_scenario **out, struct rules_error *err);
int camp__scenario_lint(const struct ruleset *rs, const char *source, const cJSON *doc,
                        void (*report)(void *ctx, int severity, const char *path,
                                       const char *message),
                        void *ctx);
void camp__scenario_free(struct rules_scenario *sc);
void camp__scenario_info(const struct rules_scenario *sc, struct rules_scenario_info *info);
/* The unit whose typed id is id (case-insensitive, '_' for a space), or -1. */
int camp__unit_by_id(const struct camp_scenario *sc, const char *id);
/* The group whose id is id (case-insensitive), or -1. */
int camp__group_by_id(const struct camp_scenario *sc, const char *id);
/* The side named name (case-insensitive), or -1. */
int camp__side_by_name(const struct camp_scenario *sc, const char *name);
const char *camp__nat_name(int nat);

/* ---- options.c -------------------------------------------------------------- */

int camp__opts_build(const struct camp_scenario *sc, const struct rules_options *in,
                     struct camp_opts *o, struct rules_error *err);

/* ---- ground.c: the map as the rules read it ------------------------------------ */

/* The terrain bits of hex now (after the dikes, 13.3.3). */
uint32_t camp__terrain(const struct camp_game *g, int hex);
int camp__is_sea(const struct camp_game *g, int hex);
int camp__is_polder(const struct camp_game *g, int hex); /* polder or flooded */
int camp__is_clear(const struct camp_game *g, int hex);
/* 1 if the hexside between adjacent a and b carries a road / is water / is the causeway. */
int camp__road_side(const struct camp_game *g, int a, int b);
int camp__water_side(const struct camp_game *g, int a, int b);
int camp__causeway_side(const struct camp_game *g, int a, int b);
/* 1 if hex is in zone z. */
int camp__in_zone(const struct camp_game *g, int hex, int z);
/* The hex's Terrain Modifier (10.5.5b; the fortification apart). */
int camp__hex_tm(const struct camp_game *g, int hex);
int camp__hex_fort(const struct camp_game *g, int hex);
/* The modifier of the hexside between a and b (10.5.5c). */
int camp__side_tm(const struct camp_game *g, int a, int b);

/* Occupants: 1 if a unit of side is on the map at hex (HQs and detached units). */
int camp__side_in(const struct camp_game *g, int hex, int side);
int camp__occupied(const struct camp_game *g, int hex);
/* 1 if an HQ of side is at hex. */
int camp__hq_in(const struct camp_game *g, int hex, int side);
/* 1 if hex is in an Operations Zone of a Task Force of side (3.4a). */
int camp__in_oz(const struct camp_game *g, int hex, int side);
/* 1 if hex is an uncontested Operations Zone hex of the enemies of side: vacant (no unit
 * at all, SC-AMB-21) and in an OZ of theirs (3.4b). */
int camp__uncontested_enemy_oz(const struct camp_game *g, int hex, int side);
/* 1 if a unit of side at hex is Isolated (3.2a). */
int camp__isolated(const struct camp_game *g, int hex, int side);
/* 1 if any unit of the enemy of side is adjacent to hex. */
int camp__enemy_adjacent(const struct camp_game *g, int hex, int side);

/* The hex a unit is at (its HQ's for a boxed unit), or -1 off the map. */
int camp__unit_hex(const struct camp_game *g, int unit);
/* The Tactical Units that move with unit (an HQ's box, a detached unit and its passenger):
 * n indexes into out (max CAMP_MAX_C2 + 2). */
int camp__members(const struct camp_game *g, int unit, int16_t *out);
/* The number of Tactical Units in HQ tf's box. */
int camp__box_count(const struct camp_game *g, int tf);

/* Movement classes of a unit that moves (9.1.3, 9.1.4, 13.1.2). */
struct camp_mover {
	int side;
	int mf;        /* MP: the slowest member's MF (9.1.3), the carried group's 4 */
	int mech;      /* a member is mechanized: 9.1.4 */
	int amphibian; /* a detached 5th Assault group: 13.1.2d */
	int motor;     /* mechanized or motorized: 10.5.6d */
};
void camp__mover(const struct camp_game *g, int unit, struct camp_mover *mv);

/*
 * One step of movement from a to adjacent b by mv: 0 when it may be taken and *half its
 * cost in half MP, else a negative WG_E_* with err filled and its rule (terrain
 * prohibitions, water, mechanized limits, enemy units).  The OZ stop is the caller's.
 */
int camp__step(const struct camp_game *g, const struct camp_mover *mv, int a, int b, int *half,
               struct rules_error *err);

/*
 * Every hex unit can reach by Tactical (strategic = 0) or Strategic Movement now:
 * cost[h] the least half MP to end there, -1 unreachable; prev[h] the hex before on that
 * path.  Obeys 9.1.1 (stops in uncontested enemy OZ, no enemy hexes), 9.1.4, 9.1.6 (one
 * hex always), 11.1 (no hex adjacent to an enemy unit), 13.1.2e (not ending at sea).
 * Arrays of grid.count entries.  Returns 0 or WG_E_NO_MEMORY.
 */
int camp__reach(const struct camp_game *g, int unit, int strategic, int *cost, int *prev);

/* ---- hand.c ---------------------------------------------------------------- */

/* "G-1" .. "G-4" */
const char *camp__marker_name(int k);
/* The marker type a player typed ("G-1", "g1", "G1", "1"), or -1. */
int camp__marker_parse(const char *s);
/* The hand as text ("2xG-1 3xG-3 2xG-4"), or "none". */
char *camp__hand_text(const int hand[CAMP_NMARK], char *buf, size_t n);
int camp__hand_size(const struct camp_game *g, int side);
/* Parses the markers of argv (each "G-1" or "2xG-1") into counts. */
int camp__parse_markers(int argc, char **argv, int counts[CAMP_NMARK], struct rules_error *err);
/* Takes a marker of type k from side's hand to play it (the rule checks are the caller's):
 * refused when the hand has none. */
int camp__spend(struct camp_game *g, int side, int k, struct rules_error *err);

int camp__do_select(struct camp_game *g, struct rules_dice *d, int side, int argc, char **argv,
                    cJSON *reply, struct rules_events *ev, struct rules_error *err);

/* ---- admin.c (G-1, set-up) ------------------------------------------------------ */

int camp__setup_begin(struct camp_game *g, struct rules_dice *d, struct rules_events *ev,
                      struct rules_error *err);
int camp__setup_next(struct camp_game *g, struct rules_dice *d, struct rules_events *ev,
                     struct rules_error *err);
int camp__do_place(struct camp_game *g, struct rules_dice *d, int side, int argc, char **argv,
                   cJSON *reply, struct rules_events *ev, struct rules_error *err);
int camp__play_g1(struct camp_game *g, struct rules_dice *d, int side, int argc, char **argv,
                  cJSON *reply, struct rules_events *ev, struct rules_error *err);
int camp__do_attach(struct camp_game *g, struct rules_dice *d, int side, int argc, char **argv,
                    cJSON *reply, struct rules_events *ev, struct rules_error *err);
int camp__do_detach(struct camp_game *g, struct rules_dice *d, int side, int argc, char **argv,
                    cJSON *reply, struct rules_events *ev, struct rules_error *err);
int camp__do_done(struct camp_game *g, struct rules_dice *d, int side, int argc, char **argv,
                  cJSON *reply, struct rules_events *ev, struct rules_error *err);
/* Checks, for legal.c: 0 if unit may be attached to HQ tf / detached to hex now. */
int camp__attach_check(const struct camp_game *g, int unit, int tf, struct rules_error *err);
int camp__detach_check(const struct camp_game *g, int unit, int hex, struct rules_error *err);
/* The setup hits allocation (kind "setup-hits") answered by `hits`. */
int camp__setup_hits(struct camp_game *g, struct rules_dice *d, int side, int argc, char **argv,
                     cJSON *reply, struct rules_events *ev, struct rules_error *err);
/* Where reinforcement group gi may appear now: 0 or a refusal (7.1c, 3.2b). */
int camp__entry_check(const struct camp_game *g, int gi, int unit, int hex,
                      struct rules_error *err);
/* 1 if group gi may enter this turn (turns, once, kind). */
int camp__group_due(const struct camp_game *g, int gi);

/* ---- move.c ---------------------------------------------------------------- */

int camp__play_move(struct camp_game *g, int side, int unit, int strategic, int argc, char **argv,
                    cJSON *reply, struct rules_events *ev, struct rules_error *err);
int camp__play_ferry(struct camp_game *g, int side, int unit, cJSON *reply, struct rules_events *ev,
                     struct rules_error *err);
/* 0 if unit may start a Tactical (strategic 0) or Strategic Movement now. */
int camp__may_move(const struct camp_game *g, int side, int unit, int strategic,
                   struct rules_error *err);
/* The town zone across the Scheldt from hex for side's ferry, or -1 (11.1.1). */
int camp__ferry_dest(const struct camp_game *g, int side, int unit, int *dest_hex,
                     struct rules_error *err);
/* Puts unit (and its box, its passenger) at hex; marks Walcheren entries. */
void camp__put(struct camp_game *g, int unit, int hex);

/* ---- battle.c -------------------------------------------------------------- */

int camp__play_attack(struct camp_game *g, struct rules_dice *d, int side, int argc, char **argv,
                      cJSON *reply, struct rules_events *ev, struct rules_error *err);
/* Checks an attack of unit on target with the participants named (none: the default set);
 * fills part/npart/apc. */
int camp__attack_check(const struct camp_game *g, int side, int unit, int target, int nnamed,
                       char **named, int16_t *part, int *npart, int *apc, struct rules_error *err);
int camp__do_commit(struct camp_game *g, struct rules_dice *d, int side, int argc, char **argv,
                    cJSON *reply, struct rules_events *ev, struct rules_error *err);
int camp__do_hits(struct camp_game *g, struct rules_dice *d, int side, int argc, char **argv,
                  cJSON *reply, struct rules_events *ev, struct rules_error *err);
int camp__do_retreats(struct camp_game *g, struct rules_dice *d, int side, int argc, char **argv,
                      cJSON *reply, struct rules_events *ev, struct rules_error *err);
int camp__do_retreat(struct camp_game *g, struct rules_dice *d, int side, int argc, char **argv,
                     cJSON *reply, struct rules_events *ev, struct rules_error *err);
int camp__do_advance(struct camp_game *g, struct rules_dice *d, int side, int argc, char **argv,
                     cJSON *reply, struct rules_events *ev, struct rules_error *err);
/* Checks a commitment (10.2, 10.4, 15.1) of counts c by side: 0 or a refusal. */
int camp__commit_check(const struct camp_game *g, int side, const struct camp_commit *c,
                       struct rules_error *err);
/* The hits that unit may still take in the current allocation (0: none). */
int camp__hit_room(const struct camp_game *g, int unit);
/* 1 if giving one more hit to unit leaves an allocation of the rest that obeys 10.5.2. */
int camp__hit_ok(const struct camp_game *g, int unit);
/* The largest number of hits the defender may convert to retreats now (10.5.5g, 10.5.6f). */
int camp__max_retreats(const struct camp_game *g);
/* 1 if the defender's unit can retreat n hexes from the battle hex (10.5.6). */
int camp__can_retreat(const struct camp_game *g, int unit, int n);
/* Every legal retreat path of unit of length n: fn(ctx, path, n) per path; returns count. */
int camp__retreat_paths(const struct camp_game *g, int unit, int n,
                        void (*fn)(void *ctx, const int *path, int n), void *ctx);
/* The units that must still retreat (surviving defenders not yet retreated): count. */
int camp__retreaters(const struct camp_game *g, int16_t *out);
/* 0 if the attacker may advance now (10.5.6g, SC-AMB-41). */
int camp__advance_check(const struct camp_game *g, struct rules_error *err);
/* Effective AF / DF (2.2.2c): printed minus hits, at least 0. */
int camp__eff_af(const struct camp_game *g, int unit);
int camp__eff_df(const struct camp_game *g, int unit);
/* Sends a Tactical Unit to the Dead Pile, with what it takes along (13.1.2f, 13.1.6c). */
void camp__eliminate(struct camp_game *g, int unit, struct rules_events *ev, const char *why);

/* ---- special.c --------------------------------------------------------------- */

int camp__do_dikes(struct camp_game *g, struct rules_dice *d, int side, int argc, char **argv,
                   cJSON *reply, struct rules_events *ev, struct rules_error *err);
int camp__do_withdraw(struct camp_game *g, struct rules_dice *d, int side, int argc, char **argv,
                      cJSON *reply, struct rules_events *ev, struct rules_error *err);
int camp__do_end(struct camp_game *g, struct rules_dice *d, int side, int argc, char **argv,
                 cJSON *reply, struct rules_events *ev, struct rules_error *err);
/* The Planning Phase's selection is done: the player turn ends. */
int camp__player_turn_end(struct camp_game *g, struct rules_dice *d, struct rules_events *ev,
                          struct rules_error *err);
/* Starts the first player turn after the set-up. */
int camp__turn_begin(struct camp_game *g, struct rules_dice *d, struct rules_events *ev,
                     struct rules_error *err);
/* Coastal artillery units still in play (all, or in the Breskens Pocket). */
int camp__coastal_left(const struct camp_game *g, int pocket_only);
/* Victory points now (half points) and the level of victory they give. */
void camp__victory_points(const struct camp_game *g, int vp[RULES_SIDES]);
int camp__level(int a, int b);
const char *camp__level_name(int level);
/* The substitute type of unit for a withdrawal (SC-AMB-53): 0 HQ, 1 infantry, 2 artillery,
 * 3 other; and 1 if unit may replace a lost component of that type now. */
int camp__wd_type(const struct camp_game *g, int unit);
int camp__wd_candidate(const struct camp_game *g, int unit);
/* `end` of a free set-up (admin.c). */
int camp__setup_free_end(struct camp_game *g, struct rules_dice *d, int side,
                         struct rules_events *ev, struct rules_error *err);
/* Ends the game with this result. */
void camp__game_over(struct camp_game *g, int winner, int level, struct rules_events *ev,
                     const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* After every action: HQs with empty boxes leave the map (3.7c), broken pairs part. */
void camp__tidy(struct camp_game *g, struct rules_events *ev);
/* HQs with empty boxes leave the map now (3.7c, 10.5.2g: also inside a battle). */
void camp__hqs_off(struct camp_game *g, struct rules_events *ev);

/* ---- game.c -------------------------------------------------------------------- */

void camp__pending(const struct rules_game *g, struct rules_pending *p);
int camp__acting(const struct camp_game *g, int side);

/* ---- view.c, board.c, legal.c ----------------------------------------------- */

cJSON *camp__view(const struct rules_game *g, const struct rules_viewer *who);
int camp__q_hand(const struct camp_game *g, const struct rules_viewer *who, int argc, char **argv,
                 cJSON *out, struct rules_error *err);
int camp__q_oob(const struct camp_game *g, const struct rules_viewer *who, int argc, char **argv,
                cJSON *out, struct rules_error *err);
int camp__q_units(const struct camp_game *g, const struct rules_viewer *who, int argc, char **argv,
                  cJSON *out, struct rules_error *err);
int camp__q_hex(const struct camp_game *g, const struct rules_viewer *who, int argc, char **argv,
                cJSON *out, struct rules_error *err);
int camp__q_battle(const struct camp_game *g, const struct rules_viewer *who, int argc, char **argv,
                   cJSON *out, struct rules_error *err);
int camp__q_vp(const struct camp_game *g, const struct rules_viewer *who, int argc, char **argv,
               cJSON *out, struct rules_error *err);
int camp__q_tec(const struct camp_game *g, const struct rules_viewer *who, int argc, char **argv,
                cJSON *out, struct rules_error *err);
int camp__q_reach(const struct camp_game *g, const struct rules_viewer *who, int argc, char **argv,
                  cJSON *out, struct rules_error *err);
int camp__q_reinforcements(const struct camp_game *g, const struct rules_viewer *who, int argc,
                           char **argv, cJSON *out, struct rules_error *err);
int camp__q_map(const struct camp_game *g, const struct rules_viewer *who, int argc, char **argv,
                cJSON *out, struct rules_error *err);
int camp__q_options(const struct camp_game *g, const struct rules_viewer *who, int argc,
                    char **argv, cJSON *out, struct rules_error *err);
char *camp__picture(const struct rules_game *g, const struct rules_viewer *who, int argc,
                    char **argv, struct rules_error *err);
/* The board window of view(): lines appended to arr. */
void camp__board_lines(const struct camp_game *g, const struct rules_viewer *who, cJSON *arr);

/* ---- snapshot.c, twin.c ---------------------------------------------------------- */

char *camp__snapshot(const struct rules_game *g);
int camp__restore(const struct rules_scenario *sc, const struct rules_options *opts,
                  const char *snapshot, struct rules_game **out, struct rules_error *err);
struct rules_game *camp__secret_twin(const struct rules_game *g, int side, unsigned variant,
                                     char *what, size_t n, int *lasting);

/* ---- small helpers (game.c) --------------------------------------------------------- */

const char *camp__hex_id(const struct camp_game *g, int hex, char *buf);
/* A hex the player typed, or a refusal (no-such-hex). */
int camp__parse_hex(const struct camp_game *g, const char *s, int *hex, struct rules_error *err);
/* A unit the player typed, or a refusal (no-such-unit). */
int camp__parse_unit(const struct camp_game *g, const char *s, int *unit, struct rules_error *err);
/* The typed id of unit ("4CAD"). */
const char *camp__uid(const struct camp_game *g, int unit);
/* "6-8-4" with hits ("6-8-4 -2"), or "HQ". */
const char *camp__factors(const struct camp_game *g, int unit, char *buf, size_t n);
/* Appends a line of text to reply's "lines". */
void camp__line(cJSON *reply, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A side's name. */
const char *camp__side(const struct camp_game *g, int side);
/* The audience of side's secrets (that side only). */
#define CAMP_AUD_OWN(s) RULES_AUD_SIDE(s)
/* Emits an event for side alone (its secret, or what the rules show it only): the event
 * carries "for": <side> so that a program can tell it from the public ones (rules_emit). */
int camp__emit_own(struct rules_events *ev, const struct camp_game *g, int side, const char *type,
                   cJSON *fields, const char *fmt, ...) __attribute__((format(printf, 6, 7)));

#endif
