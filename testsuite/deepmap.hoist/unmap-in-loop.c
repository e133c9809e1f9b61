/* A loop that unmaps its array's pages and maps fresh ones at the same
   address (munmap, then mmap with MAP_FIXED) frees it as free would: it
   is not kept across the loop, only across the run of constructs before
   the unmap.  Kept across the loop, its copy outlived the pages and the
   program crashed (an adversarial review).  Results are the host's.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
#include <sys/mman.h>
#include "check.h"

#define PAGE 4096

__attribute__ ((noipa)) static void
run (double *a, int n, int steps)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target map(tofrom: a[0:n])
      for (int i = 0; i < n; i++)
	a[i] += 1;
#pragma omp target map(tofrom: a[0:n])
      for (int i = 0; i < n; i++)
	a[i] *= 2;
#pragma omp target map(tofrom: a[0:n])
      for (int i = 0; i < n; i++)
	a[i] += 3;
#pragma omp target map(tofrom: a[0:n])
      for (int i = 0; i < n; i++)
	a[i] -= 1;
      if (t == 1)
	{
	  munmap (a, PAGE);
	  mmap (a, PAGE, PROT_READ | PROT_WRITE,
		MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
	  for (int i = 0; i < n; i++)
	    a[i] = 5;
	}
    }
}

int
main (void)
{
  double *a = (double *) mmap (0, PAGE, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  CHECK (a != MAP_FAILED, "mmap");
  int n = PAGE / sizeof (double);
  run (a, n, 3);
  for (int i = 0; i < n; i++)
    CHECK (a[i] == 14, "a[%d] = %g", i, a[i]);
  munmap (a, PAGE);
  return 0;
}

/* { dg-final { scan-deepmap-report "unmap-in-loop.c:18:9: deepmap: hoist: 'a' kept on the device from the construct at unmap-in-loop.c:18 to the construct at unmap-in-loop.c:27" } } */
/* { dg-final { scan-deepmap-report-not "deepmap: hoist: 'a' kept on the device across the loop" } } */
