/*
 * tables.c -- the quick-reference sheet's tables, transcribed (the (data) lines of
 * minis-checklist.md), and the lookups the rules use.  Each table names the QR- ids whose
 * cells it holds; tests/unit/test_minis_tables.c checks every cell against the sheet.
 *
 * Distances are kept at both printed scales (QR-AMB-9): the alternate figure is stored as
 * printed, never computed from the base one.
 */
#include "minis_int.h"

#include <string.h>
#include <strings.h>

#define D(b, a)                                                                                    \
	{                                                                                          \
		MINIS_IN(b), MINIS_IN(a)                                                           \
	}

const struct minis_dist MD_HIDDEN_AUTO = D(24, 36); /* QR-SETUP-37 */
const struct minis_dist MD_SURCHARGE = D(24, 36);   /* QR-CMD-23 */
const struct minis_dist MD_RECON_MAX = D(36, 54);   /* QR-RECON-1, "36" (54")" */
const struct minis_dist MD_RECON_NEAR = D(8, 12);   /* QR-RECON-6 */
const struct minis_dist MD_RECON_FAR = D(16, 24);   /* QR-RECON-4 */
const struct minis_dist MD_RECON_ENEMY = D(4, 6);   /* QR-RECON-8 */
const struct minis_dist MD_INF_LONG = D(16, 24);    /* QR-FIRE-14, QR-FIRE-23 */
const struct minis_dist MD_RETREAT_INF = D(6, 9);   /* QR-MORALE-14 */
const struct minis_dist MD_RETREAT_VEH = D(10, 15); /* QR-MORALE-14 */
const struct minis_dist MD_WIN_MOVE = D(2, 3);      /* QR-ASSAULT-42 */
const struct minis_dist MD_AIR_MISS = D(2, 3);      /* QR-AIR-5, QR-AIR-6 */
const struct minis_dist MD_AIR_ZONE = D(2, 3);      /* QR-AIR-14 */
const struct minis_dist MD_TWO = D(2, 3);           /* QR-AMB-4, -7, -39, -48 */
const struct minis_dist MD_FOUR = D(4, 6);          /* QR-AMB-13, -33 */
const struct minis_dist MD_COVER_NEAR = {100, 150}; /* QR-AMB-3, -44 */
const struct minis_dist MD_AA_MG = D(20, 30);       /* QR-AMB-22 */
const struct minis_dist MD_AA_CANNON = D(30, 45);   /* QR-AMB-22 */

const char *const minis_quality_names[MQ_COUNT] = {"elite", "veteran", "regular", "inexperienced",
                                                   "militia"};
const char *const minis_kind_names[MK_COUNT] = {"infantry", "hq",      "gun",  "afv",
                                                "softskin", "cavalry", "dummy"};
const char *const minis_move_names[MM_COUNT] = {"infantry", "slow",    "medium",    "fast",
                                                "wheeled",  "cavalry", "manhandle", "static"};
const char *const minis_test_names[MT_COUNT] = {"none",     "pinned",  "retreat",
                                                "disperse", "damaged", "destroyed"};
const char *const minis_outcome_names[MO_COUNT] = {
    "obey orders", "pinned",    "retreat",    "damaged & retreat",
    "dispersed",   "destroyed", "suppressed", "dispersed or damaged & retreat"};

/* ---- weapons factor table (QR-WEAPON-1..35) and range rows (QR-RANGE-10) ---- */

