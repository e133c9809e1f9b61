/* Rodinia's hotspot: a lone target construct (no loop) maps its input
   tofrom and hands it to a function the region calls (a device function
   by being called there), which only reads it.  The region names it
   only as that argument (dm_region_reads_only_but_calls); once the
   callee's body is in SSA form the hoisting pass finds that nothing
   stores through it and announces it read only: not copied back.  A
   callee that stores through it, and one the linker may replace (weak),
   keep the copy back.  Results are checked against the host.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* Each construct copies out in and back (800 bytes each way) and its
   input in (800); the input comes back from smooth_bump and
   smooth_weak only.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d \[0-9\]+ transfers 4800 bytes, d2h \[0-9\]+ transfers 4000 bytes" { target offload_device } } */
#include <stdlib.h>

#define N 100

__attribute__ ((noinline)) static void
average (double *out, const double *in, int n)
{
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    out[i] = (in[i - 1] + in[i] + in[i + 1]) / 4;
}

__attribute__ ((noinline)) static void
average_bump (double *out, double *in, int n)
{
  for (int i = 1; i < n - 1; i++)
    out[i] = (in[i - 1] + in[i] + in[i + 1]) / 4;
  in[0] += 1;
}

__attribute__ ((noinline, weak)) void
average_weak (double *out, const double *in, int n)
{
  for (int i = 1; i < n - 1; i++)
    out[i] = (in[i - 1] + in[i] + in[i + 1]) / 4;
}

__attribute__ ((noinline)) static void
smooth (double *out, double *in, int n)
{
#pragma omp target map(tofrom: out[0:n], in[0:n])
  average (out, in, n);
}

__attribute__ ((noinline)) static void
smooth_bump (double *out, double *in, int n)
{
#pragma omp target map(tofrom: out[0:n], in[0:n])
  average_bump (out, in, n);
}

__attribute__ ((noinline)) static void
smooth_weak (double *out, double *in, int n)
{
#pragma omp target map(tofrom: out[0:n], in[0:n])
  average_weak (out, in, n);
}

/* IN[0] is FIRST now and was USED when OUT was computed.  */
static void
check (const double *out, const double *in, double first, double used)
{
  if (in[0] != first)
    abort ();
  for (int i = 1; i < N - 1; i++)
    if (out[i] != ((i == 1 ? used : in[i - 1]) + in[i] + in[i + 1]) / 4)
      abort ();
}

int
main (void)
{
  double *in = (double *) malloc (N * sizeof *in);
  double *out = (double *) malloc (N * sizeof *out);
  for (int i = 0; i < N; i++)
    in[i] = i, out[i] = 0;
  in[0] = 1;
  smooth (out, in, N);
  check (out, in, 1, 1);
  smooth_weak (out, in, N);
  check (out, in, 1, 1);
  smooth_bump (out, in, N);
  check (out, in, 2, 1);
  free (in);
  free (out);
  return 0;
}

/* { dg-final { scan-deepmap-report "read-only-calls.c:45:9: deepmap: target: 'in' is only read, so are the functions it is given: not copied back \\(as map\\(to:\\)\\)" } } */
/* { dg-final { scan-deepmap-report-not "read-only-calls.c:(52|59):9: deepmap: target: 'in' is only read" } } */
