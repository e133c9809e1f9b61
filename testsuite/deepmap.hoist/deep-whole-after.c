/* A deep item kept whole whose structure nothing reads after the loop
   while its array is read there, through the program's own copy of the
   pointer: the exit data must bring the array back (before, it released
   the structure as "not read afterwards" and the array's device writes
   were lost: the host read zeros).  Results are those of the host.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* The structure and its array once each way: 16 + 8000 bytes.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 1 transfers 8016 bytes, d2h 1 transfers 8016 bytes" { target offload_device } } */
#include <stdlib.h>
#include "deepmap.h"
#include "check.h"

struct field
{
  long n;
  double *u deepmap_counted_by (n);
};

int
main (void)
{
  long n = 1000;
  double *u = (double *) calloc (n, sizeof *u);
  struct field f = { n, u };
  for (int t = 0; t < 10; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: f)
      for (long i = 0; i < f.n; i++)
	f.u[i] += i;
    }
  for (long i = 0; i < n; i++)
    CHECK (u[i] == 10.0 * i, "u[%ld] = %g", i, u[i]);
  free (u);
  return 0;
}

/* { dg-final { scan-deepmap-report "deep-whole-after.c:28:9: deepmap: hoist: 'f' kept on the device across the loop at deep-whole-after.c:26 \\(enter data map\\(to\\), exit data map\\(from\\)\\), with everything it points to \\(deep\\)" } } */
