/* A periodic call in the time loop given a pointer to a kept array:
   the array is the function's own (calloc) and goes nowhere else, and
   GCC's escape analysis of the callee says it neither keeps the pointer
   nor stores through it (report: it only sums and prints).  Then the
   call only reads the array: it is copied back before the call, and not
   sent again after it (the callee's printf makes the alias oracle think
   it may write anything that escaped).  A callee that stores through
   the pointer (reset) gets the array sent again after it.  The two
   arrays trade places each step; each is an allocation of its own, so
   the call sees only the one it is given at the time (rotation-call.c).
   Results are the host's.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* { dg-final { scan-deepmap-report "call-reads-only.c:69:1: deepmap: hoist: 'cur' copied from the device before a call that may see it \\(target update from\\)" } } */
/* { dg-final { scan-deepmap-report-not "call-reads-only.c:69:1: deepmap: hoist: '\[a-z\]+' copied to the device after a call" } } */
/* { dg-final { scan-deepmap-report "call-reads-only.c:70:1: deepmap: hoist: '\[a-z\]+' copied to the device after a call that may change it \\(target update to\\)" } } */
/* reads: both arrays in once (16000 bytes), the current one back at
   each of 4 reports, both at the end; writes: the same, and the current
   one in again after each of 4 resets.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 8 transfers 64000 bytes, d2h 12 transfers 96000 bytes" { target offload_device } } */
#include <stdio.h>
#include <stdlib.h>
#include "check.h"

#define N 1000
#define STEPS 40

__attribute__ ((noinline)) static void
report (const double *f, int n, int step)
{
  double s = 0;
  for (int i = 0; i < n; i++)
    s += f[i];
  printf ("step %d: %.3f\n", step, s);
}

__attribute__ ((noinline)) static void
reset (double *f, int n, int step)
{
  printf ("reset at %d\n", step);
  f[n / 2] = 1000;
}

#define RUN(name, OMP, CALL)						\
static double								\
name (void)								\
{									\
  double *cur = (double *) calloc (N, sizeof (double));			\
  double *prev = (double *) calloc (N, sizeof (double));		\
  cur[N / 2] = prev[N / 2] = 1000;					\
  for (int it = 1; it <= STEPS; it++)					\
    {									\
      OMP								\
      for (int i = 1; i < N - 1; i++)					\
	cur[i] = prev[i] + 0.25 * (prev[i - 1] - 2 * prev[i] + prev[i + 1]); \
      if (it % 10 == 0)							\
	CALL (cur, N, it);						\
      double *t = cur;							\
      cur = prev;							\
      prev = t;								\
    }									\
  double r = prev[N / 2] + prev[N / 2 + 7];				\
  free (cur);								\
  free (prev);								\
  return r;								\
}

#define KERNEL _Pragma ("omp target teams distribute parallel for map(cur[0:N], prev[0:N])")
RUN (reads, KERNEL, report)
RUN (writes, KERNEL, reset)
RUN (host_reads, , report)
RUN (host_writes, , reset)

int
main (void)
{
  double a = reads (), b = host_reads ();
  CHECK (a == b, "reads: %g, host %g", a, b);
  a = writes (), b = host_writes ();
  CHECK (a == b, "writes: %g, host %g", a, b);
  return 0;
}
