/*
 * scheldt.h -- internals of the Battle of the Scheldt exclusive rules
 * (rulebook 10.0-18.0), the F&M module "scheldt": `const struct fm_module
 * scheldt_module`, listed in rules/fm/hooks.c and selected by a scenario's
 * "exclusive": {"module": "scheldt", ...} (docs/scenarios/scheldt-rules.md
 * documents that object, the options and every AMB decision).
 *
 * Files (one purpose each):
 *   scheldt.c  the hooks table and options; game state: init, settle (last
 *              occupant of the tracked hexes, assault hexes left), snapshot,
 *              view, the `exclusive` query; victory (17.0)
 *   data.c     the "exclusive" object: parsing into struct scheldt_data, and the
 *              consistency checks of the map facts the rules rely on (lint)
 *   ground.c   movement, entry, retreat, advance, displacement and attack
 *              limits: Breskens Pocket freeze and Leopold Canal (13.0), the
 *              Braakman crossing (13.0), flooded, inlet and river hexes (12.0,
 *              15.1), sea hexes and hexsides (15.0), the causeway (15.2), the
 *              104th (11.2), the 719's entry (11.2), landed units and hexes
 *              closed to Germans (16.3)
 *   markers.c  support fire: specials out of the random draw (14.0), the German
 *              +5 anti-tank marker (14.1), the Allied +10 naval markers (16.4);
 *              the ranges of 14.2 and 16.4 are data (support.ranges)
 *   combat.c   CRT lines (engineers 12.0; the beach_assault situation of the
 *              Coastal line, which is data: crt.situations),
 *              the special results of a shared-hex assault (16.3), mandatory
 *              attacks and incomplete landings (end_check)
 *   assault.c  the `land` verb: the South Beveland (16.1) and Walcheren (16.2)
 *              assault groups, their conditions, the shared hex (16.3)
 *   rebuild.c  the end of a player turn: the 155th's withdrawal (13.1), the
 *              `rebuild` verb and its limits (11.0, 11.1), the overland trace
 *
 * Invariants:
 *   - struct scheldt_data (sc->ex_data) is built once at load and never changes;
 *     every per-hex fact is a flag in hexf[], every hexside fact in sidef[].
 *   - struct scheldt_state lives in g->ex: plain data, no pointers, so the
 *     engine's copy-and-restore atomicity and snapshots cover it.
 *   - every refusal names the exclusive rule (BS-...) that forbids the act.
 */
#ifndef RULES_FM_SCHELDT_H
#define RULES_FM_SCHELDT_H

#include "rules/fm/fm_int.h"

#define SCH_MAX_TRACK   64 /* hexes whose last occupant is recorded (16.1, 16.2) */
#define SCH_MAX_LANDED  16 /* landings of the two assault groups */
#define SCH_MAX_BARRED  16 /* hexes no German unit may enter (16.3) */
#define SCH_MAX_GROUP   8  /* units of one assault group */
#define SCH_MAX_WINDOWS 8  /* rebuild windows */

/* per hex (scheldt__data.hexf) */
#define SCH_HF_FLOODED   0x0001u /* flooded terrain (12.0) */
#define SCH_HF_INLET     0x0002u /* inlet (15.1) */
#define SCH_HF_RIVER     0x0004u /* Scheldt River hex (TEM) */
#define SCH_HF_SEA       0x0008u /* all-sea hex (15.0) */
#define SCH_HF_COASTAL   0x0010u /* land hex on the sea (16.1, 16.2, 16.4) */
#define SCH_HF_POCKET    0x0020u /* Breskens Pocket (13.0) */
#define SCH_HF_ANTWERP   0x0040u /* Antwerp (11.0, 11.2) */
#define SCH_HF_WALCHEREN 0x0080u /* Walcheren Island (16.2, 16.4) */
#define SCH_HF_VICTORY   0x0100u /* west of the 2022-3217 line (17.0) */
#define SCH_HF_US104_OFF 0x0200u /* west of Woensdrecht: barred to the 104th (11.2) */
#define SCH_HF_BRAAKMAN  0x0400u /* 2637, 2737, 2837 (13.0) */

/* per hexside slot (scheldt__data.sidef) */
#define SCH_SF_SEA      0x01u /* all-sea hexside (15.0, 15.1) */
#define SCH_SF_BARRED   0x02u /* causeway-barred hexside (15.2) */
#define SCH_SF_LEOPOLD  0x04u /* Leopold Canal (13.0) */
#define SCH_SF_CAUSEWAY 0x08u /* the causeway 1739/1838 (15.2, TEM) */
#define SCH_SF_BRAAKMAN 0x10u /* all-sea hexside crossable on Turn 4 (13.0) */

