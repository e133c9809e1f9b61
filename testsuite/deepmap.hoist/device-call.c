/* Device functions the kernels call, not inlined (Rodinia's hotspot,
   XSBench's lookups): what they do with their pointer parameters is
   summarized from their bodies, through the parallel regions they start
   and the device functions they call.  An input only read there is not
   copied back after the loop; one a device function writes, directly or
   through another one, is.  Results are the host's.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* reads: t and r in (8000 bytes), r back; nested: t, r and p in
   (12000), r back; writes: t and r in and back (8000 each way).  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 7 transfers 28000 bytes, d2h 4 transfers 16000 bytes" { target offload_device } } */
#include <stdlib.h>
#include <string.h>

#define N 1000

#pragma omp declare target
__attribute__ ((noinline)) float
sum3 (const float *t, int i)
{
  return t[i - 1] + t[i] + t[i + 1];
}

__attribute__ ((noinline)) void
row (float *r, const float *t, const float *p, int n)
{
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    r[i] = sum3 (t, i) + p[i];
}

__attribute__ ((noinline)) void
bump (float *t, int i)
{
  t[i] += 1;
}

__attribute__ ((noinline)) float
bump_then_read (float *t, int i)
{
  bump (t, i);
  return t[i];
}
#pragma omp end declare target

static void
init (float *t, float *r, float *p)
{
  for (int i = 0; i < N; i++)
    {
      t[i] = i % 5;
      r[i] = 0;
      p[i] = 0.5f * (i % 3);
    }
}

__attribute__ ((noinline)) static void
reads (float *t, float *r)
{
  for (int it = 0; it < 10; it++)
    {
#pragma omp target teams distribute parallel for map(tofrom: t[0:N], r[0:N])
      for (int i = 1; i < N - 1; i++)
	r[i] += sum3 (t, i);
    }
}

__attribute__ ((noinline)) static void
nested (float *t, float *r, float *p)
{
  for (int it = 0; it < 10; it++)
    {
#pragma omp target map(tofrom: t[0:N], r[0:N], p[0:N])
      row (r, t, p, N);
    }
}

__attribute__ ((noinline)) static void
writes (float *t, float *r)
{
  for (int it = 0; it < 10; it++)
    {
#pragma omp target teams distribute parallel for map(tofrom: t[0:N], r[0:N])
      for (int i = 1; i < N - 1; i++)
	r[i] = bump_then_read (t, i);
    }
}

int
main (void)
{
  static float t[N], r[N], p[N], ht[N], hr[N], hp[N];
  init (t, r, p);
  init (ht, hr, hp);
  reads (t, r);
  nested (t, r, p);
  writes (t, r);
  for (int it = 0; it < 10; it++)
    for (int i = 1; i < N - 1; i++)
      hr[i] += sum3 (ht, i);
  for (int it = 0; it < 10; it++)
    row (hr, ht, hp, N);
  for (int it = 0; it < 10; it++)
    for (int i = 1; i < N - 1; i++)
      hr[i] = bump_then_read (ht, i);
  if (memcmp (t, ht, sizeof t) || memcmp (r, hr, sizeof r))
    abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "device-call.c:62:9: deepmap: hoist: 't' kept on the device across the loop at device-call.c:60 \\(enter data map\\(to\\), exit data map\\(release\\)\\), not copied back: no construct writes it" } } */
/* { dg-final { scan-deepmap-report "device-call.c:73:9: deepmap: hoist: 't' kept on the device across the loop at device-call.c:71 \\(enter data map\\(to\\), exit data map\\(release\\)\\), not copied back: no construct writes it" } } */
/* { dg-final { scan-deepmap-report "device-call.c:73:9: deepmap: hoist: 'p' kept on the device across the loop at device-call.c:71 \\(enter data map\\(to\\), exit data map\\(release\\)\\), not copied back: no construct writes it" } } */
/* { dg-final { scan-deepmap-report "device-call.c:83:9: deepmap: hoist: 't' kept on the device across the loop at device-call.c:81 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } } */
