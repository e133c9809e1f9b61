/* Two structures point to one buffer, with counts 4 and 8.  A run of
   constructs that crosses the start of a target data construct is not
   kept on the device: its exit data would come inside the target data,
   whose mapping of A's elements holds the whole buffer's mapping, so the
   copy-back of what the constructs through B wrote would wait for the
   target data's end, which copies back A's 4 elements only (B's last
   four were lost).  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
#include <stdlib.h>
#include "check.h"
#include "deepmap.h"

struct root
{
  int m;
  double *w deepmap_counted_by (m);
};

int
main (void)
{
  double *buf = (double *) calloc (8, sizeof (double));
  struct root a = { 4, buf }, b = { 8, buf };
#pragma omp target map(tofrom: a, b)
  b.w[7] = 1;
#pragma omp target data map(tofrom: a)
  {
#pragma omp target map(tofrom: b)
    b.w[6] = 2;
#pragma omp target map(tofrom: a)
    a.w[0] = 3;
  }
  CHECK (buf[7] == 1, "buf[7] = %g", buf[7]);
  CHECK (buf[6] == 2, "buf[6] = %g", buf[6]);
  CHECK (buf[0] == 3, "buf[0] = %g", buf[0]);
  free (buf);
  return 0;
}

/* { dg-final { scan-deepmap-report "run-across-target-data.c:24:9: deepmap: hoist: missed: 'b' not kept on the device from the construct at run-across-target-data.c:24 to the construct at run-across-target-data.c:30 because the start or the end of a target data construct is between the constructs, not both" } } */
