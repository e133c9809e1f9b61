/* Jacobi as NVIDIA's tutorials write it, each construct mapping both
   grids: the first kernel stores Anew's interior and reads it back for
   the error, the second copies the interior into A.  The device never
   reads a byte of Anew that a kernel of the same step did not store
   first, and nothing reads Anew after the loop: hoisting allocates it on
   the device (map(alloc:), as an expert's target data does) instead of
   copying it in.  A is copied in and out once.  Fresh device memory is
   poisoned: a wrong read of Anew shows in A.  Results are the host's.  */
/* { dg-options "-fplugin-arg-deepmap-report -w" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* A in once, plus the error's 8 bytes at each of 50 steps.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 51 transfers 73360 bytes, d2h 51 transfers 73360 bytes" { target offload_device } } */
#include <math.h>
#include <stdlib.h>
#include "check.h"

#define OMP(x) _Pragma (#x)
#define HOST(x)

/* Jacobi with the pragmas P (OMP) or without them (HOST).  */
#define JACOBI(name, P) \
static double \
name (int n, int m, int iter_max, double *A, double *Anew) \
{ \
  double error = 1.0; \
  int iter = 0; \
  while (error > 1e-12 && iter < iter_max) \
    { \
      error = 0.0; \
      P (omp target teams distribute parallel for collapse(2) \
	 reduction(max:error) map(tofrom: A[0:n * m], Anew[0:n * m])) \
      for (int j = 1; j < n - 1; j++) \
	for (int i = 1; i < m - 1; i++) \
	  { \
	    Anew[j * m + i] = 0.25 * (A[j * m + i + 1] + A[j * m + i - 1] \
				      + A[(j - 1) * m + i] \
				      + A[(j + 1) * m + i]); \
	    double d = fabs (Anew[j * m + i] - A[j * m + i]); \
	    if (d > error) \
	      error = d; \
	  } \
      P (omp target teams distribute parallel for collapse(2) \
	 map(tofrom: A[0:n * m], Anew[0:n * m])) \
      for (int j = 1; j < n - 1; j++) \
	for (int i = 1; i < m - 1; i++) \
	  A[j * m + i] = Anew[j * m + i]; \
      iter++; \
    } \
  return error; \
}

JACOBI (jacobi, OMP)
JACOBI (host_jacobi, HOST)

int
main (void)
{
  int n = 96, m = 95;
  size_t bytes = sizeof (double) * n * m;
  double *A = (double *) malloc (bytes), *Anew = (double *) malloc (bytes);
  double *hA = (double *) malloc (bytes), *hAnew = (double *) malloc (bytes);
  for (int k = 0; k < n * m; k++)
    A[k] = Anew[k] = hA[k] = hAnew[k] = k % m == 0 ? 1.0 : 0.0;
  double e = jacobi (n, m, 50, A, Anew);
  double he = host_jacobi (n, m, 50, hA, hAnew);
  CHECK (e == he, "error %g, host %g", e, he);
  for (int k = 0; k < n * m; k++)
    CHECK (A[k] == hA[k], "A[%d] = %g, host %g", k, A[k], hA[k]);
  free (A);
  free (Anew);
  free (hA);
  free (hAnew);
  return 0;
}

/* { dg-final { scan-deepmap-report "written-first.c:52:1: deepmap: hoist: 'Anew' kept on the device across the loop at written-first.c:52 \\(enter data map\\(alloc\\), exit data map\\(release\\)\\), not copied back: nothing reads it afterwards, not copied in: its constructs read only what they stored first" } } */
/* { dg-final { scan-deepmap-report "written-first.c:52:1: deepmap: hoist: 'A' kept on the device across the loop at written-first.c:52 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } } */
