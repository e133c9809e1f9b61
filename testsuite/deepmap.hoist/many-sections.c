/* Eighteen arrays, pointer parameters the compiler cannot tell apart,
   kept across a loop: more sections than the plugin handles in line, so
   the test that no caller holds any of them mapped, the test that the
   pairs of inputs and outputs are disjoint, and the map kinds of the
   enter and exit data are calls of the unit's own functions
   (plugin/dm-tests.c) over the enter data's own address and size
   arrays.  Called with distinct arrays (kept), with zero-length inputs
   (their map kinds, decided at run time, map nothing), inside a target
   data region of the caller that holds an output (the absent test
   fails: as written) and with an input that is an output (the apart
   test fails: as written).  Results are the host's.  */
/* { dg-options "-fplugin-arg-deepmap-report -fdump-tree-all" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* Kept: 18 x 400 bytes in, the 9 outputs back (3600); zero-length
   inputs: the outputs in and back (3600 each way).  Held (f0), as
   written, 4 steps: the inputs (3600) and f1..f8 (3200) in and f1..f8
   back at each, f0 in and back once (400).  Aliased (a1 is f1), as
   written, 4 steps: every entry in (7200, as many-apart.c's) and the
   outputs back (3600) at each.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d \[0-9\]+ transfers 67200 bytes, d2h \[0-9\]+ transfers 34800 bytes" { target offload_device } } */
#include "check.h"

#define N 100

__attribute__ ((noinline)) static void
step18 (const int *a0, const int *a1, const int *a2, const int *a3,
	const int *a4, const int *a5, const int *a6, const int *a7,
	const int *a8, int *f0, int *f1, int *f2, int *f3, int *f4, int *f5,
	int *f6, int *f7, int *f8, int m, int n, int steps)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target map(to: a0[0:m], a1[0:m], a2[0:m], a3[0:m], a4[0:m], a5[0:m], a6[0:m], a7[0:m], a8[0:m]) map(tofrom: f0[0:n], f1[0:n], f2[0:n], f3[0:n], f4[0:n], f5[0:n], f6[0:n], f7[0:n], f8[0:n])
      for (int i = 0; i < n; i++)
	{
	  int in = i < m;
	  f0[i] += (in ? a0[i] : 0) + 1;
	  f1[i] += (in ? a1[i] : 0) + 2;
	  f2[i] += (in ? a2[i] : 0) + 3;
	  f3[i] += (in ? a3[i] : 0) + 4;
	  f4[i] += (in ? a4[i] : 0) + 5;
	  f5[i] += (in ? a5[i] : 0) + 6;
	  f6[i] += (in ? a6[i] : 0) + 7;
	  f7[i] += (in ? a7[i] : 0) + 8;
	  f8[i] += (in ? a8[i] : 0) + 9;
	}
    }
}

static int dev[18][N], host[18][N];

/* STEP18's effect on host's arrays, in the order of ARGS (an input
   index ARGS[k] for a_k, an output's for f_k).  */
static void
host18 (const int *args, int m, int n, int steps)
{
  for (int t = 0; t < steps; t++)
    for (int i = 0; i < n; i++)
      for (int k = 0; k < 9; k++)
	host[args[9 + k]][i] += (i < m ? host[args[k]][i] : 0) + k + 1;
}

static void
run (const int *args, int m, int n, int steps, int held)
{
#define D(k) dev[args[k]]
#define CALL step18 (D (0), D (1), D (2), D (3), D (4), D (5), D (6), D (7), \
		     D (8), D (9), D (10), D (11), D (12), D (13), D (14), \
		     D (15), D (16), D (17), m, n, steps)
  if (held)
    {
#pragma omp target data map(tofrom: dev[9][0:N])
      CALL;
    }
  else
    CALL;
  host18 (args, m, n, steps);
  for (int k = 0; k < 18; k++)
    for (int i = 0; i < N; i++)
      CHECK (dev[k][i] == host[k][i], "array %d [%d]: %d, expected %d",
	     k, i, dev[k][i], host[k][i]);
}

int
main (void)
{
  for (int k = 0; k < 18; k++)
    for (int i = 0; i < N; i++)
      dev[k][i] = host[k][i] = 1000 * k + i;
  int distinct[18], aliased[18];
  for (int k = 0; k < 18; k++)
    distinct[k] = aliased[k] = k;
  aliased[1] = 10;		/* a1 is f1 */
  run (distinct, N, N, 4, 0);
  run (distinct, 0, N, 4, 0);
  run (distinct, N, N, 4, 1);
  run (aliased, N, N, 4, 0);
  return 0;
}

/* { dg-final { scan-tree-dump-times "__deepmap_sections_absent \\(&deepmap_hoist" 1 "deepmap_hoist" } } */
/* { dg-final { scan-tree-dump-times "__deepmap_sections_apart \\(&deepmap_hoist" 1 "deepmap_hoist" } } */
/* { dg-final { scan-tree-dump-times "__deepmap_kinds \\(&deepmap_hoist" 2 "deepmap_hoist" } } */
/* { dg-final { scan-deepmap-report "many-sections.c:33:9: deepmap: hoist: 'a0' kept on the device across the loop at many-sections.c:31" } } */