/* per unit (scheldt__data.unitf) */
#define SCH_UF_FROZEN    0x01u /* frozen on Turns 1-3 (13.0, AMB-54) */
#define SCH_UF_POCKET_DE 0x02u /* German unit starting in the pocket (16.1, AMB-64) */
#define SCH_UF_BEVELAND  0x04u /* South Beveland assault group (16.1) */
#define SCH_UF_WALCHEREN 0x08u /* Walcheren assault group (16.2) */
#define SCH_UF_US104     0x10u /* US 104th Division (11.2) */
#define SCH_UF_NORTH     0x20u /* enters at the first free hex north (11.2, AMB-44) */
#define SCH_UF_WITHDRAW  0x40u /* the 155th Regiment (13.1) */

#define SCH_GROUP_BEVELAND  0
#define SCH_GROUP_WALCHEREN 1

/* The battle situations the module reports (fm_module.situations, crt.situations). */
#define SCH_SIT_BEACH_ASSAULT 0 /* "beach_assault": the Coastal line (BS-CRT-01, AMB-68) */

/* Options (index in g->opt.ex; table in scheldt.c, AMB decisions in the docs). */
enum scheldt_opt {
	SCH_O_BEVELAND_RADIUS,  /* AMB-63: 0 = 10 hexes, 1 = 6 */
	SCH_O_NAVAL_RANGE,      /* AMB-62: 0 = distance <= 3, 1 = <= 4 */
	SCH_O_BRAAKMAN_TURNS,   /* AMB-56: 0 = Turn 4 only, 1 = Turn 4 on */
	SCH_O_FLOODED_RETREAT,  /* AMB-48: 0 = stop at the first, 1 = unrestricted */
	SCH_O_FLOODED_COMPLETE, /* AMB-48: 1 = a stopped retreat counts as complete */
	SCH_O_NO_INFILTRATION,  /* AMB-49: 1 = no EZOC to EZOC into a flooded hex */
	SCH_O_INLET_AS_FLOODED, /* AMB-52: 1 = inlets and river follow every flooded rule */
	SCH_O_FREEZE_SCOPE,     /* AMB-57: 0 = the pocket units, 1 = every German unit */
	SCH_O_LEOPOLD_RETREAT,  /* AMB-57: 1 = Germans may retreat across the canal */
	SCH_O_FROZEN_IMMUNE,    /* AMB-55: 1 = frozen units cannot be attacked */
	SCH_O_WALCHEREN_TIMING, /* AMB-66: 0 = immediate, 1 = a turn after */
	SCH_O_COASTAL_SCOPE,    /* AMB-68: 0 = landing turn, 1 = while shared */
	SCH_O_A_IS_LOSS,        /* AMB-69: 1 = the landed unit's elimination is the (A) loss */
	SCH_O_LANDED_ADVANCE,   /* AMB-70: 1 = landed units may advance after combat */
	SCH_O_TRACE_FLOODED,    /* AMB-42: 1 = the overland trace may cross flooded hexes */
	SCH_O_COUNT
};

struct scheldt_window {
	int side, from, to, per_turn; /* rebuilds per player turn on turns from..to (11.0) */
};

/* The scenario's exclusive facts, built by data.c (sc->ex_data). */
struct scheldt_data {
	int allied, german;           /* side indexes */
	int woensdrecht, terneuzen;   /* hexes */
	int ntrack;                   /* hexes whose last occupant is recorded: */
	int16_t track[SCH_MAX_TRACK]; /* [0] Woensdrecht, then the Woensdrecht-Schore road */
	int nroad;
	int16_t road[SCH_MAX_TRACK];      /* the road hexes as indexes into track[] */
	int frozen_until;                 /* last frozen turn (3) */
	int braakman_turn;                /* 4 */
	int braakman_mp_half;             /* +2 MP */
	int beveland_from;                /* 12 */
	int withdraw_unit, withdraw_turn; /* 155/52, 8 */
	int ngroup[2];
	int16_t group[2][SCH_MAX_GROUP];
	int nwin;
	struct scheldt_window win[SCH_MAX_WINDOWS];
	int german_edge_distance; /* 8 */
	int at_marker;            /* German marker index, or -1 */
	int naval[2];             /* Allied marker indexes, or -1 */
	int line_clear;           /* the engineers' CRT line (12.0), -1 if absent */
	int east_border;          /* 0 col_min, 1 col_max, 2 row_min, 3 row_max */
	int count;                /* hexes */
	uint16_t *hexf;           /* SCH_HF_* per hex */
	uint8_t *sidef;           /* SCH_SF_* per hexside slot */
	int16_t *east_dist;       /* distance to the eastern map edge */
	uint8_t *unitf;           /* SCH_UF_* per unit */
};

