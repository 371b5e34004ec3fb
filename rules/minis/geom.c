/*
 * geom.c -- fixed-point geometry of the miniatures table (QR-AMB-1): bearings, rectangles,
 * distances edge to edge, points in polygons, segments crossing terrain.
 *
 * Integers only: positions in hundredths of an inch, angles in tenths of a degree (compass
 * bearings: 0 north = +y, 900 east = +x), sines in 1/2^20 from a table of sin(0.0..90.0
 * degrees) rounded to the nearest 1/2^20 (tests/unit/test_minis_geom.c checks it against
 * libm).  A quotient is rounded to the nearest integer, halves away from zero; a distance
 * is the rounded square root of a rounded squared distance.  So every machine computes the
 * same distances and the replay of a game is exact.
 */
#include "minis_int.h"

#include <math.h>
#include <stdlib.h>

/* round(sin(i * 0.1 degrees) * 2^20), i = 0..900 */
static const int32_t sin_table[901] = {
    0,       1830,    3660,    5490,    7320,    9150,    10980,   12810,   14640,   16470,
    18300,   20130,   21960,   23789,   25619,   27449,   29278,   31107,   32937,   34766,
    36595,   38424,   40253,   42081,   43910,   45738,   47567,   49395,   51223,   53051,
    54878,   56706,   58533,   60360,   62187,   64014,   65841,   67667,   69493,   71319,
    73145,   74971,   76796,   78621,   80446,   82270,   84095,   85919,   87743,   89566,
    91389,   93212,   95035,   96858,   98680,   100502,  102323,  104144,  105965,  107786,
    109606,  111426,  113246,  115065,  116884,  118702,  120520,  122338,  124156,  125973,
    127789,  129606,  131421,  133237,  135052,  136867,  138681,  140495,  142308,  144121,
    145934,  147746,  149557,  151368,  153179,  154989,  156799,  158608,  160417,  162226,
    164033,  165841,  167648,  169454,  171260,  173065,  174870,  176674,  178478,  180281,
    182083,  183885,  185687,  187488,  189288,  191088,  192887,  194686,  196484,  198281,
    200078,  201874,  203669,  205464,  207259,  209052,  210845,  212638,  214430,  216221,
    218011,  219801,  221590,  223379,  225166,  226953,  228740,  230525,  232310,  234095,
    235878,  237661,  239443,  241225,  243005,  244785,  246564,  248343,  250120,  251897,
    253673,  255449,  257223,  258997,  260770,  262542,  264314,  266084,  267854,  269623,
    271391,  273159,  274925,  276691,  278456,  280220,  281983,  283745,  285507,  287267,
    289027,  290785,  292543,  294300,  296056,  297812,  299566,  301319,  303072,  304823,
    306574,  308324,  310072,  311820,  313567,  315313,  317058,  318802,  320545,  322287,
    324028,  325768,  327507,  329245,  330982,  332718,  334453,  336187,  337920,  339652,
    341383,  343113,  344842,  346569,  348296,  350022,  351746,  353470,  355192,  356914,
    358634,  360353,  362071,  363788,  365504,  367219,  368933,  370645,  372357,  374067,
    375776,  377484,  379191,  380897,  382601,  384304,  386007,  387708,  389407,  391106,
    392803,  394500,  396195,  397889,  399581,  401273,  402963,  404652,  406340,  408026,
    409711,  411395,  413078,  414760,  416440,  418119,  419796,  421473,  423148,  424822,
    426494,  428166,  429835,  431504,  433171,  434837,  436502,  438165,  439827,  441488,
    443147,  444805,  446462,  448117,  449771,  451424,  453075,  454725,  456373,  458020,
    459665,  461310,  462952,  464594,  466234,  467872,  469509,  471145,  472779,  474412,
    476044,  477673,  479302,  480929,  482554,  484179,  485801,  487422,  489042,  490660,
    492277,  493892,  495505,  497118,  498728,  500337,  501945,  503551,  505155,  506758,
    508360,  509960,  511558,  513155,  514750,  516344,  517936,  519526,  521115,  522702,
    524288,  525872,  527455,  529036,  530615,  532193,  533769,  535343,  536916,  538487,
    540057,  541624,  543191,  544755,  546318,  547879,  549439,  550997,  552553,  554108,
    555661,  557212,  558761,  560309,  561855,  563399,  564942,  566483,  568022,  569560,
    571095,  572629,  574162,  575692,  577221,  578748,  580273,  581797,  583318,  584838,
    586356,  587873,  589387,  590900,  592411,  593920,  595427,  596933,  598437,  599938,
    601438,  602937,  604433,  605928,  607420,  608911,  610400,  611887,  613373,  614856,
    616338,  617817,  619295,  620771,  622245,  623717,  625187,  626655,  628122,  629586,
    631049,  632509,  633968,  635425,  636880,  638333,  639784,  641233,  642680,  644125,
    645568,  647009,  648448,  649885,  651321,  652754,  654185,  655614,  657042,  658467,
    659890,  661312,  662731,  664148,  665563,  666976,  668387,  669797,  671204,  672609,
    674012,  675413,  676811,  678208,  679603,  680996,  682386,  683775,  685161,  686546,
    687928,  689308,  690686,  692062,  693436,  694807,  696177,  697545,  698910,  700273,
    701634,  702993,  704350,  705705,  707057,  708408,  709756,  711102,  712446,  713788,
    715127,  716464,  717800,  719133,  720463,  721792,  723119,  724443,  725765,  727085,
    728402,  729717,  731031,  732342,  733650,  734957,  736261,  737563,  738863,  740160,
    741455,  742748,  744039,  745327,  746613,  747897,  749179,  750458,  751735,  753010,
    754282,  755553,  756820,  758086,  759349,  760610,  761869,  763125,  764379,  765631,
    766880,  768127,  769372,  770614,  771854,  773091,  774327,  775559,  776790,  778018,
    779244,  780467,  781688,  782907,  784123,  785337,  786548,  787758,  788964,  790168,
    791370,  792570,  793767,  794961,  796154,  797343,  798531,  799716,  800898,  802078,
    803256,  804431,  805604,  806774,  807942,  809107,  810270,  811430,  812588,  813744,
    814897,  816047,  817195,  818341,  819484,  820624,  821762,  822898,  824031,  825161,
    826289,  827415,  828538,  829658,  830776,  831891,  833004,  834114,  835222,  836327,
    837430,  838530,  839628,  840723,  841815,  842905,  843992,  845077,  846159,  847239,
    848316,  849390,  850462,  851531,  852598,  853662,  854723,  855782,  856839,  857892,
    858943,  859992,  861037,  862081,  863121,  864159,  865194,  866227,  867257,  868284,
    869309,  870331,  871350,  872367,  873381,  874393,  875401,  876408,  877411,  878412,
    879410,  880405,  881398,  882388,  883375,  884360,  885342,  886321,  887298,  888272,
    889243,  890211,  891177,  892140,  893100,  894058,  895013,  895965,  896914,  897861,
    898805,  899746,  900685,  901620,  902553,  903484,  904411,  905336,  906258,  907177,
    908093,  909007,  909918,  910826,  911732,  912634,  913534,  914431,  915325,  916217,
    917105,  917991,  918874,  919754,  920632,  921507,  922378,  923247,  924114,  924977,
    925838,  926695,  927550,  928403,  929252,  930098,  930942,  931783,  932621,  933456,
    934288,  935117,  935944,  936768,  937589,  938407,  939222,  940034,  940844,  941650,
    942454,  943255,  944053,  944848,  945640,  946429,  947216,  947999,  948780,  949558,
    950333,  951105,  951874,  952640,  953403,  954164,  954921,  955676,  956427,  957176,
    957922,  958665,  959405,  960142,  960876,  961607,  962335,  963061,  963783,  964503,
    965219,  965933,  966644,  967351,  968056,  968758,  969457,  970153,  970846,  971536,
    972223,  972907,  973588,  974266,  974941,  975614,  976283,  976949,  977612,  978273,
    978930,  979584,  980236,  980884,  981530,  982172,  982811,  983448,  984081,  984712,
    985339,  985964,  986585,  987203,  987819,  988431,  989041,  989647,  990250,  990851,
    991448,  992042,  992634,  993222,  993807,  994389,  994969,  995545,  996118,  996688,
    997255,  997819,  998380,  998938,  999493,  1000045, 1000594, 1001139, 1001682, 1002222,
    1002758, 1003292, 1003822, 1004350, 1004874, 1005395, 1005914, 1006429, 1006941, 1007450,
    1007956, 1008459, 1008959, 1009455, 1009949, 1010440, 1010927, 1011412, 1011893, 1012371,
    1012847, 1013319, 1013788, 1014254, 1014717, 1015176, 1015633, 1016087, 1016537, 1016985,
    1017429, 1017870, 1018308, 1018743, 1019175, 1019604, 1020029, 1020452, 1020871, 1021288,
    1021701, 1022111, 1022518, 1022922, 1023323, 1023721, 1024115, 1024507, 1024895, 1025280,
    1025662, 1026041, 1026417, 1026790, 1027159, 1027526, 1027889, 1028249, 1028606, 1028960,
    1029311, 1029658, 1030003, 1030344, 1030682, 1031017, 1031349, 1031678, 1032004, 1032326,
    1032646, 1032962, 1033275, 1033585, 1033892, 1034195, 1034496, 1034793, 1035087, 1035378,
    1035666, 1035951, 1036233, 1036511, 1036786, 1037058, 1037327, 1037593, 1037856, 1038115,
    1038371, 1038624, 1038874, 1039121, 1039365, 1039605, 1039843, 1040077, 1040308, 1040535,
    1040760, 1040982, 1041200, 1041415, 1041627, 1041836, 1042041, 1042244, 1042443, 1042639,
    1042832, 1043022, 1043208, 1043391, 1043572, 1043749, 1043922, 1044093, 1044260, 1044425,
    1044586, 1044744, 1044898, 1045050, 1045198, 1045344, 1045486, 1045624, 1045760, 1045892,
    1046022, 1046148, 1046271, 1046390, 1046507, 1046620, 1046730, 1046837, 1046941, 1047042,
    1047139, 1047233, 1047324, 1047412, 1047497, 1047578, 1047656, 1047731, 1047803, 1047872,
    1047937, 1048000, 1048059, 1048114, 1048167, 1048217, 1048263, 1048306, 1048346, 1048383,
    1048416, 1048447, 1048474, 1048498, 1048519, 1048536, 1048550, 1048562, 1048570, 1048574,
    1048576,
};

