/* A large declare target variable on the emulated device, whose region
   code reaches it at its host address: a .bss array's device copy reads
   as zeros (not the pool's poison) without a copy of them; where the
   device copy equals the host value on entry, the region's writes at the
   host address go to the device copy and the host keeps its value, and
   writes through a device pointer the region loads from memory (not an
   argument) stay on the device, in other pages.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include "dm-check.h"

#define N (4 << 20)		/* 16 MiB */

#pragma omp declare target
int G[N];
int *gp;
#pragma omp end declare target

int
main (void)
{
  int dev = dm_dev ();
  dm_require_device ();
  long sum = -1;
#pragma omp target map(from: sum)
  {
    long s = 0;
    for (int i = 0; i < N; i++)
      s += G[i] != 0;
    sum = s;
  }
  CHECK (sum == 0, "%ld nonzero elements in the fresh device copy", sum);

  for (int i = 0; i < N; i++)
    G[i] = i;
#pragma omp target update to(G)
  /* At the host address, device copy equal to the host value.  */
#pragma omp target
  G[1] = 100;
  int v[2];
  CHECK (G[1] == 1, "host G[1] = %d after the region, expected 1", G[1]);
  dm_dev_read (v, &G[1], sizeof v[0], dev);
  CHECK (v[0] == 100, "device G[1] = %d, expected 100", v[0]);

  /* Through a device pointer loaded from memory, in another page.  */
  gp = dm_mapped (G, dev);
#pragma omp target update to(gp)
  gp = G;
#pragma omp target
  {
    G[2] = 200;
    gp[N - 1] = 300;
  }
  CHECK (G[2] == 2 && G[N - 1] == N - 1, "host G[2], G[N-1] = %d %d",
	 G[2], G[N - 1]);
  dm_dev_read (&v[0], &G[2], sizeof v[0], dev);
  dm_dev_read (&v[1], &G[N - 1], sizeof v[1], dev);
  CHECK (v[0] == 200 && v[1] == 300, "device G[2], G[N-1] = %d %d", v[0],
	 v[1]);
#pragma omp target update from(G)
  CHECK (G[1] == 100 && G[2] == 200 && G[N - 1] == 300 && G[3] == 3,
	 "host G after update from: %d %d %d %d", G[1], G[2], G[N - 1],
	 G[3]);
  return 0;
}
