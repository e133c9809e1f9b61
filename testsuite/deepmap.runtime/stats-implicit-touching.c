/* Two VLAs side by side on the stack, which a region maps implicitly
   (tofrom, GCC's implicit map of arrays it uses): they get one block
   before either is entered, so the construct moves none of its own data
   (no device-to-device copy, two allocations: the block and the
   region's argument block).  Before, the second fused (moved) the
   first's block, found by running LLVM's OMPT tracing tests.  A present
   implicit item still uses what is present (implicit-*.c).  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 2 transfers 32000 bytes, d2h 2 transfers 32000 bytes, d2d 0 transfers 0 bytes\[\r\n\]+" } */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): allocations 2, peak \[0-9\]+ bytes, launches 1, transfer time \[0-9.\]+ s" } */

#include "dm-check.h"

__attribute__ ((noipa)) static int
run (int n)
{
  int a[n], b[n];
  for (int i = 0; i < n; i++)
    {
      a[i] = 0;
      b[i] = i;
    }
#pragma omp target parallel for
  for (int j = 0; j < n; j++)
    a[j] = b[j] + 1;
  CHECK_INTS (a, n, i + 1, "a");
  CHECK_INTS (b, n, i, "b");
  return (char *) a - (char *) b;
}

int
main (void)
{
  int gap = run (4000);
  /* The counts say something only where the arrays do touch.  */
  CHECK (gap == 16000 || gap == -16000, "the VLAs do not touch: %d", gap);
  return 0;
}
