/* Constructs with an if clause that may run on the host, after
   constructs that write arrays in a time-step loop (random-hoist seed
   1271, program 15).  When the clause is false the construct reads and
   writes the host's copies; an array kept on the device across the loop
   would leave them stale.  A construct that may reach the array through
   a structure's pointer (a deep item) keeps it from being kept across
   the loop; one that cannot (memory only the function's own pointer
   points to) does not, nor one whose sections are told apart from it
   at run time (apart).  A section of its own that overlaps a kept one
   keeps it on the host at run time (own).  One if clause's construct maps a section
   of a size known at run time, whose map kind is chosen at run time
   too.  Results are the host's.  */
/* { dg-options "-fplugin-arg-deepmap-report -w" } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
/* { dg-final { scan-deepmap-report "'g->a' not kept on the device across the loop at if-target-reach.c:\[0-9\]+ because a construct in the loop that may run on the host or another device may access it" } } */
/* { dg-final { scan-deepmap-report "'c' kept on the device across the loop at if-target-reach.c:\[0-9\]+ \[^\n\]* if the sections the compiler cannot tell apart do not overlap at run time" } } */
/* { dg-final { scan-deepmap-report "'d' kept on the device across the loop" } } */
/* { dg-final { scan-deepmap-report "'b' kept on the device across the loop at if-target-reach.c:\[0-9\]+ \[^\n\]* if the sections the compiler cannot tell apart do not overlap at run time" } } */
#include <stdlib.h>
#include "check.h"
#include "deepmap.h"

#define N 64
#define STEPS 5

struct grid
{
  long n;
  unsigned *a deepmap_counted_by (n);
};

#define OMP(x) _Pragma (#x)
#define HOST(x)

#define CODE(deep, own, apart, P) \
__attribute__ ((noinline)) static void \
deep (struct grid *g, unsigned *acc, int n) \
{ \
  /* Memory no pointer of the caller reaches.  */ \
  unsigned *d = (unsigned *) malloc (n * sizeof *d); \
  for (int i = 0; i < n; i++) \
    d[i] = (unsigned) i; \
  for (int t = 0; t < STEPS; t++) \
    { \
      P (omp target teams distribute parallel for map(tofrom: g->a[0:n])) \
      for (int i = 0; i < n; i++) \
	g->a[i] = g->a[i] * 3u + (unsigned) t; \
      P (omp target teams distribute parallel for map(tofrom: d[0:n])) \
      for (int i = 0; i < n; i++) \
	d[i] = d[i] * 9u + (unsigned) t; \
      P (omp target if(target: t % 2 == 0) map(to: g[0:1]) \
			map(tofrom: acc[0:4])) \
      for (int i = 0; i < n; i++) \
	acc[0] += g->a[i] * (unsigned) (i + 1); \
    } \
  for (int i = 0; i < n; i++) \
    acc[3] ^= d[i]; \
  free (d); \
} \
 \
__attribute__ ((noinline)) static void \
own (unsigned *b, unsigned *acc, int n) \
{ \
  for (int t = 0; t < STEPS; t++) \
    { \
      P (omp target teams distribute parallel for map(tofrom: b[0:n])) \
      for (int i = 0; i < n; i++) \
	b[i] = b[i] * 5u + (unsigned) t; \
      P (omp target if(target: t % 3 == 0) map(tofrom: b[n/2:n/2]) \
			map(tofrom: acc[0:4])) \
      for (int i = n / 2; i < n; i++) \
	{ \
	  acc[1] += b[i]; \
	  b[i] ^= 3u; \
	} \
    } \
} \
 \
__attribute__ ((noinline)) static void \
apart (unsigned *c, unsigned *e, unsigned *acc, int n) \
{ \
  for (int t = 0; t < STEPS; t++) \
    { \
      P (omp target teams distribute parallel for map(tofrom: c[0:n])) \
      for (int i = 0; i < n; i++) \
	c[i] = c[i] * 7u + (unsigned) t; \
      P (omp target if(target: t % 2 == 1) map(to: e[0:N]) \
			map(tofrom: acc[0:4])) \
      for (int i = 0; i < n; i++) \
	acc[2] += e[i] * (unsigned) t; \
    } \
}

CODE (deep, own, apart, OMP)
CODE (host_deep, host_own, host_apart, HOST)

int
main (void)
{
  unsigned *buf = (unsigned *) malloc (8 * N * sizeof *buf);
  for (int i = 0; i < 8 * N; i++)
    buf[i] = 11u * (i % (4 * N)) + 1u;
  unsigned acc[4] = { 0, 0, 0, 0 }, hacc[4] = { 0, 0, 0, 0 };
  struct grid g = { N, buf }, hg = { N, buf + 4 * N };
  deep (&g, acc, N);
  own (buf + N, acc, N);
  apart (buf + 2 * N, buf + 3 * N, acc, N);
  host_deep (&hg, hacc, N);
  host_own (buf + 5 * N, hacc, N);
  host_apart (buf + 6 * N, buf + 7 * N, hacc, N);
  for (int i = 0; i < 4 * N; i++)
    CHECK (buf[i] == buf[4 * N + i], "buf[%d] = %u, host %u", i, buf[i],
	   buf[4 * N + i]);
  for (int k = 0; k < 4; k++)
    CHECK (acc[k] == hacc[k], "acc[%d] = %u, host %u", k, acc[k], hacc[k]);
  free (buf);
  return 0;
}
