/*
 * minis_int.h -- internals of the miniatures engine: the scenario, the game state, the
 * sheet's tables, fixed-point geometry and the functions each file exports.
 *
 * Units and measures (QR-AMB-1): positions and sizes are int32 hundredths of an inch, angles
 * int tenths of a degree, compass bearings (0 = north = +y, 900 = east = +x).  Every rule
 * decision uses integer arithmetic only; a distance is rounded to the nearest hundredth (half
 * up) once, and that value is what `measure` shows and what every rule compares.
 *
 * The game state (struct minis_game) is plain data with no pointer but the scenario's, so a
 * copy is a memcpy (apply's atomicity, `options` trying actions on a scratch copy, twins).
 *
 * The sequence of play (each arrow names the function that takes it):
 *
 *   create --start--> SET-UP ROLLS (setup.c minis__setup_rolls: air superiority, air and
 *      |               fire missions, hidden/ambush allowances, the defender's dummies)
 *      v
 *   DEPLOY defender --end--> DEPLOY attacker --end--> automatic hidden status
 *      (deploy: secret positions in the zone, hidden/ambush/dummies; minis__deploy_end)
 *      v
 *   +-> TURN t, 1 COMMAND & INITIATIVE (turn.c minis__command_phase: HQ rolls, orders)
 *   |     2A ORDERS phasing --end--> 2B DEFENSIVE FIRE other --end-->
 *   |     3A ORDERS other  --end--> 3B DEFENSIVE FIRE phasing --end-->
 *   |     4 RALLY (both, simultaneous: rally/end; minis__rally_resolve)
 *   +---- t < turns                       t == turns --> victory --> OVER
 *
 *   Inside a phase, an interrupt (g->intr) may wait for one side:
 *     call air ----> ANTI-AIRCRAFT (the target side: fire <unit> air / end) --> attack
 *     recon 7+ ----> REVEAL (the owner: reveal ...) --> back
 *     assault 0 ---> STUBBORN (attacker, then defender: stubborn fight|retreat)
 *     assault won -> CASUALTY (the loser or winner: casualty <unit>) --> retreats
 *                 -> ADVANCE (the winner: advance <unit> occupy|<x> <y> / advance none)
 *     phase 1 ----> INITIATIVE (init.holder_chooses: the holder: initiative first|second)
 */
#ifndef RULES_MINIS_INT_H
#define RULES_MINIS_INT_H

#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "rules/core/sdoc.h"
#include "minis.h"

/* ---- limits ------------------------------------------------------------------------- */

#define MINIS_MAX_UNITS   40 /* scenario units */
#define MINIS_MAX_DUMMIES 8  /* dummy slots of the defender */
#define MINIS_MAX_SLOTS   (MINIS_MAX_UNITS + MINIS_MAX_DUMMIES)
#define MINIS_MAX_PIECES  40
#define MINIS_MAX_PTS     16
#define MINIS_MAX_TYPES   24
#define MINIS_MAX_WEAPONS 3
#define MINIS_MAX_SMOKE   8
#define MINIS_MAX_GAPS    16
#define MINIS_MAX_PATH    8  /* points of a move path */
#define MINIS_MAX_SOPTS   48 /* options a scenario file may set */
#define MINIS_MAX_VAC     8  /* losers' vacated positions kept for the winners' advance */
#define MINIS_MAX_MQ      32 /* morale tests queued to phase 4 (morale.timing = phase4) */
#define MINIS_ID_MAX      12
#define MINIS_NAME_MAX    40
#define MINIS_TABLE_MAX   (200 * 100) /* largest table side, hundredths */

#define MINIS_IN(x) ((int32_t)((x)*100)) /* whole inches to hundredths (constants only) */

/* ---- enumerations --------------------------------------------------------------------- */

enum minis_quality { MQ_ELITE, MQ_VETERAN, MQ_REGULAR, MQ_INEXPERIENCED, MQ_MILITIA, MQ_COUNT };

/* Nationality categories after the mapping notes (QR-GEN-7..9, QR-AMB-18). */
enum minis_nation {
	MN_GERMAN,  /* Germans and Finns */
	MN_BRITISH, /* British, Commonwealth, Free French and Free Polish from 1941 */
	MN_US,
	MN_RUSSIAN,
	MN_EARLY, /* French, Low Countries, Polish 1939-40 ("Early") */
	MN_AXIS,  /* Italian, Romanian, Hungarian and other Axis allies */
	MN_OTHER,
	MN_COUNT
};

enum minis_kind {
	MK_INFANTRY, /* infantry sections, SMG units, assault engineers, teams */
	MK_HQ,       /* HQs (command units everywhere, QR-AMB-15) */
	MK_GUN,      /* crewed weapons: guns, AT guns, mortars, MGs on tripods */
	MK_AFV,      /* armour category A-H */
	MK_SOFTSKIN, /* soft-skin vehicles */
	MK_CAVALRY,
	MK_DUMMY, /* a dummy position (QR-SETUP-43) */
	MK_COUNT
};

/* Unit flags of the data (struct minis_unit_def.flags). */
#define MINIS_F_INF_CMD     (1u << 0)  /* infantry company/regt. command unit */
#define MINIS_F_AFV_CMD     (1u << 1)  /* AFV regt. command unit */
#define MINIS_F_FOO         (1u << 2)  /* HQ FOO */
#define MINIS_F_FAC         (1u << 3)  /* HQ FAC */
#define MINIS_F_OBSERVER    (1u << 4)  /* battery observer */
#define MINIS_F_SMG         (1u << 5)  /* SMG unit (assault factor 4 vs infantry) */
#define MINIS_F_ENGINEERS   (1u << 6)  /* assault engineers */
#define MINIS_F_AT_GUN      (1u << 7)  /* AT gun (difficult target, acquisition row) */
#define MINIS_F_ARTILLERY   (1u << 8)  /* artillery (guns, mortars) */
#define MINIS_F_SMALL_VEH   (1u << 9)  /* small vehicle */
#define MINIS_F_WHEELED     (1u << 10) /* wheeled vehicle (bogging -1, wire test) */
#define MINIS_F_SMT         (1u << 11) /* single man turret */
#define MINIS_F_RUSSIAN_AFV (1u << 12)
#define MINIS_F_HAS_MGS     (1u << 13)
#define MINIS_F_HAS_WHEELS  (1u << 14) /* a gun on wheels: may be manhandled */
#define MINIS_F_FLAME       (1u << 15) /* carries a flame-thrower */
#define MINIS_F_RECON_AC    (1u << 16) /* recon armoured car: reverses at full rate */
#define MINIS_F_OPEN_TOP    (1u << 17)
#define MINIS_F_TOW         (1u << 18) /* a towed gun: moves limbered as wheeled */
#define MINIS_F_DUG_IN      (1u << 19) /* a dug-in AFV */
#define MINIS_F_HUMAN_WAVE  (1u << 20)
#define MINIS_F_ROCKET      (1u << 21)
#define MINIS_F_RECON       (1u << 22) /* a recon unit (recon.who=recon_units) */
#define MINIS_F_BATTALION   (1u << 23) /* battalion HQ (QR-CMD-9) */
#define MINIS_F_HULL_DOWN   (1u << 24)
#define MINIS_F_LIMITED     (1u << 25) /* limited target (QR-AMB-4) */
#define MINIS_F_MORTAR      (1u << 26) /* medium or heavy mortar (indirect fire) */