#define G  MW_GUN
#define SA MW_SMALL_ARMS
#define BR MW_BRACKETED
#define HE (MW_HE | MW_HE_75)
const struct minis_weapon minis_weapons[] = {
    {"g20", "20mm*", 1, 1, G, MR_GUN_SMALL, 0, "QR-WEAPON-1"},
    {"g37", "37mm*", 2, 1, G, MR_GUN_SMALL, 0, "QR-WEAPON-2"},
    {"g45", "45mm* & 47mm* & British 2pdr*", 3, 1, G, MR_GUN_SMALL, 0, "QR-WEAPON-3"},
    {"g50s", "50mm* Short German L42", 3, 1, G, MR_GUN_SMALL, 0, "QR-WEAPON-4"},
    {"g50l", "50mm Long German L60", 4, 1, G, MR_GUN_STD, 0, "QR-WEAPON-5"},
    {"g57", "57mm US & British 6pdr", 4, 1, G, MR_GUN_STD, 0, "QR-WEAPON-6"},
    {"g75s", "75mm* Short German L24", 3, 2, G, MR_GUN_SMALL, 0, "QR-WEAPON-7"},
    {"g75e", "75mm*/76mm* Early US 75mm & Russian 76mm", 4, 2, G, MR_GUN_SMALL, 0, "QR-WEAPON-8"},
    {"g75", "75mm/76mm US 75mm & Russian 76mm", 5, 2, G, MR_GUN_STD, 0, "QR-WEAPON-9"},
    {"g75l", "75mm/76mm Long German L43/48 & US 76mm", 6, 2, G, MR_GUN_STD, 0, "QR-WEAPON-10"},
    {"g75hv", "75mm# High Velocity German L70", 8, 2, G, MR_GUN_HV, 0, "QR-WEAPON-11"},
    {"g17pdr", "17pdr# British", 8, 2, G, MR_GUN_HV, 0, "QR-WEAPON-12"},
    {"g85", "85mm Russian", 7, 2, G, MR_GUN_STD, 0, "QR-WEAPON-13"},
    {"g88", "88mm# German L56", 8, 3, G, MR_GUN_HV, 0, "QR-WEAPON-14"},
    {"g88hv", "88mm# High Velocity German L71", 10, 3, G, MR_GUN_HV, 0, "QR-WEAPON-15"},
    {"g90", "90mm# US", 8, 3, G, MR_GUN_HV, 0, "QR-WEAPON-16"},
    {"g100", "100mm# Russian", 8, 3, G, MR_GUN_HV, 0, "QR-WEAPON-17"},
    {"g122", "122mm# Russian Long 122mm", 9, 4, G, MR_GUN_HV, 0, "QR-WEAPON-18"},
    {"rifles", "Rifles & SMGs", -2, 0, SA | BR, MR_RIFLE, 0, "QR-WEAPON-19"},
    {"smg", "Rifles & SMGs", -2, 0, SA | BR, MR_SMG, 0, "QR-WEAPON-19"},
    {"lmg", "LMGs & Vehicle mounted MGs", -2, 1, SA | BR | MW_MG, MR_RIFLE, 0, "QR-WEAPON-20"},
    {"vmg", "LMGs & Vehicle mounted MGs", -2, 1, SA | BR | MW_MG, MR_RIFLE, 0, "QR-WEAPON-20"},
    {"mmg", "MMG", -2, 2, SA | MW_MG | MW_MMG_HMG, MR_MMG, 1, "QR-WEAPON-21"},
    {"hmg", "HMGs", 0, 2, SA | MW_MG | MW_MMG_HMG, MR_MMG, 1, "QR-WEAPON-22"},
    {"lmortar", "Light Mortar", -2, 0, SA | BR | MW_LMORTAR, MR_LMORTAR, 0, "QR-WEAPON-23"},
    {"atrifle", "AT Rifles", 0, 0, SA | MW_ATRIFLE, MR_ATRIFLE, 0, "QR-WEAPON-24"},
    {"autocannon", "Single/Twin Auto-cannon*", 1, 2, MW_AUTOCANNON, MR_GUN_SMALL, 2,
     "QR-WEAPON-25"},
    {"autocannon_quad", "Triple/Quad Auto-cannon*", 3, 4, MW_AUTOCANNON, MR_GUN_SMALL, 3,
     "QR-WEAPON-26"},
    {"pzfaust", "Panzerfaust, Bazooka, PIAT etc.", 5, 0, MW_HANDHELD, MR_PZFAUST, 0,
     "QR-WEAPON-27"},
    {"he75", "75mm-85mm HE", 2, 2, HE, MR_BY_GUN, 0, "QR-WEAPON-28"},
    {"he88", "88mm-100mm HE", 2, 3, HE, MR_BY_GUN, 0, "QR-WEAPON-29"},
    {"he105", "105mm-139mm HE", 3, 4, HE, MR_BY_GUN, 0, "QR-WEAPON-30"},
    {"he150", "150mm+ HE", 4, 5, HE, MR_BY_GUN, 0, "QR-WEAPON-31"},
    {"heat95", "95mm* HEAT Short Howitzer", 4, 3, HE, MR_GUN_SMALL, 0, "QR-WEAPON-32"},
    {"heat105", "105mm* HEAT Short Howitzer", 4, 4, HE, MR_GUN_SMALL, 0, "QR-WEAPON-33"},
    {"heat122", "122mm* HEAT Short Howitzer", 5, 4, HE, MR_GUN_SMALL, 0, "QR-WEAPON-34"},
    {"heat150", "150/152mm* HEAT Short Howitzer", 7, 5, HE, MR_GUN_SMALL, 0, "QR-WEAPON-35"},
    {"flame", "Flame-thrower (man-pack)", 0, 0, MW_FLAME, MR_PZFAUST, 0, "QR-FLAME-7"},
    {"flame_vehicle", "Flame-thrower (vehicle)", 0, 0, MW_FLAME, MR_FLAME_VEH, 0, "QR-AMB-46"},
};
#undef G
#undef SA
#undef BR
#undef HE
const int minis_nweapons = (int)(sizeof(minis_weapons) / sizeof(minis_weapons[0]));

