/* Sections that touch (no common byte) fuse into one device block, in
   either order, and a section that contains several present ones fuses
   them all; present bytes keep their device values through every move,
   and per-byte counts keep each section's lifetime its own.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dir-check.h"

#define N 64

static int a[N];

int
main (void)
{
  int dev = dm_dev ();
  int buf[N];
  int *p8 = &a[8], *p16 = &a[16], *p24 = &a[24], *p32 = &a[32];
  int *p36 = &a[36], *p40 = &a[40], *p50 = &a[50];
  dm_require_device ();

  for (int i = 0; i < N; i++)
    a[i] = i;

  /* Growing upwards: a[0:8], then a[8:8], then a[16:8].  */
#pragma omp target enter data map(to: a[0:8])
#pragma omp target enter data map(to: p8[0:8])
  dir_check_range (a, 16, sizeof a[0], dev, "a[0:16] after a[8:8]");
#pragma omp target enter data map(to: p16[0:8])
  dir_check_range (a, 24, sizeof a[0], dev, "a[0:24] after a[16:8]");
  CHECK (!omp_target_is_present (&a[24], dev), "a[24] present");

  /* Growing downwards: a[32:4] first, then a[24:8] touching both.  */
#pragma omp target enter data map(to: p32[0:4])
#pragma omp target enter data map(to: p24[0:8])
  dir_check_range (a, 36, sizeof a[0], dev, "a[0:36] after a[24:8]");
  dm_dev_read (buf, a, 36 * sizeof a[0], dev);
  CHECK_INTS (buf, 36, i, "device a[0:36]");

  /* Device-only values, then a section containing two present ones and
     the gaps around them: a[40:4] and a[50:4] inside a[36:24].  */
#pragma omp target enter data map(to: p40[0:4])
#pragma omp target enter data map(to: p50[0:4])
  int *q = a;
#pragma omp target map(alloc: q[0:36], p40[0:4], p50[0:4])
  {
    for (int i = 0; i < 36; i++)
      q[i] += 100;
    for (int i = 0; i < 4; i++)
      {
	p40[i] += 100;
	p50[i] += 100;
      }
  }
  for (int i = 0; i < N; i++)
    a[i] = -1;
  for (int i = 36; i < 60; i++)
    a[i] = 200 + i;
#pragma omp target enter data map(to: p36[0:24])
  dir_check_range (a, 60, sizeof a[0], dev, "a[0:60] after a[36:24]");
  CHECK (!omp_target_is_present (&a[60], dev), "a[60] present");
  dm_dev_read (buf, a, 60 * sizeof a[0], dev);
  for (int i = 0; i < 60; i++)
    {
      int want = (i < 36 || (i >= 40 && i < 44) || (i >= 50 && i < 54))
		 ? i + 100 : 200 + i;
      CHECK (buf[i] == want, "device a[%d] = %d, expected %d", i, buf[i],
	     want);
    }

  /* The device copy of a[36:60] changes again (+1000), through the
     containing section's pointer.  */
#pragma omp target map(alloc: p36[0:24])
  for (int i = 0; i < 24; i++)
    p36[i] += 1000;

  /* Counts: a[40:44] and a[50:54] have 2, the rest 1.  Remove a[36:24]:
     a[40:44] and a[50:54] stay (in the same block, at the same device
     offsets) and are not copied back; the rest of a[36:60] goes and is
     copied back.  */
#pragma omp target exit data map(from: p36[0:24])
  dir_check_range (a, 36, sizeof a[0], dev, "a[0:36] after exit of a[36:24]");
  dir_check_range (p40, 4, sizeof a[0], dev, "a[40:4] after exit of a[36:24]");
  dir_check_range (p50, 4, sizeof a[0], dev, "a[50:4] after exit of a[36:24]");
  dir_check_offset (a, 50 * sizeof a[0], dev, "a[50] vs a[0]");
  dir_check_absent (&a[36], 4, sizeof a[0], dev, "a[36:4]");
  dir_check_absent (&a[44], 6, sizeof a[0], dev, "a[44:6]");
  dir_check_absent (&a[54], 10, sizeof a[0], dev, "a[54:10]");
  for (int i = 36; i < 60; i++)
    {
      int kept = (i >= 40 && i < 44) || (i >= 50 && i < 54);
      int want = kept ? 200 + i : 1200 + i;
      CHECK (a[i] == want, "host a[%d] = %d after exit of a[36:24], expected %d",
	     i, a[i], want);
    }

#pragma omp target exit data map(from: a[0:8])
#pragma omp target exit data map(from: p8[0:8])
#pragma omp target exit data map(from: p16[0:8])
#pragma omp target exit data map(from: p24[0:8])
#pragma omp target exit data map(from: p32[0:4])
#pragma omp target exit data map(from: p40[0:4])
#pragma omp target exit data map(from: p50[0:4])
  for (int i = 0; i < 60; i++)
    {
      int kept = (i >= 40 && i < 44) || (i >= 50 && i < 54);
      int want = i < 36 ? i + 100 : kept ? i + 1100 : 1200 + i;
      CHECK (a[i] == want, "host a[%d] = %d at the end, expected %d", i,
	     a[i], want);
    }
  dir_check_absent (a, N, sizeof a[0], dev, "a at the end");

  /* Touching sections in one construct.  */
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma omp target data map(to: a[0:8]) map(to: p8[0:8]) map(tofrom: p16[0:8])
  {
    dir_check_range (a, 24, sizeof a[0], dev, "a[0:24] in one construct");
#pragma omp target map(alloc: q[0:24])
    for (int i = 0; i < 24; i++)
      q[i] = -q[i];
  }
  CHECK_INTS (a, 16, i, "host a[0:16] (map to) after the construct");
  CHECK_INTS (a + 16, 8, -(i + 16), "host a[16:24] (map tofrom)");
  dir_check_absent (a, N, sizeof a[0], dev, "a at the very end");
  return 0;
}