static int64_t rdiv(int64_t n, int64_t d)
{
	if (d < 0) {
		n = -n;
		d = -d;
	}
	return n >= 0 ? (n + d / 2) / d : -((-n + d / 2) / d);
}

int minis__norm(int a)
{
	a %= 3600;
	return a < 0 ? a + 3600 : a;
}

int32_t minis__sin(int a)
{
	a = minis__norm(a);
	if (a <= 900)
		return sin_table[a];
	if (a <= 1800)
		return sin_table[1800 - a];
	if (a <= 2700)
		return -sin_table[a - 1800];
	return -sin_table[3600 - a];
}

int32_t minis__cos(int a)
{
	return minis__sin(a + 900);
}

int minis__bearing(int64_t dx, int64_t dy)
{
	int64_t ax = llabs(dx), ay = llabs(dy);
	int lo = 0, hi = 900, t;

	if (ax == 0 && ay == 0)
		return 0;
	while (ax > ((int64_t)1 << 40) || ay > ((int64_t)1 << 40)) {
		ax >>= 1;
		ay >>= 1;
	}
	/* the largest t with ay * sin t <= ax * cos t (tan t <= ax / ay) */
	while (lo < hi) {
		int mid = (lo + hi + 1) / 2;
		if (ay * minis__sin(mid) <= ax * minis__cos(mid))
			lo = mid;
		else
			hi = mid - 1;
	}
	t = lo;
	if (t < 900) {
		int64_t e0 = ax * minis__cos(t) - ay * minis__sin(t);
		int64_t e1 = ay * minis__sin(t + 1) - ax * minis__cos(t + 1);
		if (e1 < e0)
			t++;
	}
	if (dx >= 0 && dy >= 0)
		return t;
	if (dx >= 0)
		return 1800 - t;
	if (dy < 0)
		return minis__norm(1800 + t);
	return minis__norm(3600 - t);
}