int minis__weapon_find(const char *id)
{
	for (int k = 0; k < minis_nweapons; k++)
		if (strcasecmp(minis_weapons[k].id, id) == 0)
			return k;
	return -1;
}

#define NONE                                                                                       \
	{                                                                                          \
		-1, -1                                                                             \
	}
const struct minis_range minis_ranges[MR_COUNT] = {
    [MR_SMG] = {"SMGs", 1, D(4, 6), {800, 1200}, NONE, "QR-RANGE-1"},
    [MR_RIFLE] = {"Rifles, LMGs & Vehicle mounted MGs", 1, D(4, 6), D(12, 18), NONE, "QR-RANGE-2"},
    [MR_MMG] = {"MMG & HMGs", 1, D(4, 6), D(16, 24), D(20, 30), "QR-RANGE-3"},
    [MR_LMORTAR] = {"Light Mortar", 1, D(4, 6), D(12, 18), NONE, "QR-RANGE-4"},
    [MR_ATRIFLE] = {"AT Rifles", 0, NONE, D(8, 12), NONE, "QR-RANGE-5"},
    [MR_PZFAUST] = {"Panzerfaust, Bazooka, PIAT etc.", 0, NONE, D(4, 6), NONE, "QR-RANGE-6"},
    [MR_GUN_SMALL] = {"Small & Low Velocity Guns (*)", 1, D(8, 12), D(16, 24), D(30, 45),
                      "QR-RANGE-7"},
    [MR_GUN_STD] = {"Standard Guns", 1, D(8, 12), D(22, 33), D(36, 54), "QR-RANGE-8"},
    [MR_GUN_HV] = {"High Velocity Guns (#)", 1, D(8, 12), D(22, 33), D(42, 63), "QR-RANGE-9"},
    [MR_FLAME_VEH] = {"vehicle flame-thrower", 0, NONE, D(8, 12), NONE, "QR-AMB-46"},
    [MR_BY_GUN] = {"the gun's range class", 1, D(8, 12), D(22, 33), D(36, 54), "QR-AMB-35"},
};
#undef NONE