enum minis_move_class {
	MM_INFANTRY, /* Infantry & HQs */
	MM_SLOW,
	MM_MEDIUM,
	MM_FAST, /* Fast AFVs & armoured cars */
	MM_WHEELED,
	MM_CAVALRY,
	MM_MANHANDLE, /* guns that move only by manhandling */
	MM_STATIC,    /* never moves */
	MM_COUNT
};

/* Terrain movement categories (terrain.json "move" members). */
enum minis_tmove { MV_INFANTRY, MV_TRACKED, MV_WHEELED, MV_COUNT };
enum minis_going { MG_CLEAR, MG_DIFFICULT, MG_HAZARDOUS, MG_IMPASSABLE };
enum minis_cover { MC_NONE, MC_COVER, MC_HARD, MC_STRONGPOINT };
enum minis_los { ML_NONE, ML_OBSCURES, ML_BLOCKS };

/* Terrain attribute flags. */
#define MINIS_T_ROAD        (1u << 0)
#define MINIS_T_BUILDING    (1u << 1)
#define MINIS_T_WOODS       (1u << 2)
#define MINIS_T_BUNKER      (1u << 3) /* bunker_or_cellar (recon -3) */
#define MINIS_T_STRONGPOINT (1u << 4)
#define MINIS_T_WIRE        (1u << 5)
#define MINIS_T_HIGH_GROUND (1u << 6)
#define MINIS_T_MARSH       (1u << 7)
#define MINIS_T_LINEAR      (1u << 8) /* hedge, wall: covers a target just behind it */

struct minis_tattr {
	uint32_t flags;
	uint8_t cover;  /* enum minis_cover */
	uint8_t acq;    /* 0 open, 1 cover */
	uint8_t los;    /* enum minis_los */
	uint8_t height; /* levels (hill 1, woods and buildings 2) */
	uint8_t move[MV_COUNT];
	uint8_t capacity; /* strongpoint capacity, units (0: unlimited) */
};

struct minis_ttype {
	char id[MINIS_ID_MAX + 8];
	struct minis_tattr a;
};

/* ---- the sheet's tables (tables.c) ------------------------------------------------------ */

/* A distance printed at both scales (QR-AMB-9): base and alternate, hundredths. */
struct minis_dist {
	int32_t base, alt;
};

/* Range rows of the small arms and tank & gun ranges (QR-RANGE-1..9). */
enum minis_range_row {
	MR_SMG,
	MR_RIFLE, /* Rifles, LMGs & Vehicle mounted MGs */
	MR_MMG,   /* MMG & HMGs */
	MR_LMORTAR,
	MR_ATRIFLE,
	MR_PZFAUST,
	MR_GUN_SMALL, /* Small & Low Velocity Guns (*) */
	MR_GUN_STD,
	MR_GUN_HV,    /* High Velocity Guns (#) */
	MR_FLAME_VEH, /* a vehicle flame-thrower 0-8" [0-12"] (QR-AMB-46) */
	MR_BY_GUN,    /* an HE row: the range class of the gun firing it */
	MR_COUNT
};

struct minis_range {
	char name[48];
	int has_close;                     /* "-": no close band */
	struct minis_dist close, eff, lng; /* upper limits; lng.base < 0: no long band */
	char rule[16];
};

/* Weapon row flags. */
#define MW_SMALL_ARMS (1u << 0) /* a small-arms row (support, QR-FIRE-18) */
#define MW_MG         (1u << 1) /* "If firer is MG" (QR-DSIX-12) */
#define MW_HANDHELD   (1u << 2) /* Panzerfaust, Bazooka, PIAT etc. */
#define MW_ATRIFLE    (1u << 3)
#define MW_HE         (1u << 4) /* an HE/HEAT row of the artillery group */
#define MW_AUTOCANNON (1u << 5)
#define MW_FLAME      (1u << 6)
#define MW_LMORTAR    (1u << 7)
#define MW_BRACKETED  (1u << 8)  /* AT factor printed in round brackets (QR-WEAPON-37) */
#define MW_MMG_HMG    (1u << 9)  /* "Infantry MMG or HMG" (AA) */
#define MW_HE_75      (1u << 10) /* HE of 75mm or more (strongpoint double six) */
#define MW_GUN        (1u << 11) /* a tank or AT gun row */

struct minis_weapon {
	char id[20];   /* "g75l" */
	char name[48]; /* as printed */
	int at, ai;
	unsigned flags;
	uint8_t range; /* enum minis_range_row */
	uint8_t aa;    /* 0 none, 1 MMG/HMG (0), 2 single/twin (+2), 3 triple/quad (+4) */
	char rule[16];
};

#define MINIS_MAX_WEAPON_ROWS 48
#define MINIS_MAX_YEAR_ROWS   4

/* A nationality/year table: per nation, rows [from, to] -> v, else def. */
struct minis_years {
	int8_t n[MN_COUNT];
	int16_t from[MN_COUNT][MINIS_MAX_YEAR_ROWS], to[MN_COUNT][MINIS_MAX_YEAR_ROWS];
	int8_t v[MN_COUNT][MINIS_MAX_YEAR_ROWS];
	int8_t def;
};

/* The sheet's tables as loaded from data/minis/quality.json, nations.json and weapons.json
 * (compiled in: minis_<name>_json; tables.c minis__tables_load, once per scenario). */
struct minis_tables {
	/* quality.json (QR-AMB-8): one value per rating */
	int8_t q_fire[MQ_COUNT], q_morale[MQ_COUNT], q_rally[MQ_COUNT];
	int8_t q_hidden[MQ_COUNT], q_ambush[MQ_COUNT], q_dummy[MQ_COUNT];
	int8_t q_row11_disperse[MQ_COUNT]; /* 1: row 11's DISPERSE alternate */
	int8_t q_assault[MQ_COUNT];        /* 1 counts as Elite, -1 as Militia, 0 neither */
	/* nations.json */
	char names[32][2][24]; /* a nation name and its category */
	int nnames;
	struct minis_years air_sup, col_a, hq_mod, request_first;
	int8_t air_missions[2][6], fire_missions[2][6]; /* [0] column A, [1] B; score 1..6 */
	int8_t request_need[2][2];                      /* [air][0 first column, 1 second] */
	int8_t group_max[MN_COUNT];
	int8_t assault_max[2]; /* infantry, armoured assault groups */
	int8_t convoy_max;     /* -1: unlimited */
	/* vehicles.json (QR-ARMOUR-2..12, QR-AIR-22..29): categories A..H */
	int8_t arm_front[8], arm_side[8], arm_side_p2[8], arm_weight[8];
	int nexc;
	struct {
		int8_t cat, front, side, side_p2; /* -1: unchanged */
		char model[24];
	} exc[4];
	/* weapons.json */
	int nweapons;
	struct minis_weapon weapons[MINIS_MAX_WEAPON_ROWS];
	struct minis_range ranges[MR_COUNT];
};