int minis__angle_diff(int a, int b)
{
	int d = minis__norm(a - b);

	return d > 1800 ? 3600 - d : d;
}

int64_t minis__isqrt_round(int64_t v)
{
	int64_t r;

	if (v <= 0)
		return 0;
	r = (int64_t)sqrt((double)v);
	while (r > 0 && r * r > v)
		r--;
	while ((r + 1) * (r + 1) <= v)
		r++;
	/* (r + 1/2)^2 = r^2 + r + 1/4: round up when v - r^2 > r */
	return v - r * r > r ? r + 1 : r;
}

struct minis_pt minis__offset(struct minis_pt p, int a, int32_t d)
{
	struct minis_pt q;

	q.x = (int32_t)(p.x + rdiv((int64_t)d * minis__sin(a), MINIS_TRIG_ONE));
	q.y = (int32_t)(p.y + rdiv((int64_t)d * minis__cos(a), MINIS_TRIG_ONE));
	return q;
}

int32_t minis__pdist(struct minis_pt a, struct minis_pt b)
{
	int64_t dx = (int64_t)a.x - b.x, dy = (int64_t)a.y - b.y;

	return (int32_t)minis__isqrt_round(dx * dx + dy * dy);
}

void minis__rect(struct minis_pt c, int a, int32_t w, int32_t d, struct minis_pt out[4])
{
	static const int sf[4] = {1, 1, -1, -1}, sr[4] = {-1, 1, 1, -1};
	int64_t fx = minis__sin(a), fy = minis__cos(a), rx = fy, ry = -fx;

	for (int k = 0; k < 4; k++) {
		out[k].x =
		    (int32_t)(c.x + rdiv(d * fx * sf[k] + w * rx * sr[k], 2 * MINIS_TRIG_ONE));
		out[k].y =
		    (int32_t)(c.y + rdiv(d * fy * sf[k] + w * ry * sr[k], 2 * MINIS_TRIG_ONE));
	}
}

