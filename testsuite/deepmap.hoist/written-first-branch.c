/* A 1-D heat step written as many codes write it: the first kernel
   sets the border apart from the interior in one if, and reads the
   element back for the error; the second copies the new grid into the
   old one.  Every element of Anew is stored on either arm before it is
   read, so hoisting allocates Anew (map(alloc:)) instead of copying it
   in, and the first kernel maps it from the device alone.  In a second
   loop one arm stores nothing: Anew's host bytes may be read, and it is
   copied in.  Fresh device memory is poisoned: a wrong read shows in
   the results, which are the host's.  */
/* { dg-options "-fplugin-arg-deepmap-report -w" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* heat: A in and out once (8000 bytes each way); partial: A and Anew in
   once, A back once; each: the error set on the host at each of 20
   steps (8 bytes in; not at the enter data, since the host writes it
   before the kernels use it), and back once.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 43 transfers 24320 bytes, d2h 4 transfers 16016 bytes" { target offload_device } } */
#include <stdlib.h>
#include "check.h"

#define OMP(x) _Pragma (#x)
#define HOST(x)
#define STEPS 20

#define HEAT(name, P) \
static double \
name (int n, double *A, double *Anew) \
{ \
  double error = 0; \
  for (int t = 0; t < STEPS; t++) \
    { \
      error = 0; \
      P (omp target teams distribute parallel for reduction(max:error) \
	 map(tofrom: A[0:n], Anew[0:n])) \
      for (int i = 0; i < n; i++) \
	{ \
	  if (i == 0 || i == n - 1) \
	    Anew[i] = A[i]; \
	  else \
	    Anew[i] = 0.5 * A[i] + 0.25 * (A[i - 1] + A[i + 1]); \
	  double d = Anew[i] > A[i] ? Anew[i] - A[i] : A[i] - Anew[i]; \
	  error = d > error ? d : error; \
	} \
      P (omp target teams distribute parallel for \
	 map(tofrom: A[0:n], Anew[0:n])) \
      for (int i = 0; i < n; i++) \
	A[i] = Anew[i]; \
    } \
  return error; \
}

/* Only elements above the mean are set: the rest keep Anew's bytes.  */
#define PARTIAL(name, P) \
static double \
name (int n, double *A, double *Anew) \
{ \
  double error = 0; \
  for (int t = 0; t < STEPS; t++) \
    { \
      error = 0; \
      P (omp target teams distribute parallel for reduction(max:error) \
	 map(tofrom: A[0:n], Anew[0:n])) \
      for (int i = 0; i < n; i++) \
	{ \
	  if (A[i] > 0.5) \
	    Anew[i] = 0.9 * A[i]; \
	  double d = Anew[i] > A[i] ? Anew[i] - A[i] : A[i] - Anew[i]; \
	  error = d > error ? d : error; \
	} \
      P (omp target teams distribute parallel for \
	 map(tofrom: A[0:n], Anew[0:n])) \
      for (int i = 0; i < n; i++) \
	A[i] = Anew[i]; \
    } \
  return error; \
}

HEAT (heat, OMP)
HEAT (host_heat, HOST)
PARTIAL (partial, OMP)
PARTIAL (host_partial, HOST)

int
main (void)
{
  int n = 1000;
  double *A = (double *) malloc (n * sizeof (double));
  double *Anew = (double *) malloc (n * sizeof (double));
  double *hA = (double *) malloc (n * sizeof (double));
  double *hAnew = (double *) malloc (n * sizeof (double));
  for (int k = 0; k < n; k++)
    A[k] = hA[k] = (k * 37 % 101) / 101.0, Anew[k] = hAnew[k] = -1;
  double e = heat (n, A, Anew), he = host_heat (n, hA, hAnew);
  CHECK (e == he, "heat: error %g, host %g", e, he);
  for (int k = 0; k < n; k++)
    CHECK (A[k] == hA[k], "heat: A[%d] = %g, host %g", k, A[k], hA[k]);
  free (Anew);
  Anew = (double *) malloc (n * sizeof (double));
  for (int k = 0; k < n; k++)
    A[k] = hA[k] = (k * 53 % 97) / 97.0, Anew[k] = hAnew[k] = k;
  e = partial (n, A, Anew);
  he = host_partial (n, hA, hAnew);
  CHECK (e == he, "partial: error %g, host %g", e, he);
  for (int k = 0; k < n; k++)
    CHECK (A[k] == hA[k], "partial: A[%d] = %g, host %g", k, A[k], hA[k]);
  free (A);
  free (Anew);
  free (hA);
  free (hAnew);
  return 0;
}

/* { dg-final { scan-deepmap-report "written-first-branch.c:77:1: deepmap: hoist: 'Anew' kept on the device across the loop at written-first-branch.c:77 \\(enter data map\\(alloc\\), exit data map\\(release\\)\\), not copied back: nothing reads it afterwards, not copied in: its constructs read only what they stored first" } } */
/* { dg-final { scan-deepmap-report "written-first-branch.c:79:1: deepmap: hoist: 'Anew' kept on the device across the loop at written-first-branch.c:79 \\(enter data map\\(to\\), exit data map\\(release\\)\\)" } } */