enum minis_test {
	MT_NONE,
	MT_PINNED,    /* PINNED or SUPPRESSED TEST */
	MT_RETREAT,   /* RETREAT TEST */
	MT_DISPERSE,  /* DISPERSE TEST */
	MT_DAMAGED,   /* AFV DAMAGED TEST */
	MT_DESTROYED, /* AFV DESTROYED TEST */
	MT_COUNT
};

enum minis_outcome {
	MO_OBEY,
	MO_PINNED, /* PINNED or SUPPRESSED */
	MO_RETREAT,
	MO_DAMAGED_RETREAT,
	MO_DISPERSED,
	MO_DESTROYED,
	MO_SUPPRESSED,   /* the AFV damaged test's 6+ */
	MO_DISP_OR_DAMR, /* retreat test row 1: DISPERSED, or an AFV DAMAGED & RETREAT */
	MO_COUNT
};

/* A results-table row: the test of the infantry & artillery column and of the AFV column;
 * row 11's splits are the alternates. */
struct minis_result_row {
	int score; /* the row's lowest score */
	enum minis_test inf, afv;
	enum minis_test inf_alt, afv_alt; /* row 11: disperse if militia..., destroyed if light */
};

/* ---- the scenario ----------------------------------------------------------------------- */

enum minis_geom { MG_POLYGON, MG_LINE };

struct minis_piece_def {
	char id[MINIS_ID_MAX];
	char name[MINIS_NAME_MAX];
	int type; /* index into sc->types */
	uint8_t geom;
	int npts;
	int32_t x[MINIS_MAX_PTS], y[MINIS_MAX_PTS];
	int32_t x0, y0, x1, y1; /* the bounding box of the points (scale base) */
	struct minis_tattr a;   /* the type's attributes with the piece's overrides */
};

struct minis_unit_def {
	char id[MINIS_ID_MAX];
	char name[MINIS_NAME_MAX];
	char model[24]; /* "Sherman V": armour exceptions, the recon AFV model */
	int side;
	uint8_t quality;
	uint8_t kind;
	uint32_t flags;
	int nweapons;
	uint8_t weapons[MINIS_MAX_WEAPONS]; /* indexes into minis_weapons */
	int8_t armour;                      /* 0..7 = A..H, -1: not an AFV */
	uint8_t move;                       /* enum minis_move_class */
	int32_t w, d;                       /* base width x depth */
	int32_t x, y;                       /* start position (base scale) */
	int16_t facing;
	int16_t arc;     /* fire arc of its guns, tenths (3600: all round) */
	int16_t calibre; /* mm of a gun or mortar (limbering, manhandling) */
	int8_t guns;     /* tubes of an on-board battery */
	int8_t he;       /* indirect HE row (-1: none; 0 light mortar, 1..5: QR-HE-2..6) */
	int8_t hq;       /* the HQ it belongs to (unit index), -1 */
};

struct minis_battery {
	int present;
	char name[MINIS_NAME_MAX];
	int guns;
	int he;      /* 0..5 (QR-HE-2..6; 0: light mortar) */
	int calibre; /* mm */
	int rocket;
};

struct minis_aircraft {
	int present;
	char name[MINIS_NAME_MAX];
	int cannon; /* 1: cannon, 0: rockets/bombs */
	int stuka;  /* AA target class: Stuka dive bomber (else other ground attack) */
};

struct minis_zone {
	int32_t x0, x1, y0, y1;
};

struct minis_side_def {
	char name[16];
	char nation_name[24];
	uint8_t nation; /* enum minis_nation */
	int attacker;
	int north; /* base edge: north (1) or south (0) */
	struct minis_zone zone;
	struct minis_battery battery;
	struct minis_aircraft aircraft;
};

struct minis_sopt {
	char key[48];
	char value[32];
};

struct minis_victory {
	int side; /* the side that wins when the condition holds */
	int npieces;
	int pieces[8]; /* building pieces */
};

struct minis_scenario {
	char source[256];
	char id[32];
	char title[96];
	char description[160];
	int year;
	int turns;
	int large_game;
	int opening_bombardment;
	int32_t width, height; /* base scale */
	struct minis_side_def sides[RULES_SIDES];
	const char *side_names[RULES_SIDES];
	int ntypes;
	struct minis_ttype types[MINIS_MAX_TYPES];
	int npieces;
	struct minis_piece_def pieces[MINIS_MAX_PIECES];
	int nunits;
	struct minis_unit_def units[MINIS_MAX_UNITS];
	struct minis_victory victory;
	struct minis_unit_def dummy; /* what a dummy slot is: the defender's marker */
	struct minis_tables tab;     /* the sheet's tables (data/minis/, compiled in) */
	int rubble;                  /* the terrain type a destroyed strongpoint becomes, -1 */
	int nsopts;
	struct minis_sopt sopts[MINIS_MAX_SOPTS];
};

/* ---- options (options.c) ------------------------------------------------------------------- */

struct minis_opts {
	int alt;                                       /* scale = alt */
	int unprinted_x2;                              /* scale.unprinted_factor times 2 (2 or 3) */
	int measure_centre;                            /* measure.from = centre */
	int32_t contact_tol;                           /* measure.contact_tolerance */
	int32_t size_inf[2], size_gun[2], size_veh[2]; /* base.size.<type> (w, d) */
	int band_round;                                /* range.band_rule = round_nearest */
	int los_any_point;                             /* los.mode */
	int32_t los_edge_depth;                        /* -1: by scale */
	int limited_pct;                               /* los.limited_fraction, percent */
	int hg_needs_higher;                           /* terrain.high_ground_needs_higher_level */
	int front_arc;                                 /* armour.front_arc_deg, tenths */
	int out_of_arc_forbidden;
	int turn_after_arc;
	int32_t support_radius; /* -1: by scale */
	int support_also_fire;
	int morale_phase4; /* morale.timing = phase4 (QR-AMB-10) */
	int ltr_off;
	int ltr_key; /* 0 leftmost unit, 1 command unit, 2 centroid */
	int init_natural;
	int init_keep_previous;
	int init_holder_chooses; /* init.holder_chooses (QR-AMB-12) */
	int dummy_can_move;      /* dummy.can_move (QR-AMB-13) */
	int deffire_each;        /* turn.deffire = after_each_activation (QR-AMB-28) */
	int rally_optional;      /* rally.compulsory = false (QR-AMB-45) */
	int hidden_markers;      /* hidden.display = markers */
	int32_t hidden_prox;     /* hidden.proximity_reveal: -1 by scale, 0 off */
	int32_t ambush_prox;     /* 0 off */
	int hidden_move_reveals;
	int battalion_replaces;
	int dispersed_no_roll;
	int dsix_auto;
	int dsix_tie_ignore;
	int air_tie_reroll;
	int majority_higher;
	int large_game; /* -1: the scenario's */
	int refused_uses_mission;
	int air_circle;
	int air_cannon_area;
	int aa_allow_pinned;
	int aa_reveals;
	int aa_fail_rule; /* 0 named_or_worse, 1 by_outcome, 2 not_obey */
	int company_pool;
	int carry_over;
	int surcharge_farthest;
	int inf_assault_no_vehicles;
	int assault_requires_contact;
	int convoy_no_fire;
	int32_t group_radius; /* 0 off */
	int roll_per_unit;
	int unbog_permanent;
	int wire_tracked_ignore;
	int wire_fail_start;
	int recon_units_only;
	int32_t recon_radius; /* -1: by scale */
	int recon_prox_hidden;
	int lmortar_he;
	int softskin_max;
	int bracketed_at; /* 0 as_printed, 1 light_only, 2 forbidden */
	int difficult_cumulative;
	int fast_by_class;
	int crowded_min;
	int32_t point_blank; /* -1: by scale */
	int pinned_can_move;
	int crewed_as_artillery;
	int damaged_second_none;
	int retreat_blocked_stay;
	int wreck_leave;
	int indirect_observer_off;
	int assault_requires_order;
	int32_t assault_radius; /* -1: by scale */
	int stubborn_chooser;   /* 0 attacker_then_defender, 1 attacker, 2 defender */
	int overrun_damaged_retreats;
	int zone_width_depth;
	int smoke_turns;
	int smoke_blocks;
	int he_light_mortar;
	int he_no_add;
};

/* ---- the game ------------------------------------------------------------------------------ */

enum minis_status { MS_UNPLACED, MS_ON, MS_DISPERSED, MS_DESTROYED };

/* Unit state flags (struct minis_unit.flags). */
#define MU_HIDDEN      (1u << 0) /* hidden (concealed): not shown to the enemy */
#define MU_AMBUSH      (1u << 1) /* ambush camouflaged */
#define MU_REVEALED    (1u << 2) /* was hidden, has been revealed */
#define MU_PINNED      (1u << 3) /* Pinned (non-AFV) or Suppressed (AFV) */
#define MU_DAMAGED     (1u << 4)
#define MU_BOGGED      (1u << 5)
#define MU_LIMBERED    (1u << 6)
#define MU_NO_FLAME    (1u << 7)  /* out of ammo */
#define MU_ACTIVATED   (1u << 8)  /* activated this turn */
#define MU_MOVED       (1u << 9)  /* moved in this activation */
#define MU_FIRED       (1u << 10) /* fired (or reconnoitred) this activation / phase */
#define MU_SUPPORTED   (1u << 11) /* gave fire support this activation / phase */
#define MU_FAST        (1u << 12) /* moved in its last activation */
#define MU_SPENT       (1u << 13) /* a limber/unlimber over 82mm used the activation */
#define MU_AFV_MARKER  (1u << 14) /* shown as an unidentified AFV (recon 7) */
#define MU_AUTO_HIDDEN (1u << 15) /* hidden by the automatic status */
#define MU_EVER_MOVED  (1u << 16) /* has moved since deployment */
#define MU_ASSAULTED   (1u << 17) /* made or joined an assault this activation */
#define MU_UNBOGGING   (1u << 18) /* freed this activation: no move */
#define MU_DEFFIRED    (1u << 19) /* fired in the current defensive fire phase */
#define MU_RALLY_SKIP  (1u << 20) /* skips this phase 4's rally check (rally.compulsory) */

struct minis_unit {
	int32_t x, y;
	int32_t w, d; /* base at the game's scale */
	int16_t facing;
	uint8_t status;
	uint8_t orders; /* HQ: orders left; command unit: its own order (0/1) */
	uint32_t flags;
	int32_t roll; /* movement roll of its activation (hundredths; -1 none) */
	int32_t used; /* allowance used in this activation */
	int8_t score; /* HQ: this turn's modified command roll */
	int8_t model; /* AFV marker: index of the model shown (minis_afv_models), -1 */
};

enum minis_phase {
	MP_DEPLOY,
	MP_ORDERS,  /* 2A / 3A: g->acting's command orders */
	MP_DEFFIRE, /* 2B / 3B: g->acting's defensive fire */
	MP_RALLY,   /* 4: both */
	MP_OVER,
};

enum minis_intr {
	MI_NONE,
	MI_AA,       /* the target side's anti-aircraft fire */
	MI_REVEAL,   /* the owner's answer to a recon result */
	MI_STUBBORN, /* fight on or retreat */
	MI_CASUALTY, /* which unit suffers */
	MI_ADVANCE,  /* the winners of a close assault may advance (QR-ASSAULT-42) */
	MI_INIT,     /* the initiative holder chooses phasing or not (init.holder_chooses) */
};

enum minis_group_kind { GK_STANDARD, GK_SINGLE, GK_INF_ASSAULT, GK_ARM_ASSAULT, GK_CONVOY };

struct minis_activation {
	int active;
	uint64_t units;
	uint8_t kind;
	int8_t payer;
	int8_t roll[2]; /* the group's 2D6 */
	int8_t extra;   /* the double six 1D6 */
};

struct minis_air {
	int side;     /* the side attacking */
	int32_t x, y; /* aiming point */
	int16_t bearing;
	int cannon;
	int target;     /* the target unit (cannon), -1 */
	int hits;       /* AA hits */
	uint64_t fired; /* AA units that fired */
};

struct minis_recon {
	int side;  /* the recon player */
	int unit;  /* the recon unit */
	int piece; /* the area: a terrain piece, or -1 for a circle */
	int32_t x, y, r;
	int score;
	int want; /* units the owner must reveal (1 or 2; 7: an AFV) */
};

struct minis_assault {
	int lead[2];       /* [0] attacker, [1] defender: unit index */
	uint64_t units[2]; /* the units of each side in the assault */
	int att_side;
	int loser; /* the losing side, -1 none yet */
	int rounds;
	int32_t cx, cy;   /* where the winning lead stood: the cause of retreats */
	int ntasks, tcur; /* casualty tasks (assault.c) */
	int8_t tkind[6], tside[6];
	uint64_t adv; /* winning units that may still advance (QR-ASSAULT-42) */
	int nvac;     /* the losers' positions when the result was rolled */
	int8_t vac_u[MINIS_MAX_VAC];
	int32_t vac_x[MINIS_MAX_VAC], vac_y[MINIS_MAX_VAC];
};

struct minis_smoke {
	int32_t x, y, w, d;
	int16_t bearing;
	int16_t until; /* lasts to the end of this turn */
};

struct minis_gap { /* a gap cut in wire (QR-AMB-32) */
	int piece;
	int32_t x, y; /* its centre; 1" long */
};

struct minis_last_arty { /* the same battery's last fire (QR-ARTY-12) */
	int16_t turn;
	int8_t hit;
	int32_t x, y, w, d;
	int16_t bearing;
};