static int64_t cross(int64_t ax, int64_t ay, int64_t bx, int64_t by)
{
	return ax * by - ay * bx;
}

int64_t minis__sq_pt_seg(struct minis_pt p, struct minis_pt a, struct minis_pt b)
{
	int64_t abx = (int64_t)b.x - a.x, aby = (int64_t)b.y - a.y;
	int64_t apx = (int64_t)p.x - a.x, apy = (int64_t)p.y - a.y;
	int64_t len2 = abx * abx + aby * aby, tn, c;

	if (len2 == 0)
		return apx * apx + apy * apy;
	tn = apx * abx + apy * aby;
	if (tn <= 0)
		return apx * apx + apy * apy;
	if (tn >= len2) {
		int64_t bpx = (int64_t)p.x - b.x, bpy = (int64_t)p.y - b.y;
		return bpx * bpx + bpy * bpy;
	}
	c = cross(abx, aby, apx, apy);
	return rdiv(c * c, len2);
}

static int orient(struct minis_pt p, struct minis_pt q, struct minis_pt r)
{
	int64_t c =
	    cross((int64_t)q.x - p.x, (int64_t)q.y - p.y, (int64_t)r.x - p.x, (int64_t)r.y - p.y);

	return c > 0 ? 1 : c < 0 ? -1 : 0;
}

