/* Loops like written-first.c's Jacobi where the device does read bytes
   of Anew that no kernel of the step stored first: hoisting must still
   copy Anew in (its host bytes are read), although nothing reads it
   after the loop.  Fresh device memory is poisoned: a copy in left out
   shows in A.  Each variant runs as the host runs it.
   - neighbours: the second kernel reads Anew[i + 1], column m - 1
     included;
   - left: ... Anew[i - 1], column 0 included (a negative constant in
     the address);
   - half: the first kernel stores to every other point only;
   - widening: the host widens the bound between the kernels;
   - whole: the second kernel copies the whole grid, border included;
   - maybe_host: the first kernel runs on the host when its if clause
     says so (it then stores to the host's Anew);
   - read_first: the first kernel reads Anew before it stores to it;
   - transposed: both kernels index with the same two variables, the
     second with its loops the other way round (i inner over more
     values than the first kernel's i).  */
/* { dg-options "-fplugin-arg-deepmap-report -w" } */
#include <stdlib.h>
#include "check.h"

#define OMP(x) _Pragma (#x)
#define HOST(x)
#define KERNEL(P) \
  P (omp target teams distribute parallel for collapse(2) \
     map(tofrom: A[0:n * m], Anew[0:n * m]))
#define INTERIOR \
  for (int j = 1; j < n - 1; j++) \
    for (int i = 1; i < m - 1; i++)
#define AVERAGE(j, i) \
  0.25 * (A[(j) * m + (i) + 1] + A[(j) * m + (i) - 1] \
	  + A[((j) - 1) * m + (i)] + A[((j) + 1) * m + (i)])

/* One variant: STEP (P) is the body of its time loop.  */
#define VARIANT(name, P, STEP) \
static void \
name (int n, int m, int steps, double *A, double *Anew, int on) \
{ \
  for (int t = 0; t < steps; t++) \
    { \
      STEP (P) \
    } \
}

#define NEIGHBOURS(P) \
  KERNEL (P) INTERIOR Anew[j * m + i] = AVERAGE (j, i); \
  KERNEL (P) INTERIOR \
    A[j * m + i] = 0.5 * (Anew[j * m + i] + Anew[j * m + i + 1]);

#define LEFT(P) \
  KERNEL (P) INTERIOR Anew[j * m + i] = AVERAGE (j, i); \
  KERNEL (P) INTERIOR \
    A[j * m + i] = 0.5 * (Anew[j * m + i] + Anew[j * m + i - 1]);

#define HALF(P) \
  KERNEL (P) INTERIOR \
    if ((i + j) % 2) \
      Anew[j * m + i] = AVERAGE (j, i); \
  KERNEL (P) INTERIOR A[j * m + i] = Anew[j * m + i];

#define WIDENING(P) \
  int w = 2 + t; \
  KERNEL (P) \
  for (int j = 1; j < n - 1; j++) \
    for (int i = 1; i < w; i++) \
      Anew[j * m + i] = AVERAGE (j, i); \
  w = w + 1; \
  KERNEL (P) \
  for (int j = 1; j < n - 1; j++) \
    for (int i = 1; i < w; i++) \
      A[j * m + i] = Anew[j * m + i];

#define WHOLE(P) \
  KERNEL (P) INTERIOR Anew[j * m + i] = AVERAGE (j, i); \
  KERNEL (P) \
  for (int j = 0; j < n; j++) \
    for (int i = 0; i < m; i++) \
      A[j * m + i] = Anew[j * m + i];

#define MAYBE_HOST(P) \
  P (omp target teams distribute parallel for collapse(2) \
     map(tofrom: A[0:n * m], Anew[0:n * m]) if (on)) \
  INTERIOR Anew[j * m + i] = AVERAGE (j, i); \
  KERNEL (P) INTERIOR A[j * m + i] = Anew[j * m + i];

#define READ_FIRST(P) \
  KERNEL (P) INTERIOR \
    Anew[j * m + i] = 0.5 * Anew[j * m + i] + AVERAGE (j, i); \
  KERNEL (P) INTERIOR A[j * m + i] = Anew[j * m + i];

#define TRANSPOSED(P) \
  int i, j; \
  KERNEL (P) \
  for (i = 1; i < n - 1; i++) \
    for (j = 1; j < m - 1; j++) \
      Anew[i * n + j] = 0.5 * A[i * n + j]; \
  KERNEL (P) \
  for (j = 1; j < n - 1; j++) \
    for (i = 1; i < m - 1; i++) \
      A[j * m + i] = Anew[i * n + j] + 1.0;

#define BOTH(STEP, name) \
  VARIANT (name, OMP, STEP) VARIANT (name##_host, HOST, STEP)
BOTH (NEIGHBOURS, neighbours)
BOTH (LEFT, left)
BOTH (HALF, half)
BOTH (WIDENING, widening)
BOTH (WHOLE, whole)
BOTH (MAYBE_HOST, maybe_host)
BOTH (READ_FIRST, read_first)
BOTH (TRANSPOSED, transposed)

typedef void (*variant) (int, int, int, double *, double *, int);

static volatile int off;	/* 0, unknown to the compiler */

#define RUN(name) \
  do \
    { \
      double *A = (double *) malloc (bytes); \
      double *Anew = (double *) malloc (bytes); \
      double *hA = (double *) malloc (bytes); \
      double *hAnew = (double *) malloc (bytes); \
      for (int k = 0; k < n * m; k++) \
	A[k] = Anew[k] = hA[k] = hAnew[k] = 1.0 + k % 7; \
      name (n, m, 20, A, Anew, off); \
      name##_host (n, m, 20, hA, hAnew, off); \
      for (int k = 0; k < n * m; k++) \
	CHECK (A[k] == hA[k], #name ": A[%d] = %g, host %g", k, A[k], \
	       hA[k]); \
      free (A); \
      free (Anew); \
      free (hA); \
      free (hAnew); \
    } \
  while (0)

int
main (void)
{
  int n = 40, m = 41;
  size_t bytes = sizeof (double) * n * m;
  RUN (neighbours);
  RUN (left);
  RUN (half);
  RUN (widening);
  RUN (whole);
  RUN (maybe_host);
  RUN (read_first);
  RUN (transposed);
  return 0;
}

/* { dg-final { scan-deepmap-report-not "not copied in: its constructs" } } */