/* One landing of an assault group (16.1-16.3). */
struct scheldt_landing {
	int16_t unit;   /* the landed unit */
	int16_t hex;    /* its landing hex */
	int16_t german; /* the German unit in the hex at the landing, or -1 */
	uint8_t turn;   /* game turn of the landing */
	uint8_t group;  /* SCH_GROUP_* */
	uint8_t boat;   /* the Assault Boat marker is still shown (AMB-67) */
	uint8_t shared; /* the German unit is still in the hex (16.3) */
};

/* The module's game state, in g->ex. */
struct scheldt_state {
	uint8_t rebuilds;    /* rebuilds made in this player turn (11.0, 11.1) */
	uint8_t withdrawn;   /* the 155th was withdrawn and may return (13.1) */
	uint8_t declared[2]; /* game turn each assault was declared, 0 = not yet */
	uint8_t road_since;  /* first turn of the current run of an Allied-held road */
	uint8_t nland, nbarred;
	int16_t naval_target[2]; /* hex each +10 marker was used against, -1 (16.4) */
	int16_t landing;         /* the unit being landed (may_share), -1 */
	struct scheldt_landing land[SCH_MAX_LANDED];
	int16_t barred[SCH_MAX_BARRED]; /* hexes no German unit may enter (16.3, AMB-71) */
	int8_t last[SCH_MAX_TRACK];     /* side that last occupied track[k], -1 (AMB-65) */
};

/* ---- scheldt.c ---------------------------------------------------------- */

extern const struct fm_module scheldt_module;

static inline const struct scheldt_data *scheldt__data(const struct fm_game *g)
{
	return g->sc->ex_data;
}
struct scheldt_state *scheldt__state(struct fm_game *g);
const struct scheldt_state *scheldt__cstate(const struct fm_game *g);
/* The value of a module option. */
static inline int scheldt__opt(const struct fm_game *g, enum scheldt_opt o)
{
	return g->opt.ex[o];
}
/* 1 if hex has any of flags / the hexside between adjacent a and b has any of flags. */
static inline int scheldt__hex_is(const struct fm_game *g, int hex, unsigned flags)
{
	return hex >= 0 && (scheldt__data(g)->hexf[hex] & flags) != 0;
}
int scheldt__side_is(const struct fm_game *g, int a, int b, unsigned flags);
/* Flooded for the rule at hand: flooded, and inlet/river hexes when they count (AMB-52). */
int scheldt__flooded(const struct fm_game *g, int hex);
/* 1 if side holds hex: a unit of side is there now, or it is empty and the last unit there
 * was of side (AMB-65).  hex must be tracked (else: occupied now only). */
int scheldt__held_by(const struct fm_game *g, int hex, int side);
/* The landing record of unit, or NULL. */
const struct scheldt_landing *scheldt__landed(const struct fm_game *g, int unit);
/* 1 if unit shares its hex with a German unit after a landing (16.3). */
int scheldt__sharing(const struct fm_game *g, int unit);
/* 1 if no German unit may enter hex (16.3, AMB-71). */
int scheldt__barred(const struct fm_game *g, int hex);
/* 1 if unit is frozen now (13.0). */
int scheldt__frozen(const struct fm_game *g, int unit);
/* The printed id of a hex, in buf. */
const char *scheldt__hex(const struct fm_game *g, int hex, char *buf);

/* ---- data.c ------------------------------------------------------------- */

int scheldt__load(struct fm_scenario *sc, const cJSON *ex, struct sdoc *f);
/* The SCH_HF_ flag of a hex terrain type (sea, inlet, river, flooded, in that precedence;
 * by flag or id), or 0. */
unsigned scheldt__terrain_flag(const struct rules_terrain *t);
void scheldt__lint(const struct fm_scenario *sc, struct sdoc *f);
void scheldt__free(struct fm_scenario *sc);

