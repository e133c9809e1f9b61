/* DEEPMAP_TRACE_LIMIT bounds the events kept: later ones are dropped,
   counted in the file's metadata and reported once at exit; the file
   is still well formed.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_TRACE "./trace-limit.json" } */
/* { dg-set-target-env-var DEEPMAP_TRACE_LIMIT "20" } */
/* { dg-output "DEEPMAP_TRACE=./trace-limit.json: \[0-9\]+ events beyond the limit of 20 were dropped.*trace-check: OK" } */

#include "trace-test.h"

int
main (void)
{
  TRACE_TEST ("dropped");
  int x = 0;
  for (int i = 0; i < 50; i++)
    {
#pragma omp target map(tofrom: x)
      x++;
    }
  if (x != 50)
    abort ();
  return 0;
}