static int on_seg(struct minis_pt p, struct minis_pt a, struct minis_pt b)
{
	return orient(a, b, p) == 0 && p.x >= (a.x < b.x ? a.x : b.x) &&
	       p.x <= (a.x > b.x ? a.x : b.x) && p.y >= (a.y < b.y ? a.y : b.y) &&
	       p.y <= (a.y > b.y ? a.y : b.y);
}

int minis__seg_cross(struct minis_pt a, struct minis_pt b, struct minis_pt c, struct minis_pt d)
{
	int o1 = orient(a, b, c), o2 = orient(a, b, d), o3 = orient(c, d, a), o4 = orient(c, d, b);

	if (o1 * o2 < 0 && o3 * o4 < 0)
		return 1;
	return on_seg(c, a, b) || on_seg(d, a, b) || on_seg(a, c, d) || on_seg(b, c, d);
}

static int in_poly(struct minis_pt p, const int32_t *x, const int32_t *y, int n, int boundary)
{
	int c = 0;

	for (int i = 0, j = n - 1; i < n; j = i++) {
		struct minis_pt a = {x[j], y[j]}, b = {x[i], y[i]};
		if (on_seg(p, a, b))
			return boundary;
	}
	for (int i = 0, j = n - 1; i < n; j = i++) {
		if ((y[i] > p.y) != (y[j] > p.y)) {
			int64_t lhs = ((int64_t)p.x - x[i]) * ((int64_t)y[j] - y[i]);
			int64_t rhs = ((int64_t)p.y - y[i]) * ((int64_t)x[j] - x[i]);
			if (y[j] > y[i] ? lhs < rhs : lhs > rhs)
				c = !c;
		}
	}
	return c;
}

int minis__in_poly(struct minis_pt p, const int32_t *x, const int32_t *y, int n)
{
	return n >= 3 && in_poly(p, x, y, n, 1);
}

/* 1 if projections of a and b on the normal of edge (p, q) are apart (or touch). */
static int separated(struct minis_pt p, struct minis_pt q, const struct minis_pt *a, int na,
                     const struct minis_pt *b, int nb)
{
	int64_t nx = -((int64_t)q.y - p.y), ny = (int64_t)q.x - p.x;
	int64_t amin = INT64_MAX, amax = INT64_MIN, bmin = INT64_MAX, bmax = INT64_MIN;

	if (nx == 0 && ny == 0)
		return 0;
	for (int k = 0; k < na; k++) {
		int64_t v = a[k].x * nx + a[k].y * ny;
		amin = v < amin ? v : amin;
		amax = v > amax ? v : amax;
	}
	for (int k = 0; k < nb; k++) {
		int64_t v = b[k].x * nx + b[k].y * ny;
		bmin = v < bmin ? v : bmin;
		bmax = v > bmax ? v : bmax;
	}
	return amax <= bmin || bmax <= amin;
}

int minis__poly_overlap(const struct minis_pt *a, int na, const struct minis_pt *b, int nb)
{
	for (int i = 0; i < na; i++)
		if (separated(a[i], a[(i + 1) % na], a, na, b, nb))
			return 0;
	for (int i = 0; i < nb; i++)
		if (separated(b[i], b[(i + 1) % nb], a, na, b, nb))
			return 0;
	return 1;
}

int32_t minis__poly_dist(const struct minis_pt *a, int na, const struct minis_pt *b, int nb)
{
	int64_t best = INT64_MAX;

	if (minis__poly_overlap(a, na, b, nb))
		return 0;
	for (int i = 0; i < na; i++)
		for (int j = 0; j < nb; j++) {
			int64_t v = minis__sq_pt_seg(a[i], b[j], b[(j + 1) % nb]);
			best = v < best ? v : best;
			v = minis__sq_pt_seg(b[j], a[i], a[(i + 1) % na]);
			best = v < best ? v : best;
		}
	return (int32_t)minis__isqrt_round(best);
}

