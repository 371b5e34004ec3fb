/*
 * glicko2.c -- Glicko-2, step by step as in Glickman's example.  See glicko2.h.
 */
#include "glicko2.h"

#include <math.h>

#define PI_SQ     9.8696044010893586 /* pi^2 */
#define EPSILON   1e-6
#define MAX_ITERS 100

void srv_g2_init(struct srv_g2_rating *r)
{
	r->r = SRV_G2_INIT_R;
	r->rd = SRV_G2_INIT_RD;
	r->vol = SRV_G2_INIT_VOL;
}

/* g(phi) = 1 / sqrt(1 + 3 phi^2 / pi^2) */
static double g_of(double phi)
{
	return 1.0 / sqrt(1.0 + 3.0 * phi * phi / PI_SQ);
}

/* E(mu, mu_j, phi_j) */
static double e_of(double mu, double mu_j, double phi_j)
{
	return 1.0 / (1.0 + exp(-g_of(phi_j) * (mu - mu_j)));
}

double srv_g2_expected(const struct srv_g2_rating *p, const struct srv_g2_rating *opp, double adv)
{
	return e_of((p->r + adv - SRV_G2_INIT_R) / SRV_G2_SCALE,
	            (opp->r - SRV_G2_INIT_R) / SRV_G2_SCALE, opp->rd / SRV_G2_SCALE);
}

/* Step 5's f(x). */
static double f_of(double x, double delta, double phi, double v, double a, double tau)
{
	double ex = exp(x), d = phi * phi + v + ex;

	return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
}

int srv_g2_update(const struct srv_g2_rating *in, const struct srv_g2_game *games, size_t n,
                  double tau, struct srv_g2_rating *out)
{
	double mu = (in->r - SRV_G2_INIT_R) / SRV_G2_SCALE, phi = in->rd / SRV_G2_SCALE;
	double sigma = in->vol, vinv = 0, dsum = 0, v, delta, a, A, B, fA, fB, phistar, phinew;
	int k;

	if (n == 0 || !isfinite(mu) || !isfinite(phi) || !isfinite(sigma) || !isfinite(tau) ||
	    phi <= 0 || sigma <= 0 || tau <= 0)
		return -1;
	/* steps 3 and 4: the estimated variance v and the improvement delta */
	for (size_t j = 0; j < n; j++) {
		double mu_j = (games[j].r - SRV_G2_INIT_R) / SRV_G2_SCALE;
		double phi_j = games[j].rd / SRV_G2_SCALE;
		double adv = games[j].adv / SRV_G2_SCALE;
		double g = g_of(phi_j), e = e_of(mu + adv, mu_j, phi_j);
		if (!isfinite(mu_j) || !isfinite(phi_j) || !isfinite(adv) ||
		    !isfinite(games[j].score))
			return -1;
		vinv += g * g * e * (1.0 - e);
		dsum += g * (games[j].score - e);
	}
	v = 1.0 / vinv;
	delta = v * dsum;
	/* step 5: the new volatility (Illinois algorithm) */
	a = log(sigma * sigma);
	A = a;
	if (delta * delta > phi * phi + v) {
		B = log(delta * delta - phi * phi - v);
	} else {
		k = 1;
		while (f_of(a - k * tau, delta, phi, v, a, tau) < 0 && k < MAX_ITERS)
			k++;
		B = a - k * tau;
	}
	fA = f_of(A, delta, phi, v, a, tau);
	fB = f_of(B, delta, phi, v, a, tau);
	for (int it = 0; fabs(B - A) > EPSILON && it < MAX_ITERS; it++) {
		double C = A + (A - B) * fA / (fB - fA), fC = f_of(C, delta, phi, v, a, tau);
		if (fC * fB <= 0) {
			A = B;
			fA = fB;
		} else {
			fA /= 2.0;
		}
		B = C;
		fB = fC;
	}
	sigma = exp(A / 2.0);
	/* steps 6 and 7: the pre-period phi*, then the new phi and mu */
	phistar = sqrt(phi * phi + sigma * sigma);
	phinew = 1.0 / sqrt(1.0 / (phistar * phistar) + 1.0 / v);
	mu = mu + phinew * phinew * dsum;
	/* step 8: back to the Glicko scale */
	out->r = SRV_G2_SCALE * mu + SRV_G2_INIT_R;
	out->rd = SRV_G2_SCALE * phinew;
	if (out->rd > SRV_G2_RD_MAX)
		out->rd = SRV_G2_RD_MAX;
	out->vol = sigma;
	return isfinite(out->r) && isfinite(out->rd) && isfinite(out->vol) ? 0 : -1;
}

void srv_g2_idle(const struct srv_g2_rating *in, double periods, struct srv_g2_rating *out)
{
	double phi = in->rd / SRV_G2_SCALE;

	if (!(periods > 0))
		periods = 0;
	out->r = in->r;
	out->vol = in->vol;
	out->rd = SRV_G2_SCALE * sqrt(phi * phi + periods * in->vol * in->vol);
	if (out->rd > SRV_G2_RD_MAX)
		out->rd = SRV_G2_RD_MAX;
}

double srv_g2_periods(int64_t elapsed_ms)
{
	if (elapsed_ms <= 0)
		return 0;
	return (double)elapsed_ms / 86400000.0 * SRV_G2_PERIODS_PER_DAY;
}

int srv_g2_provisional(const struct srv_g2_rating *r)
{
	return r->rd >= SRV_G2_PROVISIONAL_RD;
}

double srv_g2_side_advantage(long wins0, long wins1, long draws)
{
	double p, adv;

	if (wins0 < 0 || wins1 < 0 || draws < 0)
		return 0;
	p = ((double)wins0 + (double)draws / 2.0 + 5.0) / ((double)(wins0 + wins1 + draws) + 10.0);
	adv = 400.0 * log10(p / (1.0 - p));
	if (adv > 400)
		adv = 400;
	if (adv < -400)
		adv = -400;
	return adv;
}
