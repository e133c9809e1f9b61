/* A structure mapped as a deep item whose kernel writes one of the
   arrays it points to, and another construct that maps that array
   itself, in a loop (random-hoist seeds 1073 and 1078).  The run-time
   test of overlap sees the structure's own bytes, not what it points
   to, so the array was kept on the device:
   - the structure mapped 'to': the original drops its kernel's writes
     with its copy of the array; a resident copy kept them;
   - mapped 'tofrom': the original brings them back; the array, only
     read by its own construct, was released at the end, not copied
     back;
   - the same with the structure kept across an outer loop and the
     array across the inner one.
   Such an array is not kept now.  The output is the build without the
   plugin's (each member mapped as the deep item is), under the same
   runtime.  */
/* { dg-options "-fplugin-arg-deepmap-report -w" } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
/* { dg-output "to: 368d1ac5 c5e5a165 de64fe25 9218b785\[\r\n\]+tofrom: 368d1ac5 edd002a5 de64fe25 b2146805 acc 0000057f\[\r\n\]+nested: 368d1ac5 c5e5a165 9cb82f85 bf4c37c5 acc 04a0bac7" { target offload_device } } */
#include <stdio.h>
#include "deepmap.h"

#define N 32

struct grid
{
  long n;
  unsigned *a0 deepmap_counted_by (n);
  unsigned *a1 deepmap_counted_by (n);
  unsigned *a2 deepmap_counted_by (n);
};

#define PRAGMA(x) _Pragma (#x)
/* A parallel loop that maps the structure with KIND: with the plugin as
   the deep item, without it as each of its arrays.  */
#ifdef __DEEPMAP_PLUGIN__
# define DEEP(kind) \
  PRAGMA (omp target teams distribute parallel for map(kind: g[0:1]))
#else
# define DEEP(kind) \
  PRAGMA (omp target teams distribute parallel for \
	  map(kind: g->a0[0:n], g->a1[0:n], g->a2[0:n]))
#endif

/* The structure mapped 'to', its kernel writing a0.  */
__attribute__ ((noinline)) static void
to_writes (struct grid *g, int n, unsigned *out, int steps)
{
  for (int t = 0; t < steps; t++)
    {
      DEEP (to)
      for (int i = 0; i < N; i++)
	g->a0[i] = g->a0[i] * 3u + (unsigned) t;
#pragma omp target teams distribute parallel for map(to: g->a0[0:n]) map(tofrom: out[0:N])
      for (int i = 0; i < N; i++)
	out[i] = out[i] * 5u + g->a0[i];
    }
}

/* Mapped 'tofrom', writing a1, which the other construct maps 'to' and
   the host reads.  */
__attribute__ ((noinline)) static void
tofrom_writes (struct grid *g, int n, unsigned *out, int steps,
	       unsigned *acc)
{
  for (int t = 0; t < steps; t++)
    {
      DEEP (tofrom)
      for (int i = 0; i < N; i++)
	g->a1[i] = g->a1[i] * 3u + (unsigned) t + 2u;
      *acc += g->a1[3];
#pragma omp target teams distribute parallel for map(to: g->a1[0:n]) map(tofrom: out[0:N])
      for (int i = 0; i < N; i++)
	out[i] = out[i] * 7u + g->a1[i];
    }
}

/* The structure kept across the outer loop, a2 across the inner one.  */
__attribute__ ((noinline)) static void
nested_writes (struct grid *g, int n, unsigned *out, int steps,
	       unsigned *acc)
{
  for (int t = 0; t < steps; t++)
    for (int u = 0; u < 2; u++)
      {
#pragma omp target teams distribute parallel for map(to: g->a2[0:n]) map(tofrom: out[0:N])
	for (int i = 0; i < N; i++)
	  out[i] = out[i] * 3u + g->a2[i];
	DEEP (tofrom)
	for (int i = 0; i < N; i++)
	  g->a2[i] = g->a2[i] * 3u + (unsigned) (t + u) + 3u;
	*acc += g->a2[2];
	DEEP (tofrom)
	for (int i = 0; i < N; i++)
	  g->a2[i] = g->a2[i] * 5u + g->a1[i];
      }
}

static unsigned
sum (const unsigned *p)
{
  unsigned h = 2166136261u;
  for (int i = 0; i < N; i++)
    h = (h ^ p[i]) * 16777619u;
  return h;
}

static void
fill (struct grid *g, unsigned *a0, unsigned *a1, unsigned *a2,
      unsigned *out)
{
  for (int i = 0; i < N; i++)
    {
      a0[i] = 7u * i + 1u;
      a1[i] = 11u * i + 2u;
      a2[i] = 13u * i + 3u;
      out[i] = i;
    }
  g->n = N;
  g->a0 = a0;
  g->a1 = a1;
  g->a2 = a2;
}

int
main (void)
{
  unsigned a0[N], a1[N], a2[N], out[N], acc = 0;
  struct grid g;
  fill (&g, a0, a1, a2, out);
  to_writes (&g, N, out, 3);
  printf ("to: %08x %08x %08x %08x\n", sum (a0), sum (a1), sum (a2),
	  sum (out));
  fill (&g, a0, a1, a2, out);
  tofrom_writes (&g, N, out, 3, &acc);
  printf ("tofrom: %08x %08x %08x %08x acc %08x\n", sum (a0), sum (a1),
	  sum (a2), sum (out), acc);
  fill (&g, a0, a1, a2, out);
  acc = 0;
  nested_writes (&g, N, out, 3, &acc);
  printf ("nested: %08x %08x %08x %08x acc %08x\n", sum (a0), sum (a1),
	  sum (a2), sum (out), acc);
  return 0;
}

/* { dg-final { scan-deepmap-report "deep-writes-kept.c:\[0-9\]+:\[0-9\]+: deepmap: hoist: missed: 'g->a0' not kept on the device across the loop at deep-writes-kept.c:\[0-9\]+ because a construct maps a structure that may point into it, and its device code may write through the structure's pointers" } } */
/* { dg-final { scan-deepmap-report "deep-writes-kept.c:\[0-9\]+:\[0-9\]+: deepmap: hoist: missed: 'g->a1' not kept" } } */
/* { dg-final { scan-deepmap-report "deep-writes-kept.c:\[0-9\]+:\[0-9\]+: deepmap: hoist: missed: 'g->a2' not kept" } } */