/* A morale test queued to phase 4 (morale.timing = phase4, QR-AMB-10). */
struct minis_mq {
	int8_t u, test, dsix, mg, he75;
	int32_t x, y; /* the cause: retreats go away from it */
};

struct minis_game {
	const struct minis_scenario *sc;
	struct minis_opts opt;
	int32_t width, height; /* table at the game's scale */
	int nslots;            /* sc->nunits + dummy slots */
	uint8_t phase;         /* enum minis_phase */
	int8_t acting;         /* whose phase (orders, deffire, deploy) */
	int8_t phasing;        /* initiative holder this turn */
	int16_t turn;
	uint8_t intr; /* enum minis_intr */
	int8_t intr_side;
	uint8_t rally_done[RULES_SIDES];
	int8_t rally_bonus[MINIS_MAX_SLOTS]; /* command unit -> the unit it gives +1, -1 */
	/* set-up (QR-SETUP) */
	int8_t air_sup; /* side with air superiority, -1 none */
	int8_t air_missions[RULES_SIDES], fire_missions[RULES_SIDES];
	int8_t hidden_allow[RULES_SIDES], ambush_allow[RULES_SIDES], dummy_allow[RULES_SIDES];
	int8_t setup_die[RULES_SIDES][8]; /* the set-up dice, for the view */
	int8_t init_score[RULES_SIDES];
	uint8_t deployed[RULES_SIDES];
	int nacts;        /* activations this phase */
	int32_t ltr_last; /* key of the last activation this phase */
	struct minis_activation act;
	struct minis_air air;
	struct minis_recon recon;
	struct minis_assault as;
	struct minis_unit u[MINIS_MAX_SLOTS];
	uint8_t piece_gone[MINIS_MAX_PIECES]; /* a strongpoint destroyed (rubble) */
	int nsmoke;
	struct minis_smoke smoke[MINIS_MAX_SMOKE];
	int ngaps;
	struct minis_gap gaps[MINIS_MAX_GAPS];
	struct minis_last_arty last_arty[RULES_SIDES];
	struct minis_last_arty last_onboard[MINIS_MAX_SLOTS];
	int deffire_window; /* MP_DEFFIRE after one activation (turn.deffire, QR-AMB-28) */
	int nmq;
	struct minis_mq mq[MINIS_MAX_MQ];
	int over;
	int8_t winner;
	char summary[256];
};

/* ---- geometry (geom.c) ------------------------------------------------------------------- */

#define MINIS_TRIG_ONE (1 << 20)

struct minis_pt {
	int32_t x, y;
};

/* sin and cos of a bearing (tenths of a degree, any integer) in 1/2^20. */
int32_t minis__sin(int a);
int32_t minis__cos(int a);
/* a normalised to 0..3599. */
int minis__norm(int a);
/* The compass bearing of the vector (dx, dy), tenths (0 for a null vector). */
int minis__bearing(int64_t dx, int64_t dy);
/* The smallest angle between two bearings, 0..1800. */
int minis__angle_diff(int a, int b);
/* Rounded integer square root of v >= 0 (to the nearest integer, half up). */
int64_t minis__isqrt_round(int64_t v);
/* The point d hundredths from p on bearing a. */
struct minis_pt minis__offset(struct minis_pt p, int a, int32_t d);
/* The distance between two points, hundredths (rounded). */
int32_t minis__pdist(struct minis_pt a, struct minis_pt b);
/* The four corners of a rectangle centred on c, facing a, w across and d deep:
 * front-left, front-right, back-right, back-left. */
void minis__rect(struct minis_pt c, int a, int32_t w, int32_t d, struct minis_pt out[4]);
/* Squared distance (hundredths^2, rounded) from point p to segment ab. */
int64_t minis__sq_pt_seg(struct minis_pt p, struct minis_pt a, struct minis_pt b);
/* 1 if segments ab and cd intersect (touching counts). */
int minis__seg_cross(struct minis_pt a, struct minis_pt b, struct minis_pt c, struct minis_pt d);
/* 1 if p is inside the polygon (or on its boundary). */
int minis__in_poly(struct minis_pt p, const int32_t *x, const int32_t *y, int n);
/* Distance between two convex polygons (0 when they overlap or touch), hundredths. */
int32_t minis__poly_dist(const struct minis_pt *a, int na, const struct minis_pt *b, int nb);
/* 1 if two convex polygons overlap with a positive area (touching does not count). */
int minis__poly_overlap(const struct minis_pt *a, int na, const struct minis_pt *b, int nb);
/* Distance from a convex polygon to a point (0 inside), hundredths. */
int32_t minis__poly_pt_dist(const struct minis_pt *a, int na, struct minis_pt p);
/* The parts of segment p0-p1 inside polygon (x, y, n): pairs of parameters t in 0..65536
 * into t (at most max pairs); their count. */
#define MINIS_T_ONE 65536
int minis__seg_inside(struct minis_pt p0, struct minis_pt p1, const int32_t *x, const int32_t *y,
                      int n, int32_t *t, int max);
/* Parameters t (0..65536) where segment p0-p1 crosses the polyline (x, y, n); their count. */
int minis__seg_polyline(struct minis_pt p0, struct minis_pt p1, const int32_t *x, const int32_t *y,
                        int n, int32_t *t, int max);
/* The point at parameter t (0..65536) of segment p0-p1. */
struct minis_pt minis__lerp(struct minis_pt p0, struct minis_pt p1, int32_t t);

/* ---- tables (tables.c) ----------------------------------------------------------------------- */

extern const char *const minis_quality_names[MQ_COUNT];
extern const char *const minis_kind_names[MK_COUNT];
extern const char *const minis_move_names[MM_COUNT];
extern const char *const minis_test_names[MT_COUNT];
extern const char *const minis_outcome_names[MO_COUNT];
extern const char *const minis_afv_models[];
extern const int minis_nafv_models;

/* Loads the tables of data/minis/quality.json, nations.json, vehicles.json and weapons.json
 * (compiled in)
 * into t; 0, or the reader's error (a file that does not fit is an engine bug, caught by
 * tests/unit/test_minis_data.c). */
int minis__tables_load(struct sdoc *d, struct minis_tables *t);

/* The lookups below read t (the scenario's tables, &sc->tab). */
int minis__weapon_find(const struct minis_tables *t, const char *id);
int minis__nation_parse(const struct minis_tables *t, const char *name, int year, uint8_t *out);
int minis__air_sup_mod(const struct minis_tables *t, int nation, int year);   /* QR-SETUP-3..11 */
int minis__column_a(const struct minis_tables *t, int nation, int year);      /* QR-SETUP-16..18 */
int minis__air_missions(const struct minis_tables *t, int score, int col_a);  /* QR-SETUP-13..15 */
int minis__fire_missions(const struct minis_tables *t, int score, int col_a); /* QR-SETUP-20..24 */
int minis__hidden_mod(const struct minis_tables *t,
                      int group); /* QR-SETUP-27..29: group 0 EV 1 RI 2 M */
