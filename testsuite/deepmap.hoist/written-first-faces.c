/* A 3-D stencil step as Allen-Cahn style codes write it (HeCBench's
   ace): one kernel stores the interior of the scratch grid B, a second
   one its six faces under tests of the indices (an else-if chain, or
   one test of ORs), and a third copies B into A.  Together the first
   two store every byte the third reads, so hoisting allocates B
   instead of copying it in, though neither stores all of it alone.
   Where the faces' kernel misses a face, tests data, runs after the
   copy or only at some steps, B's host bytes are read and B is copied
   in.  Fresh device
   memory is poisoned: a wrong read shows in A, checked against the
   host.  */
/* { dg-options "-fplugin-arg-deepmap-report -w" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* Each of the 9 loops copies A (7680 bytes) back once, and in but
   where the copy comes first (it stores all of A); the last 5 copy B
   in.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 13 transfers 99840 bytes, d2h 9 transfers 69120 bytes" { target offload_device } } */
#include <stdlib.h>
#include "check.h"

#define NX 12
#define NY 10
#define NZ 8
#define STEPS 4

typedef double plane[NY][NZ];

#define OMP(x) _Pragma (#x)
#define HOST(x)

#define FOR3(P) \
  P (omp target teams distribute parallel for collapse(3) \
     map(tofrom: A[0:NX], B[0:NX])) \
  for (int ix = 0; ix < NX; ix++) \
    for (int iy = 0; iy < NY; iy++) \
      for (int iz = 0; iz < NZ; iz++)

#define INTERIOR(P) \
  P (omp target teams distribute parallel for collapse(3) \
     map(tofrom: A[0:NX], B[0:NX])) \
  for (int ix = 1; ix < NX - 1; ix++) \
    for (int iy = 1; iy < NY - 1; iy++) \
      for (int iz = 1; iz < NZ - 1; iz++) \
	B[ix][iy][iz] = 0.5 * A[ix][iy][iz] \
			+ 0.25 * (A[ix - 1][iy][iz] + A[ix + 1][iy][iz]);

#define COPY(P) \
  FOR3 (P) \
    A[ix][iy][iz] = B[ix][iy][iz] + 0.125;

#define CHAIN(P) \
  FOR3 (P) \
    { \
      if (ix == 0) \
	B[ix][iy][iz] = 1; \
      else if (ix == NX - 1) \
	B[ix][iy][iz] = 2; \
      else if (iy == 0) \
	B[ix][iy][iz] = 3; \
      else if (iy == NY - 1) \
	B[ix][iy][iz] = 4; \
      else if (iz == 0) \
	B[ix][iy][iz] = 5; \
      else if (iz == NZ - 1) \
	B[ix][iy][iz] = 6; \
    }

#define ORS(P) \
  FOR3 (P) \
    if (ix == 0 || ix == NX - 1 || iy == 0 || iy == NY - 1 || iz == 0 \
	|| NZ - 1 == iz) \
      B[ix][iy][iz] = -1;

/* The plane ix == 3 apart, then the rest: a test for "not equal" in the
   middle of the range.  */
#define SPLIT(P) \
  FOR3 (P) \
    if (ix != 3 && (ix < 1 || ix > NX - 2 || iy < 1 || iy >= NY - 1 \
		    || iz <= 0 || iz > NZ - 2)) \
      B[ix][iy][iz] = 7; \
  FOR3 (P) \
    if (ix == 3 && (iy == 0 || iy == NY - 1 || iz == 0 || iz == NZ - 1)) \
      B[ix][iy][iz] = 8;

/* No store at iz == NZ - 1 (but at ix == 0 and NX - 1): A gets B's host
   bytes there.  */
#define MISSING(P) \
  FOR3 (P) \
    { \
      if (ix == 0 || ix == NX - 1) \
	B[ix][iy][iz] = 1; \
      else if (iy == 0 || iy == NY - 1 || iz == 0) \
	B[ix][iy][iz] = 2; \
    }

/* Faces stored where the data says.  */
#define DATA(P) \
  FOR3 (P) \
    if ((ix == 0 || ix == NX - 1 || iy == 0 || iy == NY - 1 || iz == 0 \
	 || iz == NZ - 1) && A[ix][iy][iz] > 0.3) \
      B[ix][iy][iz] = 9;

/* B is the step's own scratch grid: nothing reads it afterwards.  */
#define STEP(name, P, FIRST, SECOND, THIRD) \
static void \
name (plane *A) \
{ \
  plane *B = (plane *) malloc (NX * sizeof (plane)); \
  double *b = &B[0][0][0]; \
  for (int k = 0; k < NX * NY * NZ; k++) \
    b[k] = -0.5 - k; \
  for (int t = 0; t < STEPS; t++) \
    { \
      FIRST (P) \
      SECOND (P) \
      THIRD (P) \
    } \
  free (B); \
}

