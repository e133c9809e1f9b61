/* A deep item kept whole: a time-step loop of two kernels over a
   structure whose counted arrays the kernels use, with no host code in
   the loop, moves the structure and both arrays once in and once out,
   exactly what a hand-placed `target enter data map(to: f[0:1])' before
   the loop and `exit data map(from: ...)' after it move: one transfer,
   24 + 8000 + 8000 bytes and 8 unused between two blocks, each way.  Results are those of the host.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 1 transfers 16032 bytes, d2h 1 transfers 16032 bytes" { target offload_device } } */
#include <stdlib.h>
#include "deepmap.h"
#include "check.h"

struct field
{
  long n;
  double *u deepmap_counted_by (n);
  double *v deepmap_counted_by (n);
};

#define N 1000
#define STEPS 20

__attribute__ ((noinline)) static void
smooth (struct field *f, int steps)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: f[0:1])
      for (long i = 1; i < N - 1; i++)
	f->v[i] = 0.5 * (f->u[i - 1] + f->u[i + 1]);
#pragma omp target teams distribute parallel for map(tofrom: f[0:1])
      for (long i = 1; i < N - 1; i++)
	f->u[i] = f->v[i];
    }
}

int
main (void)
{
  struct field *f = malloc (sizeof *f);
  double *u = malloc (N * sizeof *u), *v = calloc (N, sizeof *v);
  f->n = N;
  f->u = malloc (N * sizeof (double));
  f->v = calloc (N, sizeof (double));
  for (long i = 0; i < N; i++)
    f->u[i] = u[i] = i % 7;
  smooth (f, STEPS);
  for (int t = 0; t < STEPS; t++)
    {
      for (long i = 1; i < N - 1; i++)
	v[i] = 0.5 * (u[i - 1] + u[i + 1]);
      for (long i = 1; i < N - 1; i++)
	u[i] = v[i];
    }
  CHECK (f->n == N);
  for (long i = 0; i < N; i++)
    CHECK (f->u[i] == u[i] && f->v[i] == v[i], "i %ld", i);
  return 0;
}
/* { dg-final { scan-deepmap-report "deep-whole.c:29:9: deepmap: hoist: 'f' kept on the device across the loop at deep-whole.c:27 \\(enter data map\\(to\\), exit data map\\(from\\)\\), with everything it points to \\(deep\\)" } } */
