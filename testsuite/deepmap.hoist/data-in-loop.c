/* Target data constructs inside the loop, one around each kernel, as
   the step between naive offload and hoisted data in tutorials
   (hpctoolkit-gpu-samples' target_stencil, NVIDIA's Jacobi): the
   sections they map tofrom are kept on the device across the loop
   (copied in and out once); the data constructs and the kernels' own
   pointer maps then find them present.  Not kept: a section a data
   construct maps without 'from' (what the kernels write would stay on
   the device, where the original drops it at the end), one the host
   reads inside a data construct (it sees its own copy there, which an
   update would change), and everything in a loop whose data construct
   uses device addresses.  Results are the host's.  (No libm calls in
   the regions: nvptx links none by default.)  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* stencil: A and Anew in and out once (2 x 16000 bytes), the error in
   and out at each of 20 steps (4 bytes); to_only: x in at each of 10
   steps (4000 bytes), y out once; inside: A in and out at each of 10
   steps; devptr: x in and out at each of 10 steps.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 52 transfers 152080 bytes, d2h 43 transfers 116080 bytes" { target offload_device } } */
#include <stdlib.h>
#include "check.h"

#define N 4000

__attribute__ ((noinline)) static float
stencil (float *A, float *Anew, int n, int steps)
{
  float error = 1;
  for (int it = 0; it < steps; it++)
    {
      error = 0;
#pragma omp target data map(A[0:n], Anew[0:n]) map(error)
#pragma omp target teams distribute parallel for reduction(max: error)
      for (int i = 1; i < n - 1; i++)
	{
	  Anew[i] = 0.5f * (A[i - 1] + A[i + 1]);
	  float d = Anew[i] > A[i] ? Anew[i] - A[i] : A[i] - Anew[i];
	  error = d > error ? d : error;
	}
#pragma omp target data map(A[0:n], Anew[0:n])
#pragma omp target teams distribute parallel for
      for (int i = 1; i < n - 1; i++)
	A[i] = Anew[i];
    }
  return error;
}

__attribute__ ((noinline)) static void
to_only (const float *x, float *y, int n, int steps)
{
  for (int it = 0; it < steps; it++)
    {
#pragma omp target data map(to: x[0:n]) map(from: y[0:n])
#pragma omp target teams distribute parallel for
      for (int i = 0; i < n; i++)
	y[i] = x[i] * it;
    }
}

/* The host reads A inside the data construct: the value before the
   kernel's write comes back at its end.  */
__attribute__ ((noinline)) static float
inside (float *A, int n, int steps)
{
  float seen = 0;
  for (int it = 0; it < steps; it++)
    {
#pragma omp target data map(A[0:n])
      {
#pragma omp target teams distribute parallel for
	for (int i = 0; i < n; i++)
	  A[i] += 1;
	seen += A[0];
      }
    }
  return seen;
}

__attribute__ ((noinline)) static void
devptr (float *x, int n, int steps)
{
  for (int it = 0; it < steps; it++)
    {
#pragma omp target data map(x[0:n]) use_device_ptr(x)
      {
#pragma omp target teams distribute parallel for is_device_ptr(x)
	for (int i = 0; i < n; i++)
	  x[i] += 2;
      }
    }
}

int
main (void)
{
  float *A = (float *) malloc (N * sizeof (float));
  float *Anew = (float *) malloc (N * sizeof (float));
  float *hA = (float *) malloc (N * sizeof (float));
  float *hAnew = (float *) malloc (N * sizeof (float));
  for (int i = 0; i < N; i++)
    A[i] = Anew[i] = hA[i] = hAnew[i] = (i * 37 % 101) / 101.0f;
  float e = stencil (A, Anew, N, 20);
  float he = 0;
  for (int it = 0; it < 20; it++)
    {
      he = 0;
      for (int i = 1; i < N - 1; i++)
	{
	  hAnew[i] = 0.5f * (hA[i - 1] + hA[i + 1]);
	  float d = hAnew[i] > hA[i] ? hAnew[i] - hA[i] : hA[i] - hAnew[i];
	  he = d > he ? d : he;
	}
      for (int i = 1; i < N - 1; i++)
	hA[i] = hAnew[i];
    }
  CHECK (e == he, "stencil: error %g, host %g", e, he);
  for (int i = 0; i < N; i++)
    CHECK (A[i] == hA[i] && Anew[i] == hAnew[i], "stencil: [%d]", i);

  float *x = (float *) malloc (1000 * sizeof (float));
  float *y = (float *) malloc (1000 * sizeof (float));
  for (int i = 0; i < 1000; i++)
    x[i] = i, y[i] = -1;
  to_only (x, y, 1000, 10);
  for (int i = 0; i < 1000; i++)
    CHECK (y[i] == x[i] * 9, "to_only: y[%d] = %g", i, y[i]);

  for (int i = 0; i < 1000; i++)
    A[i] = 5;
  float seen = inside (A, 1000, 10);
  /* Step T sees 5 + T: the kernel's +1 comes back at the end.  */
  CHECK (seen == 10 * 5 + 45, "inside: %g", seen);
  CHECK (A[0] == 15 && A[999] == 15, "inside: A %g %g", A[0], A[999]);

  devptr (x, 1000, 10);
  for (int i = 0; i < 1000; i++)
    CHECK (x[i] == i + 20, "devptr: x[%d] = %g", i, x[i]);
  free (A);
  free (Anew);
  free (hA);
  free (hAnew);
  free (x);
  free (y);
  return 0;
}

/* { dg-final { scan-deepmap-report "data-in-loop.c:32:9: deepmap: hoist: 'A' kept on the device across the loop at data-in-loop.c:29 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } } */
/* { dg-final { scan-deepmap-report "data-in-loop.c:32:9: deepmap: hoist: 'Anew' kept on the device across the loop at data-in-loop.c:29 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } } */
/* { dg-final { scan-deepmap-report "data-in-loop.c:53:9: deepmap: hoist: missed: 'x' not kept on the device across the loop at data-in-loop.c:51 because a target data construct maps it without 'from'" } } */
/* { dg-final { scan-deepmap-report "data-in-loop.c:53:9: deepmap: hoist: 'y' kept on the device across the loop at data-in-loop.c:51 \\(enter data map\\(alloc\\), exit data map\\(from\\)\\)" } } */
/* { dg-final { scan-deepmap-report "data-in-loop.c:68:9: deepmap: hoist: missed: 'A' not kept on the device across the loop at data-in-loop.c:66 because the host accesses it in the loop and a target data construct maps it" } } */