const char *const minis_afv_models[] = {
    "Tiger2",  "Jagdtiger", "Elephant",    "Tiger1",    "IS2",         "Panther",  "Churchill",
    "Matilda", "T34-85",    "KV1",         "PzIV",      "StuG",        "Cromwell", "Sherman",
    "CharB",   "T34",       "PzIII",       "Crusader",  "LeeGrant",    "M10",      "S35",
    "Stuart",  "H35",       "R35",         "PzII",      "M18",         "BT7",      "T26",
    "PzI",     "MkVIB",     "ArmouredCar", "HalfTrack", "BrenCarrier",
};
const int minis_nafv_models = (int)(sizeof(minis_afv_models) / sizeof(minis_afv_models[0]));

/* ---- nationality (QR-GEN-7..9, QR-AMB-18) ---- */

int minis__nation_parse(const char *name, int year, uint8_t *out)
{
	static const struct {
		const char *name;
		int nation;
	} names[] = {
	    {"german", MN_GERMAN},
	    {"finnish", MN_GERMAN},
	    {"finn", MN_GERMAN},
	    {"british", MN_BRITISH},
	    {"commonwealth", MN_BRITISH},
	    {"canadian", MN_BRITISH},
	    {"australian", MN_BRITISH},
	    {"new_zealand", MN_BRITISH},
	    {"indian", MN_BRITISH},
	    {"south_african", MN_BRITISH},
	    {"us", MN_US},
	    {"american", MN_US},
	    {"russian", MN_RUSSIAN},
	    {"soviet", MN_RUSSIAN},
	    {"italian", MN_AXIS},
	    {"romanian", MN_AXIS},
	    {"hungarian", MN_AXIS},
	    {"bulgarian", MN_AXIS},
	    {"slovak", MN_AXIS},
	    {"axis_ally", MN_AXIS},
	    {"other", MN_OTHER},
	};

	if (strcasecmp(name, "free_french") == 0 || strcasecmp(name, "free_polish") == 0) {
		*out = year >= 1941 ? MN_BRITISH : MN_EARLY;
		return 0;
	}
	if (strcasecmp(name, "french") == 0 || strcasecmp(name, "polish") == 0 ||
	    strcasecmp(name, "belgian") == 0 || strcasecmp(name, "dutch") == 0) {
		*out = year <= 1940 ? MN_EARLY : MN_OTHER;
		return 0;
	}
	for (size_t k = 0; k < sizeof(names) / sizeof(names[0]); k++)
		if (strcasecmp(names[k].name, name) == 0) {
			*out = (uint8_t)names[k].nation;
			return 0;
		}
	return -1;
}

/* ---- set-up flow chart (page 1) ---- */

int minis__air_sup_mod(int nation, int year)
{
	switch (nation) {
	case MN_GERMAN: /* QR-SETUP-3..5 */
		return year <= 1942 ? 1 : year == 1943 ? 0 : -1;
	case MN_RUSSIAN: /* QR-SETUP-6, -7 */
		return year <= 1943 ? -1 : 1;
	case MN_BRITISH:
	case MN_US: /* QR-SETUP-8..10 */
		return year <= 1941 ? 0 : year <= 1943 ? 1 : 2;
	default: /* QR-SETUP-11 */
		return -1;
	}
}

int minis__column_a(int nation, int year)
{
	switch (nation) { /* QR-SETUP-16, -17; gaps use B (QR-SETUP-18) */
	case MN_GERMAN:
		return year <= 1943;
	case MN_BRITISH:
	case MN_US:
		return year >= 1941;
	case MN_RUSSIAN:
		return year >= 1944;
	default:
		return 0;
	}
}

int minis__air_missions(int score, int col_a)
{
	if (score <= 2) /* QR-SETUP-13 */
		return 0;
	if (score <= 4) /* QR-SETUP-14 */
		return 1;
	return col_a ? 2 : 1; /* QR-SETUP-15 */
}

int minis__fire_missions(int score, int col_a)
{
	static const int a[7] = {1, 1, 1, 2, 3, 4, 6}, b[7] = {0, 0, 0, 1, 2, 3, 4};

	score = score < 0 ? 0 : score > 6 ? 6 : score; /* QR-SETUP-20..24 */
	return col_a ? a[score] : b[score];
}

