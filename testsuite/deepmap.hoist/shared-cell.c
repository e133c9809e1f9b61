/* An array whose pointer a host parallel loop shares by reference and
   only reads through (OMPDart's naive LULESH: its determinants, whose
   pointer's address the program also passes to a Release that frees
   it) is memory that no code but this function's and those loops can
   reach.  Host reads of a structure through a global pointer in the
   time loop (LULESH's domain.qstop ()) then need no copy of it; the
   parallel loops get it copied back before them, also the one after
   the time loop.  Where a parallel body lets the pointer go (into a
   global), host reads through that global are copied back first.
   Results are the host's.  */
/* { dg-options "-fplugin-arg-deepmap-report -w" } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
/* { dg-final { scan-deepmap-report "'determ' kept on the device across the loop" } } */
/* { dg-final { scan-deepmap-report "'determ' copied from the device before a call that may see it" } } */
/* { dg-final { scan-deepmap-report-not "'determ' copied from the device before a host read" } } */
/* { dg-final { scan-deepmap-report-not "'determ' copied from the device before the host loop" } } */
/* { dg-final { scan-deepmap-report-not "'determ' copied to the device" } } */
/* { dg-final { scan-deepmap-report "'e' kept on the device across the loop" } } */
/* { dg-final { scan-deepmap-report "'e' copied from the device before a host read" } } */
#include <stdlib.h>
#include "check.h"

#define N 256

struct domain
{
  double dt, time, stop, qstop;
  int cycle;
};
struct domain *dom;
double *leaked;

static void
release (double **p)
{
  free (*p);
  *p = NULL;
}

#define OMP(x) _Pragma (#x)
#define HOST(x)

#define CODE(run, leak, P) \
__attribute__ ((noinline)) static double \
run (int n) \
{ \
  double *determ = (double *) malloc (n * sizeof *determ); \
  double *a = (double *) malloc (n * sizeof *a); \
  for (int i = 0; i < n; i++) \
    a[i] = i + 1; \
  dom->time = 0; \
  dom->cycle = 0; \
  while (dom->time < dom->stop) \
    { \
      P (omp target teams distribute parallel for \
	 map(tofrom: determ[0:n], a[0:n])) \
      for (int i = 0; i < n; i++) \
	{ \
	  determ[i] = a[i] * 0.5 + dom_cycle_of (i); \
	  a[i] += 1.0; \
	} \
      P (omp parallel for) \
      for (int k = 0; k < n; k++) \
	if (determ[k] <= 0.0) \
	  exit (1); \
      double dt = dom->dt; \
      P (omp target teams distribute parallel for \
	 map(tofrom: determ[0:n], a[0:n])) \
      for (int i = 0; i < n; i++) \
	{ \
	  a[i] = a[i] + determ[i] * dt; \
	  determ[i] += 1.0; \
	} \
      for (int i = 0; i < 4; i++) \
	if (dom->qstop < 0) \
	  exit (2); \
      dom->time += dom->dt; \
      dom->cycle++; \
    } \
  double sum = 0; \
  P (omp parallel for reduction(+: sum)) \
  for (int k = 0; k < n; k++) \
    sum += determ[k]; \
  for (int i = 0; i < n; i++) \
    sum += a[i]; \
  release (&determ); \
  free (a); \
  return sum; \
} \
 \
__attribute__ ((noinline)) static double \
leak (int n) \
{ \
  double *e = (double *) malloc (n * sizeof *e); \
  double sum = 0; \
  for (int i = 0; i < n; i++) \
    e[i] = i; \
  for (int t = 0; t < 5; t++) \
    { \
      P (omp target teams distribute parallel for map(tofrom: e[0:n])) \
      for (int i = 0; i < n; i++) \
	e[i] += t; \
      P (omp parallel) \
      { \
	if (e[0] >= 0) \
	  leaked = e; \
      } \
      sum += leaked[n / 2]; \
      P (omp target teams distribute parallel for map(tofrom: e[0:n])) \
      for (int i = 0; i < n; i++) \
	e[i] *= 0.5; \
    } \
  sum += e[n - 1]; \
  release (&e); \
  return sum; \
}

static int
dom_cycle_of (int i)
{
  return i % 3;
}
#pragma omp declare target (dom_cycle_of)

CODE (run, leak, OMP)
CODE (host_run, host_leak, HOST)

int
main (void)
{
  struct domain d = { 0.125, 0, 1.0, 1e9, 0 };
  dom = &d;
  double r = run (N), l = leak (N);
  int cycles = d.cycle;
  double hr = host_run (N), hl = host_leak (N);
  CHECK (cycles == d.cycle, "%d cycles, host %d", cycles, d.cycle);
  CHECK (r == hr, "run: %g, host %g", r, hr);
  CHECK (l == hl, "leak: %g, host %g", l, hl);
  return 0;
}