int32_t minis__poly_pt_dist(const struct minis_pt *a, int na, struct minis_pt p)
{
	int32_t x[8], y[8];
	int64_t best = INT64_MAX;

	for (int i = 0; i < na && i < 8; i++) {
		x[i] = a[i].x;
		y[i] = a[i].y;
	}
	if (na >= 3 && in_poly(p, x, y, na < 8 ? na : 8, 1))
		return 0;
	for (int i = 0; i < na; i++) {
		int64_t v = minis__sq_pt_seg(p, a[i], a[(i + 1) % na]);
		best = v < best ? v : best;
	}
	return (int32_t)minis__isqrt_round(best);
}

struct minis_pt minis__lerp(struct minis_pt p0, struct minis_pt p1, int32_t t)
{
	struct minis_pt p;

	p.x = (int32_t)(p0.x + rdiv(((int64_t)p1.x - p0.x) * t, MINIS_T_ONE));
	p.y = (int32_t)(p0.y + rdiv(((int64_t)p1.y - p0.y) * t, MINIS_T_ONE));
	return p;
}

/* The parameter (0..65536) where segment p0-p1 meets segment a-b, or -1. */
static int32_t meet(struct minis_pt p0, struct minis_pt p1, struct minis_pt a, struct minis_pt b)
{
	int64_t rx = (int64_t)p1.x - p0.x, ry = (int64_t)p1.y - p0.y;
	int64_t sx = (int64_t)b.x - a.x, sy = (int64_t)b.y - a.y;
	int64_t qx = (int64_t)a.x - p0.x, qy = (int64_t)a.y - p0.y;
	int64_t den = cross(rx, ry, sx, sy), tn = cross(qx, qy, sx, sy), un = cross(qx, qy, rx, ry);

	if (den == 0)
		return -1;
	if (den < 0) {
		den = -den;
		tn = -tn;
		un = -un;
	}
	if (tn < 0 || tn > den || un < 0 || un > den)
		return -1;
	return (int32_t)rdiv(tn * MINIS_T_ONE, den);
}

static int cmp_i32(const void *a, const void *b)
{
	int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;

	return x < y ? -1 : x > y;
}

int minis__seg_inside(struct minis_pt p0, struct minis_pt p1, const int32_t *x, const int32_t *y,
                      int n, int32_t *t, int max)
{
	int32_t cut[2 * MINIS_MAX_PTS + 2];
	int nc = 0, out = 0;

	if (n < 3)
		return 0;
	cut[nc++] = 0;
	cut[nc++] = MINIS_T_ONE;
	for (int i = 0, j = n - 1; i < n && nc < (int)(sizeof(cut) / sizeof(cut[0])); j = i++) {
		struct minis_pt a = {x[j], y[j]}, b = {x[i], y[i]};
		int32_t v = meet(p0, p1, a, b);
		if (v >= 0)
			cut[nc++] = v;
	}
	qsort(cut, (size_t)nc, sizeof(cut[0]), cmp_i32);
	for (int k = 0; k + 1 < nc; k++) {
		struct minis_pt mid;
		if (cut[k + 1] <= cut[k])
			continue;
		mid = minis__lerp(p0, p1, (cut[k] + cut[k + 1]) / 2);
		if (!in_poly(mid, x, y, n, 0))
			continue;
		if (out > 0 && t[2 * out - 1] == cut[k]) {
			t[2 * out - 1] = cut[k + 1]; /* continues the previous part */
		} else if (out < max) {
			t[2 * out] = cut[k];
			t[2 * out + 1] = cut[k + 1];
			out++;
		}
	}
	return out;
}

int minis__seg_polyline(struct minis_pt p0, struct minis_pt p1, const int32_t *x, const int32_t *y,
                        int n, int32_t *t, int max)
{
	int nt = 0;

	for (int i = 0; i + 1 < n && nt < max; i++) {
		struct minis_pt a = {x[i], y[i]}, b = {x[i + 1], y[i + 1]};
		int32_t v;
		if (!minis__seg_cross(p0, p1, a, b))
			continue;
		v = meet(p0, p1, a, b);
		if (v < 0) /* collinear: counted from the start */
			v = 0;
		t[nt++] = v;
	}
	qsort(t, (size_t)nt, sizeof(t[0]), cmp_i32);
	return nt;
}
