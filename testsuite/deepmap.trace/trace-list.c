/* DEEPMAP_TRACE=list keeps the text listing of map items (as =1 does);
   no timeline file is written.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_TRACE "list" } */
/* { dg-output "deepmap: trace: target on device 0: item 0 kind 0x\[0-9a-f]+ host 0x\[0-9a-f]+ size 4 -> device 0x" } */

#include <stdlib.h>
#include <unistd.h>

int
main (void)
{
  int x = 1;
#pragma omp target map(tofrom: x)
  x++;
  if (x != 2 || access ("list", F_OK) == 0)
    abort ();
  return 0;
}
