/* A target update in the loop of a section the program mapped itself
   (enter data outside it, HeCBench's clenergy) moves none of the bytes
   of the function's own arrays: they are kept across the loop.  An
   update that may name a section the constructs map is a no-op in the
   original, where nothing maps it at that point, and would copy in a
   kept one: that section is not kept, and the results stay the
   host's.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* energy (8000 bytes): in once, back once; info: 5 updates of 4000
   bytes; same: 5 maps each way of 'a' (1600 bytes; its update copies
   nothing).  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 11 transfers 36000 bytes, d2h 6 transfers 16000 bytes" { target offload_device } } */
#include <stdlib.h>

#define N 2000
#define M 1000

__attribute__ ((noinline)) static float
energy_sum (void)
{
  float *energy = (float *) malloc (N * sizeof (float));
  float *info = (float *) malloc (M * sizeof (float));
#pragma omp target enter data map(alloc: info[0:M])
  for (int c = 0; c < 5; c++)
    {
      for (int i = 0; i < M; i++)
	info[i] = c + i * 0.001f;
#pragma omp target update to(info[0:M])
#pragma omp target teams distribute parallel for map(tofrom: energy[0:N])
      for (int i = 0; i < N; i++)
	energy[i] = (c ? energy[i] : 0) + info[i % M];
    }
#pragma omp target exit data map(delete: info[0:M])
  float s = 0;
  for (int i = 0; i < N; i++)
    s += energy[i];
  free (energy);
  free (info);
  return s;
}

__attribute__ ((noinline)) static float
same (float *a, int n)
{
  for (int c = 0; c < 5; c++)
    {
      a[c] = c;
#pragma omp target update to(a[0:n])
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
      for (int i = 0; i < n; i++)
	a[i] += 1;
    }
  float s = 0;
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}

int
main (void)
{
  float e = energy_sum ();
  float want = 0;
  static float energy[N], a[400], b[400];
  for (int c = 0; c < 5; c++)
    for (int i = 0; i < N; i++)
      energy[i] += c + (i % M) * 0.001f;
  for (int i = 0; i < N; i++)
    want += energy[i];
  if (e != want)
    abort ();
  float s = same (a, 400);
  for (int c = 0; c < 5; c++)
    {
      b[c] = c;
      for (int i = 0; i < 400; i++)
	b[i] += 1;
    }
  want = 0;
  for (int i = 0; i < 400; i++)
    want += b[i];
  if (s != want)
    abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "update-in-loop.c:30:9: deepmap: hoist: 'energy' kept on the device across the loop at update-in-loop.c:25 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } } */
/* { dg-final { scan-deepmap-report "update-in-loop.c:50:9: deepmap: hoist: missed: 'a' not kept on the device across the loop at update-in-loop.c:46 because a target update in the loop may copy it" } } */