int minis__quality_group(int quality)
{
	return quality <= MQ_VETERAN ? 0 : quality <= MQ_INEXPERIENCED ? 1 : 2;
}

int minis__hidden_mod(int group)
{
	static const int m[3] = {2, 1, 0}; /* QR-SETUP-27..29 */
	return m[group];
}

int minis__ambush_mod(int group)
{
	static const int m[3] = {-3, -4, -5};
	return m[group];
}

int minis__dummy_mod(int group)
{
	static const int m[3] = {-1, -2, -3}; /* QR-SETUP-39..41 */
	return m[group];
}

/* ---- command (page 3) ---- */

int minis__hq_mod(int nation, int year)
{
	switch (nation) {
	case MN_GERMAN: /* QR-CMD-4, -5 */
		return year <= 1944 ? 2 : 1;
	case MN_BRITISH:
	case MN_US: /* QR-CMD-6 */
		return year >= 1941 ? 1 : 0;
	case MN_RUSSIAN: /* QR-CMD-7 */
		return year >= 1943 ? 1 : 0;
	default: /* QR-CMD-8 */
		return 0;
	}
}

int minis__request_need(int nation, int year, int air)
{
	int first = (nation == MN_GERMAN && year <= 1944) || nation == MN_BRITISH ||
	            nation == MN_US; /* "GERMAN 1939-44/BRITISH/US" */

	if (!air)
		return first ? 3 : 4; /* QR-CMD-27, -28 */
	return first ? 4 : 5;         /* QR-CMD-29, -30 */
}

int minis__group_max(int nation, int kind)
{
	if (kind == GK_INF_ASSAULT || kind == GK_ARM_ASSAULT) /* QR-CMD-35, -36 */
		return 8;
	if (kind == GK_CONVOY) /* QR-CMD-37 */
		return -1;
	if (nation == MN_GERMAN || nation == MN_BRITISH || nation == MN_US) /* QR-CMD-32 */
		return 5;
	return 4; /* QR-CMD-33, -34, "Treat all other armies as Russian" */
}

int minis__order_cost(int kind, int has_cmd, int n)
{
	if (kind == GK_INF_ASSAULT || kind == GK_ARM_ASSAULT || kind == GK_CONVOY)
		return 1; /* QR-CMD-19..21 */
	if (n == 1)
		return 1;       /* QR-CMD-18 */
	return has_cmd ? 1 : 2; /* QR-CMD-16, -17 */
}

/* ---- quality (QR-AMB-8) ---- */

int minis__fire_quality_mod(int quality)
{
	static const int m[MQ_COUNT] = {1, 0, 0, 0, -1}; /* QR-FIRE-3, -16 */
	return m[quality];
}

int minis__morale_quality_mod(int quality)
{
	return quality == MQ_ELITE; /* QR-MORALE-7, -8 */
}

int minis__rally_quality_mod(int quality)
{
	static const int m[MQ_COUNT] = {1, 1, 0, -1, -1}; /* QR-RALLY-7..9 */
	return m[quality];
}

/* ---- armour (QR-ARMOUR-2..11; page 2: QR-AIR-22..29) ---- */

static int is_model(const char *model, const char *name)
{
	return model != NULL && strncasecmp(model, name, strlen(name)) == 0;
}

int minis__armour(int cat, const char *model, int side_rear)
{
	static const int front[8] = {8, 7, 5, 4, 3, 2, 1, 0}, side[8] = {5, 4, 3, 2, 1, 1, 0, 0};

	if (cat < 0 || cat > 7)
		return 0;
	if (cat == 1 && side_rear && is_model(model, "Panther")) /* QR-ARMOUR-10 */
		return 2;
	if (cat == 2 && !side_rear && is_model(model, "KV1")) /* QR-ARMOUR-11 */
		return 6;
	return side_rear ? side[cat] : front[cat];
}

int minis__armour_side_p2(int cat, const char *model)
{
	static const int side[8] = {5, 4, 3, 2, 1, 1, 0, 0};

	if (cat < 0 || cat > 7)
		return 0;
	if (cat == 1 && is_model(model, "Panther")) /* "[*Panther = 2]" */
		return 2;
	return side[cat];
}

int minis__weight(int cat)
{
	return cat <= 1 ? 2 : cat <= 5 ? 1 : 0; /* QR-ARMOUR-12 */
}

/* ---- morale (QR-MORALE-2..6) ---- */

enum minis_outcome minis__morale_cell(enum minis_test t, int score)
{
#define P  MO_PINNED
#define O  MO_OBEY
#define R  MO_RETREAT
#define DI MO_DISPERSED
#define DR MO_DAMAGED_RETREAT
#define X  MO_DESTROYED
	static const enum minis_outcome cells[MT_COUNT][6] = {
	    [MT_PINNED] = {P, P, P, O, O, O},
	    [MT_RETREAT] = {MO_DISP_OR_DAMR, R, R, R, P, O},
	    [MT_DISPERSE] = {DI, DI, DI, DI, DI, R},
	    [MT_DAMAGED] = {X, DR, DR, DR, R, MO_SUPPRESSED},
	    [MT_DESTROYED] = {X, X, X, X, X, DR},
	};
#undef P
#undef O
#undef R
#undef DI
#undef DR
#undef X
	if (t <= MT_NONE || t >= MT_COUNT)
		return MO_OBEY;
	score = score < 1 ? 1 : score > 6 ? 6 : score; /* "6+" (QR-MORALE-9) */
	return cells[t][score - 1];
}

/* ---- results tables (QR-FIRE-30..36, QR-AIR-31..37) ---- */

static const struct minis_result_row result_rows[] = {
    {-99, MT_NONE, MT_NONE, MT_NONE, MT_NONE},
    {7, MT_PINNED, MT_NONE, MT_PINNED, MT_NONE},
    {8, MT_PINNED, MT_PINNED, MT_PINNED, MT_PINNED},
    {9, MT_RETREAT, MT_RETREAT, MT_RETREAT, MT_RETREAT},
    {10, MT_RETREAT, MT_DAMAGED, MT_RETREAT, MT_DAMAGED},
    {11, MT_RETREAT, MT_DAMAGED, MT_DISPERSE, MT_DESTROYED},
    {12, MT_DISPERSE, MT_DESTROYED, MT_DISPERSE, MT_DESTROYED},
};

const struct minis_result_row *minis__fire_row(int score)
{
	int k = score <= 6 ? 0 : score >= 12 ? 6 : score - 6;

	return &result_rows[k];
}

const struct minis_result_row *minis__air_row(int score)
{
	/* page 2's results table has the same rows as page 5's (the names of the tests
	 * differ only in wording, QR-MORALE-10) */
	return minis__fire_row(score);
}

int minis__flame_result(int score)
{
	return score <= 5 ? 0 : score <= 7 ? 1 : 2; /* QR-FLAME-2..4 */
}

/* ---- acquisition (QR-ACQ-1..4) ---- */

struct minis_dist minis__acq(int row, int cover)
{
	static const struct minis_dist open[3] = {D(24, 36), D(32, 48), D(50, 75)};
	static const struct minis_dist cov[3] = {D(16, 24), D(24, 36), D(32, 48)};

	row = row < 0 ? 0 : row > 2 ? 2 : row;
	return cover ? cov[row] : open[row];
}

struct minis_dist minis__acq_high(void)
{
	static const struct minis_dist h = D(4, 6);
	return h;
}

/* ---- reconnaissance (QR-RECON-4..14) ---- */

int minis__recon_dist_mod(int band)
{
	static const int m[3] = {1, 0, -2};
	return m[band < 0 ? 0 : band > 2 ? 2 : band];
}

int minis__recon_result(int score)
{
	return score <= 6 ? 0 : score == 7 ? 1 : score <= 11 ? 2 : 3;
}

/* ---- movement (QR-MOVE-3..10) ---- */