int minis__ambush_mod(const struct minis_tables *t, int group);
int minis__dummy_mod(const struct minis_tables *t, int group);         /* QR-SETUP-39..41 */
int minis__quality_group(int quality);                                 /* 0 EV, 1 RI, 2 M */
int minis__hq_mod(const struct minis_tables *t, int nation, int year); /* QR-CMD-4..8 */
int minis__request_need(const struct minis_tables *t, int nation, int year,
                        int air); /* lowest granted die, QR-CMD-27..30 */
int minis__group_max(const struct minis_tables *t, int nation,
                     int kind);                      /* QR-CMD-32..37 (-1 unlimited) */
int minis__order_cost(int kind, int has_cmd, int n); /* QR-CMD-16..21 */
int minis__fire_quality_mod(const struct minis_tables *t, int quality); /* QR-FIRE-3, QR-FIRE-16 */
int minis__morale_quality_mod(const struct minis_tables *t, int quality); /* QR-MORALE-7/8 */
int minis__rally_quality_mod(const struct minis_tables *t, int quality);  /* QR-RALLY-7..9 */
int minis__armour(const struct minis_tables *t, int cat, const char *model,
                  int side_rear); /* QR-ARMOUR-2..11 */
int minis__armour_side_p2(const struct minis_tables *t, int cat,
                          const char *model); /* QR-AIR-22..29 */
/* 0 light (G-H), 1 medium (C-F), 2 heavy (A-B) */
int minis__weight(const struct minis_tables *t, int cat);
enum minis_outcome minis__morale_cell(enum minis_test t, int score); /* QR-MORALE-2..6 */
const struct minis_result_row *minis__fire_row(int score);           /* QR-FIRE-30..36 */
const struct minis_result_row *minis__air_row(int score);            /* QR-AIR-31..37 */
int minis__flame_result(int score); /* QR-FLAME-2..4: 0 miss, 1 retreat, 2 disperse/destroy */
struct minis_dist minis__acq(int row, int cover); /* QR-ACQ-1..3: row 0 inf 1 AT/small 2 other */
struct minis_dist minis__acq_high(void);          /* QR-ACQ-4 */
int minis__recon_dist_mod(int band);              /* QR-RECON-4..6: band 0 near, 1 mid, 2 far */
int minis__recon_result(int score);      /* QR-RECON-11..14: 0 poor, 1 armour, 2 one, 3 two */
int minis__move_base(int cls, int road); /* QR-MOVE-3..8, whole inches */
int minis__assault_factor(int type, int lower); /* QR-ASSAULT-3..12 by row index */
int minis__assault_result(int diff);            /* QR-ASSAULT-31..35: 0 stubborn .. 4 dispersed */
int minis__arty_accuracy(int score); /* QR-ARTY-3..7: 1 right 2 left 3 under 4 over 5 hit */
void minis__zone(int guns, int lmortar, struct minis_dist *depth, struct minis_dist *width);
int minis__he_factor(int row);   /* QR-HE-2..6 (row 1..5), 0 light mortar */
int minis__he_result(int score); /* QR-HE-13..16: 0 none, 1 pinned, 2 retreat, 3 disperse */
int minis__aa_result(int score); /* QR-AA-9..12: 0 none, 1 suppressed, 2 retreat, 3 disperse */
int minis__air_factor(int cannon, int year, int afv); /* QR-AIR-16..18 */
int minis__air_hit(int score);                   /* QR-AIR-5..7: 1 undershoot, 2 overshoot, 3 hit */
int minis__rally_result(int score);              /* QR-RALLY-2..5: 0 surrender, 1 fail, 2 rally */
int minis__bog(int die, int wheeled, int marsh); /* QR-MOVE-27..29: 1 bogged */
int minis__outcome_rank(enum minis_outcome o);   /* QR-AMB-16 severity */
int minis__test_rank(enum minis_test t);

/* The sheet's distances (QR-AMB-9), both scales. */
extern const struct minis_dist MD_HIDDEN_AUTO; /* 24 [36] */
extern const struct minis_dist MD_SURCHARGE;   /* 24 [36] */
extern const struct minis_dist MD_RECON_MAX;   /* 36 (54) */
extern const struct minis_dist MD_RECON_NEAR;  /* 8 [12] */
extern const struct minis_dist MD_RECON_FAR;   /* 16 [24] */
extern const struct minis_dist MD_RECON_ENEMY; /* 4 [6] */
extern const struct minis_dist MD_INF_LONG;    /* 16 [24]: infantry difficult target */
extern const struct minis_dist MD_RETREAT_INF; /* 6 (9) */
extern const struct minis_dist MD_RETREAT_VEH; /* 10 (15) */
extern const struct minis_dist MD_WIN_MOVE;    /* 2 [3] */
extern const struct minis_dist MD_AIR_MISS;    /* 2 [3] */
extern const struct minis_dist MD_AIR_ZONE;    /* 2 [3] */
extern const struct minis_dist MD_TWO;         /* 2 [3]: support, point blank, edge depth */
extern const struct minis_dist MD_FOUR;        /* 4 [6]: proximity, recon circle */
extern const struct minis_dist MD_COVER_NEAR;  /* 1 [1.5]: linear cover, wrecks */
extern const struct minis_dist MD_AA_MG;       /* 20 [30] */
extern const struct minis_dist MD_AA_CANNON;   /* 30 [45] */

/* ---- data compiled from data/minis/ (data_minis.c, generated) ---------------------------- */

extern const char minis_terrain_json[];
extern const char minis_quality_json[];
extern const char minis_nations_json[];
extern const char minis_weapons_json[];
extern const char minis_vehicles_json[];
/* The terrain types of data/minis/terrain.json, parsed once per scenario (scenario.c). */
int minis__terrain_types(struct sdoc *d, struct minis_scenario *sc);

/* ---- files' internals -------------------------------------------------------------------------
 */

