/* Sections that the constructs map `to' and their device code only
   reads stay on the device (enter data map(to), exit data map(release)):
   through a teams distribute parallel for, whose body is two functions
   away from the construct, through a plain target, and through a
   device function that only reads it (device-call.c).  Device code that
   may store through the section's pointer or one derived from it keeps
   the per-construct copies.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* read_only and call_on_device: A and S in once, S out once;
   may_store and derived_store: A in at each of 2 steps, S in and out
   once (it may overlap A, which is not kept: a test on entry finds them
   apart).  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 10 transfers 8000 bytes, d2h 4 transfers 3200 bytes" { target offload_device } } */
#include <stdlib.h>

#define N 100

__attribute__ ((noinline)) static void
read_only (int n, double *A, double *S)
{
  for (int t = 0; t < 10; t++)
    {
#pragma omp target teams distribute parallel for map(to: A[0:n]) \
	map(tofrom: S[0:n])
      for (int i = 0; i < n; i++)
	S[i] += A[i];
#pragma omp target map(to: A[0:n]) map(tofrom: S[0:n])
      for (int i = 0; i < n; i++)
	S[i] += A[i];
    }
}

/* The store never runs, but the plugin cannot know.  */
__attribute__ ((noinline)) static void
may_store (int n, double *A, double *S)
{
  for (int t = 0; t < 2; t++)
    {
#pragma omp target teams distribute parallel for map(to: A[0:n]) \
	map(tofrom: S[0:n])
      for (int i = 0; i < n; i++)
	{
	  S[i] += A[i];
	  if (S[i] < 0)
	    A[i] = 0;
	}
    }
}

/* The store goes through a pointer derived from A's.  */
__attribute__ ((noinline)) static void
derived_store (int n, double *A, double *S)
{
  for (int t = 0; t < 2; t++)
    {
#pragma omp target map(to: A[0:n]) map(tofrom: S[0:n])
      for (int i = 1; i < n; i++)
	{
	  double *q = &A[1];
	  S[i] += A[i];
	  if (S[i] < 0)
	    q[i - 1] = 0;
	}
    }
}

#pragma omp declare target
__attribute__ ((noinline)) double
get (const double *p, int i)
{
  return p[i];
}
#pragma omp end declare target

/* The device passes A to a function that only reads it.  */
__attribute__ ((noinline)) static void
call_on_device (int n, double *A, double *S)
{
  for (int t = 0; t < 2; t++)
    {
#pragma omp target teams distribute parallel for map(to: A[0:n]) \
	map(tofrom: S[0:n])
      for (int i = 0; i < n; i++)
	S[i] += get (A, i);
    }
}

int
main (void)
{
  double *A = malloc (N * sizeof *A), *S = calloc (N, sizeof *S);
  for (int i = 0; i < N; i++)
    A[i] = i;
  read_only (N, A, S);
  for (int i = 0; i < N; i++)
    if (S[i] != 20.0 * i)
      abort ();
  may_store (N, A, S);
  call_on_device (N, A, S);
  derived_store (N, A, S);
  for (int i = 0; i < N; i++)
    if (S[i] != (i ? 26.0 * i : 0) || A[i] != i)
      abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "read-only.c:24:9: deepmap: hoist: 'A' kept on the device across the loop at read-only.c:22 \\(enter data map\\(to\\), exit data map\\(release\\)\\)" } } */
/* { dg-final { scan-deepmap-report "read-only.c:28:9: deepmap: hoist: 'A' kept on the device across the loop at read-only.c:22 \\(enter data map\\(to\\), exit data map\\(release\\)\\)" } } */
/* { dg-final { scan-deepmap-report "read-only.c:28:9: deepmap: hoist: 'S' kept on the device across the loop at read-only.c:22 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } } */
/* { dg-final { scan-deepmap-report "read-only.c:40:9: deepmap: hoist: missed: 'A' not kept on the device across the loop at read-only.c:38 because a construct maps it without 'from' and its device code may write it" } } */
/* { dg-final { scan-deepmap-report "read-only.c:82:9: deepmap: hoist: 'A' kept on the device across the loop at read-only.c:80 \\(enter data map\\(to\\), exit data map\\(release\\)\\)" } } */
/* { dg-final { scan-deepmap-report "read-only.c:57:9: deepmap: hoist: missed: 'A' not kept on the device across the loop at read-only.c:55 because a construct maps it without 'from' and its device code may write it" } } */