STEP (chain, OMP, INTERIOR, CHAIN, COPY)
STEP (host_chain, HOST, INTERIOR, CHAIN, COPY)
STEP (ors, OMP, INTERIOR, ORS, COPY)
STEP (host_ors, HOST, INTERIOR, ORS, COPY)
STEP (split, OMP, INTERIOR, SPLIT, COPY)
STEP (host_split, HOST, INTERIOR, SPLIT, COPY)
STEP (faces_first, OMP, CHAIN, INTERIOR, COPY)
STEP (host_faces_first, HOST, CHAIN, INTERIOR, COPY)
STEP (missing, OMP, INTERIOR, MISSING, COPY)
STEP (host_missing, HOST, INTERIOR, MISSING, COPY)
STEP (data, OMP, INTERIOR, DATA, COPY)
STEP (host_data, HOST, INTERIOR, DATA, COPY)
STEP (copy_first, OMP, COPY, INTERIOR, CHAIN)
STEP (host_copy_first, HOST, COPY, INTERIOR, CHAIN)
/* The faces' kernel at odd steps only: the copy at step 0 reads B's
   host bytes.  */
#define ODD_CHAIN(P) \
  if (t % 2 == 1) \
    { \
      CHAIN (P) \
    }
STEP (odd_faces, OMP, INTERIOR, ODD_CHAIN, COPY)
STEP (host_odd_faces, HOST, INTERIOR, ODD_CHAIN, COPY)
/* Without the faces' kernel the copy reads bytes no kernel stored: B
   is copied in.  */
#define NOTHING(P)
STEP (no_faces, OMP, INTERIOR, NOTHING, COPY)
STEP (host_no_faces, HOST, INTERIOR, NOTHING, COPY)

typedef void step_fn (plane *);

static void
run (const char *what, step_fn *dev, step_fn *host)
{
  size_t bytes = NX * sizeof (plane);
  plane *A = (plane *) malloc (bytes), *hA = (plane *) malloc (bytes);
  double *a = &A[0][0][0], *ha = &hA[0][0][0];
  for (int k = 0; k < NX * NY * NZ; k++)
    a[k] = ha[k] = (k * 37 % 101) / 101.0;
  dev (A);
  host (hA);
  for (int k = 0; k < NX * NY * NZ; k++)
    CHECK (a[k] == ha[k], "%s: A[%d] = %g, host %g", what, k, a[k], ha[k]);
  free (A);
  free (hA);
}

int
main (void)
{
  run ("chain", chain, host_chain);
  run ("ors", ors, host_ors);
  run ("split", split, host_split);
  run ("faces first", faces_first, host_faces_first);
  run ("missing", missing, host_missing);
  run ("data", data, host_data);
  run ("copy first", copy_first, host_copy_first);
  run ("no faces", no_faces, host_no_faces);
  run ("odd faces", odd_faces, host_odd_faces);
  return 0;
}

/* { dg-final { scan-deepmap-report "written-first-faces.c:121:1: deepmap: hoist: 'B' kept on the device across the loop at written-first-faces.c:121 \\(enter data map\\(alloc\\), exit data map\\(release\\)\\), not copied back: nothing reads it afterwards, not copied in: its constructs read only what they stored first" } } */
/* { dg-final { scan-deepmap-report "written-first-faces.c:123:1: deepmap: hoist: 'B' kept on the device across the loop at written-first-faces.c:123 \\(enter data map\\(alloc\\)" } } */
/* { dg-final { scan-deepmap-report "written-first-faces.c:125:1: deepmap: hoist: 'B' kept on the device across the loop at written-first-faces.c:125 \\(enter data map\\(alloc\\)" } } */
/* { dg-final { scan-deepmap-report "written-first-faces.c:127:1: deepmap: hoist: 'B' kept on the device across the loop at written-first-faces.c:127 \\(enter data map\\(alloc\\)" } } */
/* { dg-final { scan-deepmap-report "written-first-faces.c:129:1: deepmap: hoist: 'B' kept on the device across the loop at written-first-faces.c:129 \\(enter data map\\(to\\)" } } */
/* { dg-final { scan-deepmap-report "written-first-faces.c:131:1: deepmap: hoist: 'B' kept on the device across the loop at written-first-faces.c:131 \\(enter data map\\(to\\)" } } */
/* { dg-final { scan-deepmap-report "written-first-faces.c:133:1: deepmap: hoist: 'B' kept on the device across the loop at written-first-faces.c:133 \\(enter data map\\(to\\)" } } */
/* { dg-final { scan-deepmap-report "written-first-faces.c:147:1: deepmap: hoist: 'B' kept on the device across the loop at written-first-faces.c:147 \\(enter data map\\(to\\)" } } */
/* { dg-final { scan-deepmap-report "written-first-faces.c:142:1: deepmap: hoist: 'B' kept on the device across the loop at written-first-faces.c:142 \\(enter data map\\(to\\)" } } */
