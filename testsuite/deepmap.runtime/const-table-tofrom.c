/* A `static const' table that regions read: GCC 12 maps it implicitly
   tofrom, and a program may name it so too.  Its bytes live in read-only
   memory, which a copy back would fault (HeCBench's adamw crashed inside
   the runtime): unchanged by the device, they are left as they are, by
   synchronous and nowait regions and by exit data alike.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dm-check.h"

static const float qmap[] = { 0.f, 0.25f, 0.5f, 0.75f, 1.f, 1.25f, 1.5f,
			      1.75f };

static inline float
lookup (const float *__restrict t, int i)
{
  return t[i & 7];
}

int
main (void)
{
  float out[64];
  for (int it = 0; it < 2; it++)
    {
#pragma omp target teams distribute parallel for map(from: out[0:64])
      for (int i = 0; i < 64; i++)
	out[i] = lookup (qmap, i) + it;
      for (int i = 0; i < 64; i++)
	CHECK (out[i] == qmap[i & 7] + it, "out[%d] = %g", i, out[i]);
    }
#pragma omp target map(tofrom: qmap) map(from: out[0:8]) nowait
  for (int i = 0; i < 8; i++)
    out[i] = 2 * qmap[i];
#pragma omp taskwait
  CHECK (out[7] == 3.5f, "out[7] = %g", out[7]);
#pragma omp target enter data map(to: qmap)
#pragma omp target exit data map(from: qmap)
  CHECK (!omp_target_is_present (qmap, dm_dev ()));
  return 0;
}