/* ---- ground.c ----------------------------------------------------------- */

int scheldt__move_step(const struct fm_game *g, int unit, int from, int to, int side,
                       int spent_half, int first, int *cost_half, int *must_stop,
                       struct rules_error *err);
int scheldt__retreat_step(const struct fm_game *g, int unit, int from, int to, enum fm_rs mode,
                          int *stop, struct rules_error *err);
int scheldt__may_act(const struct fm_game *g, int unit, enum fm_act act, struct rules_error *err);
int scheldt__attack_check(const struct fm_game *g, int unit, int hex, struct rules_error *err);

/* ---- markers.c ---------------------------------------------------------- */

int scheldt__in_draw(const struct fm_game *g, int side, int marker);
int scheldt__turn_start(struct fm_game *g, struct rules_dice *d, struct rules_events *ev,
                        struct rules_error *err);
int scheldt__marker_check(const struct fm_game *g, int side, int marker, struct rules_error *err);
int scheldt__max_markers(const struct fm_game *g, int side);
int scheldt__step_again(const struct fm_game *g, int side);
int scheldt__loss_ok(const struct fm_game *g, int unit);
int scheldt__battle_end(struct fm_game *g, struct rules_events *ev, struct rules_error *err);
/* 1 if the German anti-tank marker is committed to the current battle. */
int scheldt__at_committed(const struct fm_game *g);

/* ---- combat.c ----------------------------------------------------------- */

int scheldt__crt_line(const struct fm_game *g, int line);
/* 1 if situation k (SCH_SIT_*) holds in the current ground combat. */
int scheldt__situation(const struct fm_game *g, size_t k);
int scheldt__after_roll(struct fm_game *g, struct rules_events *ev, struct rules_error *err);
int scheldt__end_check(const struct fm_game *g, struct rules_error *err);
int scheldt__end_forfeit(const struct fm_game *g, char *what, size_t n, char *rule);

/* ---- assault.c ---------------------------------------------------------- */

int scheldt__do_land(struct fm_game *g, struct rules_dice *d, int side, int argc, char **argv,
                     cJSON *reply, struct rules_events *ev, struct rules_error *err);
int scheldt__may_share(const struct fm_game *g, int unit, int hex);
/* 0 if group may be declared now, else the refusal (err may be NULL). */
int scheldt__group_ready(const struct fm_game *g, int group, struct rules_error *err);
/* 1 if unit of group may still land (it is held, or the 155th withdrawn and alive). */
int scheldt__may_land(const struct fm_game *g, int group, int unit);
/* 0 if unit may land in hex (err filled otherwise). */
int scheldt__land_hex_ok(const struct fm_game *g, int group, int unit, int hex,
                         struct rules_error *err);
/* A unit of group that may still land now and has a hex to land on, or -1. */
int scheldt__group_lander(const struct fm_game *g, int group);

/* ---- rebuild.c ---------------------------------------------------------- */

int scheldt__turn_closing(struct fm_game *g, struct rules_dice *d, struct rules_events *ev,
                          struct rules_error *err);
int scheldt__end_step(const struct fm_game *g, char *what, size_t n);
/* The rebuilds the active player has left in this player turn (*left) and how many of his
 * units may be rebuilt now, listed into list (n bytes, cut with ", ..."). */
int scheldt__rebuild_candidates(const struct fm_game *g, int *left, char *list, size_t n);
int scheldt__player_turn_end(struct fm_game *g, struct rules_dice *d, struct rules_events *ev,
                             struct rules_error *err);
int scheldt__do_rebuild(struct fm_game *g, struct rules_dice *d, int side, int argc, char **argv,
                        cJSON *reply, struct rules_events *ev, struct rules_error *err);
/* Rebuilds side may make in a player turn of the current game turn (11.0). */
int scheldt__rebuild_allowance(const struct fm_game *g, int side);
/* 0 if unit may be rebuilt now (err may be NULL). */
int scheldt__rebuild_ok(const struct fm_game *g, int unit, struct rules_error *err);
/* 1 if unit can trace overland to an Antwerp hex clear of Germans and their ZOC (11.0). */
int scheldt__trace_antwerp(const struct fm_game *g, int unit);

/* ---- legal.c: what rebuild and land offer to `options` ------------------ */

int scheldt__legal_rebuild(const struct fm_game *g, int side, struct fm_legal *l);
int scheldt__legal_land(const struct fm_game *g, int side, struct fm_legal *l);

#endif