/* game.c */
void minis__line(cJSON *reply, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int minis__game_new(const struct minis_scenario *sc, const struct rules_options *opts,
                    struct minis_game **out, struct rules_error *err);
int minis__act(struct minis_game *g, struct rules_dice *d, int side, int argc, char **argv,
               cJSON *reply, struct rules_events *ev, struct rules_error *err);
void minis__pending(const struct rules_game *g, struct rules_pending *p);
void minis__outcome(const struct rules_game *g, struct rules_outcome *o);
/* The side whose decision the game waits for now, or -1 (both in the rally phase, or none). */
int minis__acting_side(const struct minis_game *g);
int minis__awaits(const struct minis_game *g, int side);

/* options.c */
int minis__opts_build(const struct minis_scenario *sc, const struct rules_options *opts,
                      struct minis_opts *out, struct rules_error *err);
int minis__opt_check(const char *key, const char *value, char *why, size_t n);

/* scenario.c */
int minis__scenario_load(const struct ruleset *rs, const char *source, const cJSON *doc,
                         struct rules_scenario **out, struct rules_error *err);
int minis__scenario_lint(const struct ruleset *rs, const char *source, const cJSON *doc,
                         void (*report)(void *ctx, int severity, const char *path,
                                        const char *message),
                         void *ctx);
void minis__scenario_free(struct rules_scenario *sc);
void minis__scenario_info(const struct rules_scenario *sc, struct rules_scenario_info *info);

/* util.c: units, terrain, scale, visibility */
const struct minis_unit_def *minis__def(const struct minis_game *g, int u);
int minis__side(const struct minis_game *g, int u);
int minis__on(const struct minis_game *g, int u);   /* on the table (dummies included) */
int minis__real(const struct minis_game *g, int u); /* on the table, not a dummy */
int32_t minis__d(const struct minis_game *g, struct minis_dist d);
int32_t minis__unprinted(const struct minis_game *g, int32_t hundredths);
int minis__is_afv(const struct minis_game *g, int u);
int minis__is_vehicle(const struct minis_game *g, int u);
int minis__is_command(const struct minis_game *g, int u); /* HQs and command units */
int minis__is_artillery(const struct minis_game *g, int u);
int minis__infantry_type(const struct minis_game *g, int u);
int minis__tmove(const struct minis_game *g, int u); /* enum minis_tmove */
/* 1 if viewer (a side, or RULES_SPECTATOR) may see unit u (its identity and position). */
int minis__visible(const struct minis_game *g, int u, int viewer);
/* The audience of news about unit u: public when the enemy sees it, else the owner. */
unsigned minis__aud(const struct minis_game *g, int u);
void minis__corners(const struct minis_game *g, int u, struct minis_pt out[4]);
void minis__corners_at(const struct minis_game *g, int u, struct minis_pt c, int facing,
                       struct minis_pt out[4]);
struct minis_pt minis__pos(const struct minis_game *g, int u);
int32_t minis__udist(const struct minis_game *g, int a, int b); /* edge to edge */
int32_t minis__updist(const struct minis_game *g, int a, struct minis_pt p);
int minis__touching(const struct minis_game *g, int a, int b);
/* Index of unit id (case-insensitive) among the slots, -1. */
int minis__unit_find(const struct minis_game *g, const char *id);
const char *minis__uid(const struct minis_game *g, int u);
/* The unit argument as viewer side may name it (visible units only), else the refusal. */
int minis__unit_arg(const struct minis_game *g, int side, const char *arg, int own,
                    struct rules_error *err);
int minis__piece_find(const struct minis_game *g, const char *id);
/* A coordinate in inches ("12", "12.5", "12.25") into hundredths; 0 or -1. */
int minis__parse_in(const char *s, int32_t *out);
int minis__parse_pt(const struct minis_game *g, int argc, char **argv, int *k, struct minis_pt *p,
                    struct rules_error *err);
int minis__parse_angle(const char *s, int *out);
/* "12.25" for 1225 into buf. */
const char *minis__fmt_in(int32_t v, char *buf, size_t n);
cJSON *minis__num_in(int32_t v);
/* Terrain: 1 if piece k is present (not a destroyed strongpoint) */
const struct minis_tattr *minis__attr(const struct minis_game *g, int k);
int minis__in_piece(const struct minis_game *g, int k, struct minis_pt p);
/* The piece of flags f containing p, -1. */
int minis__piece_at(const struct minis_game *g, struct minis_pt p, uint32_t f);
int minis__level(const struct minis_game *g, struct minis_pt p);
int minis__going(const struct minis_game *g, struct minis_pt p, int tmove, int *marsh);
/* LOS from a to b (points at levels): 0 blocked, 1 clear; *obscured set when a smoke or
 * obscuring piece is crossed. */
int minis__los_pts(const struct minis_game *g, struct minis_pt a, struct minis_pt b, int *obscured);
int minis__los(const struct minis_game *g, int a, int b, int *obscured, int *limited);
/* The best cover class of unit u against a firer at point f (f NULL: position only). */
int minis__cover(const struct minis_game *g, int u, const struct minis_pt *f, int *building,
                 int *strongpoint, int *in_piece_cover);
int minis__in_cover(const struct minis_game *g, int u); /* any cover class (acq "IN COVER") */
int minis__on_high_ground(const struct minis_game *g, struct minis_pt p, struct minis_pt target);
int minis__on_table(const struct minis_game *g, const struct minis_pt c[4]);
/* 1 if unit u at centre c, facing f overlaps another unit (ignore: unit index or -1); *hit
 * is the first unit overlapped. */
int minis__overlaps(const struct minis_game *g, int u, struct minis_pt c, int f, int ignore,
                    int *hit, int only_visible_to);
int minis__quality(const struct minis_game *g, int u);
/* The test an outcome-less AFV asked for a disperse takes (QR-MORALE-11). */
enum minis_test minis__test_for(const struct minis_game *g, int u, enum minis_test t);

/* setup.c */
int minis__setup_rolls(struct minis_game *g, struct rules_dice *d, struct rules_events *ev);
int minis__do_deploy(struct minis_game *g, struct rules_dice *d, int side, int argc, char **argv,
                     cJSON *reply, struct rules_events *ev, struct rules_error *err);
int minis__deploy_end(struct minis_game *g, struct rules_dice *d, int side, struct rules_events *ev,
                      struct rules_error *err);
int minis__dummy_slot(const struct minis_game *g, int k);

/* turn.c */
int minis__command_phase(struct minis_game *g, struct rules_dice *d, struct rules_events *ev);
int minis__do_order(struct minis_game *g, struct rules_dice *d, int side, int argc, char **argv,
                    cJSON *reply, struct rules_events *ev, struct rules_error *err);
int minis__do_end(struct minis_game *g, struct rules_dice *d, int side, int argc, char **argv,
                  cJSON *reply, struct rules_events *ev, struct rules_error *err);
int minis__do_rally(struct minis_game *g, struct rules_dice *d, int side, int argc, char **argv,
                    cJSON *reply, struct rules_events *ev, struct rules_error *err);
int minis__order_cost_of(const struct minis_game *g, int payer, uint64_t units, int kind, int *cost,
                         struct rules_error *err);
int minis__ltr_key(const struct minis_game *g, int side, uint64_t units);
int minis__victory_check(struct minis_game *g, struct rules_events *ev, int final);
int minis__after_action(struct minis_game *g, struct rules_dice *d, struct rules_events *ev);
int minis__group_allowance(const struct minis_game *g, int u, int road);
int minis__rally_choices(const struct minis_game *g, int side);
int minis__do_initiative(struct minis_game *g, struct rules_dice *d, int side, int argc,
                         char **argv, cJSON *reply, struct rules_events *ev,
                         struct rules_error *err);
int minis__rally_resolve(struct minis_game *g, struct rules_dice *d, struct rules_events *ev);
/* Ends the game: winner (-1 a draw), the summary, and every secret revealed (QR-AMB-13). */
int minis__game_over(struct minis_game *g, int winner, const char *summary,
                     struct rules_events *ev);

/* move.c */
int minis__do_move(struct minis_game *g, struct rules_dice *d, int side, int argc, char **argv,
                   cJSON *reply, struct rules_events *ev, struct rules_error *err);
/* Moves u along pts (n points after its position) to facing f (-1: the last leg's). */
int minis__move_path(struct minis_game *g, struct rules_dice *d, int u, const struct minis_pt *pts,
                     int n, int f, int stop_at_contact, struct rules_events *ev,
                     struct rules_error *err, int *contact);
int minis__proximity(struct minis_game *g, struct rules_events *ev);
int minis__reveal(struct minis_game *g, int u, const char *why, struct rules_events *ev);
int minis__may_act(const struct minis_game *g, int side, int u, struct rules_error *err);

/* fire.c */
int minis__do_fire(struct minis_game *g, struct rules_dice *d, int side, int argc, char **argv,
                   cJSON *reply, struct rules_events *ev, struct rules_error *err);
struct minis_shot {
	int firer, target, weapon;
	int supporters[2], nsup;
	int32_t dist;
	int band; /* 0 close, 1 effective, 2 long */
	int mods[16];
	const char *why[16];
	int nmods;
	int total; /* modifier sum */
};
int minis__shot_check(const struct minis_game *g, int side, struct minis_shot *s,
                      struct rules_error *err);
int minis__band(const struct minis_game *g, int weapon, int firer_range, int32_t dist);
int minis__range_row(const struct minis_game *g, int u, int w);
int minis__acq_limit(const struct minis_game *g, int firer, int target, int32_t *limit);
int minis__best_weapon(const struct minis_game *g, int firer, int target);

/* morale.c */
struct minis_cause {
	struct minis_pt at; /* retreats go away from it */
	int mg;             /* the firer's weapon is an MG (QR-DSIX-12) */
	int he75;           /* HE of 75mm or more */
	const char *what;   /* "fire of GB4" */
};
/* Unit u takes test t (dsix: the roll was a natural double six, whose minimum then applies). */
int minis__test(struct minis_game *g, struct rules_dice *d, int u, enum minis_test t, int dsix,
                const struct minis_cause *c, struct rules_events *ev);
int minis__apply(struct minis_game *g, struct rules_dice *d, int u, enum minis_outcome o,
                 const struct minis_cause *c, struct rules_events *ev);
int minis__retreat(struct minis_game *g, int u, const struct minis_cause *c,
                   struct rules_events *ev);
int minis__remove(struct minis_game *g, int u, enum minis_status st, const char *why,
                  struct rules_events *ev);
enum minis_outcome minis__roll_test(struct rules_dice *d, int mod, enum minis_test t, int afv,
                                    int *die);
/* morale.timing=phase4 (QR-AMB-10): takes the queued tests, the phasing side's first. */
int minis__morale_queue_resolve(struct minis_game *g, struct rules_dice *d,
                                struct rules_events *ev);

/* recon.c */
int minis__do_recon(struct minis_game *g, struct rules_dice *d, int side, int argc, char **argv,
                    cJSON *reply, struct rules_events *ev, struct rules_error *err);
int minis__do_reveal(struct minis_game *g, struct rules_dice *d, int side, int argc, char **argv,
                     cJSON *reply, struct rules_events *ev, struct rules_error *err);
int minis__in_area(const struct minis_game *g, const struct minis_recon *r, int u);

/* assault.c */
int minis__do_assault(struct minis_game *g, struct rules_dice *d, int side, int argc, char **argv,
                      cJSON *reply, struct rules_events *ev, struct rules_error *err);
int minis__do_stubborn(struct minis_game *g, struct rules_dice *d, int side, int argc, char **argv,
                       cJSON *reply, struct rules_events *ev, struct rules_error *err);
int minis__do_casualty(struct minis_game *g, struct rules_dice *d, int side, int argc, char **argv,
                       cJSON *reply, struct rules_events *ev, struct rules_error *err);
int minis__assault_casualty_ok(const struct minis_game *g, int u);
int minis__do_advance(struct minis_game *g, struct rules_dice *d, int side, int argc, char **argv,
                      cJSON *reply, struct rules_events *ev, struct rules_error *err);

/* indirect.c */
int minis__do_call(struct minis_game *g, struct rules_dice *d, int side, int argc, char **argv,
                   cJSON *reply, struct rules_events *ev, struct rules_error *err);
int minis__indirect(struct minis_game *g, struct rules_dice *d, int side, int unit,
                    struct minis_pt aim, int smoke, cJSON *reply, struct rules_events *ev,
                    struct rules_error *err);
int minis__aa_fire(struct minis_game *g, struct rules_dice *d, int side, int u,
                   struct rules_events *ev, struct rules_error *err);
int minis__air_resolve(struct minis_game *g, struct rules_dice *d, struct rules_events *ev);
int minis__aa_eligible(const struct minis_game *g, int u, struct rules_error *err);
int minis__observer(const struct minis_game *g, int side, struct minis_pt p, int air, int unit);

/* view.c */
cJSON *minis__view(const struct rules_game *g, const struct rules_viewer *who);
cJSON *minis__unit_json(const struct minis_game *g, int u, int viewer);
int minis__q_units(const struct minis_game *g, const struct rules_viewer *who, int argc,
                   char **argv, cJSON *out, struct rules_error *err);
int minis__q_measure(const struct minis_game *g, const struct rules_viewer *who, int argc,
                     char **argv, cJSON *out, struct rules_error *err);
int minis__q_los(const struct minis_game *g, const struct rules_viewer *who, int argc, char **argv,
                 cJSON *out, struct rules_error *err);
int minis__q_table(const struct minis_game *g, const struct rules_viewer *who, int argc,
                   char **argv, cJSON *out, struct rules_error *err);
int minis__q_terrain(const struct minis_game *g, const struct rules_viewer *who, int argc,
                     char **argv, cJSON *out, struct rules_error *err);
void minis__table_lines(const struct minis_game *g, int viewer, cJSON *out);

/* legal.c */
int minis__q_options(const struct minis_game *g, const struct rules_viewer *who, int argc,
                     char **argv, cJSON *out, struct rules_error *err);

/* picture.c */
char *minis__picture(const struct rules_game *g, const struct rules_viewer *who, int argc,
                     char **argv, struct rules_error *err);

/* snapshot.c */
char *minis__snapshot(const struct rules_game *g);
int minis__restore(const struct rules_scenario *sc, const struct rules_options *opts,
                   const char *snapshot, struct rules_game **out, struct rules_error *err);

/* twin.c */
struct rules_game *minis__secret_twin(const struct rules_game *g, int side, unsigned variant,
                                      char *what, size_t n, int *lasting);

/* verbs.c */
struct minis_verb {
	struct rules_verb v; /* first: the ruleset hands &v out */
	int (*exec)(struct minis_game *g, struct rules_dice *d, int side, int argc, char **argv,
	            cJSON *reply, struct rules_events *ev, struct rules_error *err);
	int (*query)(const struct minis_game *g, const struct rules_viewer *who, int argc,
	             char **argv, cJSON *out, struct rules_error *err);
};
const struct minis_verb *minis__verb_at(size_t i);
const struct minis_verb *minis__verb_find(const char *name);

#endif