int minis__move_base(int cls, int road)
{
	static const int std[MM_COUNT] = {0, 0, 4, 6, 4, 2, 0, -1};
	static const int rd[MM_COUNT] = {2, 4, 10, 16, 16, 6, -1, -1};

	if (cls < 0 || cls >= MM_COUNT)
		return -1;
	return road ? rd[cls] : std[cls];
}

int minis__bog(int die, int wheeled, int marsh)
{
	return die - (wheeled ? 1 : 0) - (marsh ? 2 : 0) <= 1; /* QR-MOVE-27..29 */
}

/* ---- close assault (QR-ASSAULT-3..12, -31..35) ---- */

int minis__assault_factor(int type, int lower)
{
	static const int f[10][2] = {{3, 3}, {2, 2}, {4, 4}, {5, 5}, {1, 1},
	                             {6, 4}, {5, 3}, {4, 2}, {4, 2}, {2, 0}};

	if (type < 0 || type > 9)
		return 0;
	return f[type][lower ? 1 : 0];
}

int minis__assault_result(int diff)
{
	if (diff < 0)
		diff = -diff;
	return diff == 0 ? 0 : diff <= 2 ? 1 : diff <= 4 ? 2 : diff <= 7 ? 3 : 4;
}

/* ---- indirect fire (QR-ARTY-3..7, -16..20; QR-HE-2..6, -13..16) ---- */

int minis__arty_accuracy(int score)
{
	return score <= 1 ? 1 : score >= 5 ? 5 : score;
}

void minis__zone(int guns, int lmortar, struct minis_dist *depth, struct minis_dist *width)
{
	static const struct minis_dist dd[4] = {D(2, 3), D(2, 3), {300, 450}, D(4, 6)};
	static const struct minis_dist ww[4] = {D(2, 3), D(4, 6), D(4, 6), D(4, 6)};

	if (lmortar) { /* "2" X 1" (3" X 2")" */
		*depth = (struct minis_dist)D(2, 3);
		*width = (struct minis_dist)D(1, 2);
		return;
	}
	guns = guns < 1 ? 1 : guns > 4 ? 4 : guns;
	*depth = dd[guns - 1];
	*width = ww[guns - 1];
}

int minis__he_factor(int row)
{
	static const int f[6] = {0, 1, 2, 3, 4, 5};
	return row < 0 || row > 5 ? 0 : f[row];
}

int minis__he_result(int score)
{
	return score <= 6 ? 0 : score <= 8 ? 1 : score <= 11 ? 2 : 3;
}

/* ---- air (QR-AIR-5..7, -16..18; QR-AA-9..12) ---- */

int minis__aa_result(int score)
{
	return score <= 6 ? 0 : score <= 8 ? 1 : score <= 11 ? 2 : 3;
}

int minis__air_factor(int cannon, int year, int afv)
{
	if (!cannon)
		return afv ? 9 : 6; /* QR-AIR-18 */
	if (year <= 1942)
		return afv ? 5 : 4; /* QR-AIR-16 */
	return afv ? 6 : 4;         /* QR-AIR-17 */
}

int minis__air_hit(int score)
{
	return score <= 1 ? 1 : score == 2 ? 2 : 3;
}

/* ---- rallying (QR-RALLY-2..5) ---- */

int minis__rally_result(int score)
{
	return score <= 0 ? 0 : score <= 3 ? 1 : 2;
}

/* ---- severity (QR-AMB-16) ---- */

int minis__outcome_rank(enum minis_outcome o)
{
	switch (o) {
	case MO_OBEY:
		return 0;
	case MO_PINNED:
	case MO_SUPPRESSED:
		return 1;
	case MO_RETREAT:
		return 2;
	case MO_DAMAGED_RETREAT:
		return 3;
	default:
		return 4;
	}
}

int minis__test_rank(enum minis_test t)
{
	return (int)t; /* PINNED < RETREAT < DISPERSE (non-AFV); < DAMAGED < DESTROYED (AFV) */
}
