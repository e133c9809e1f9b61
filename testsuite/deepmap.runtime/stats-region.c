/* DEEPMAP_STATS=1 for one target region with map(to: a) map(tofrom: b)
   (4 KiB each): two host-to-device data transfers of 8192 bytes in all,
   one device-to-host of 4096 bytes, one launch.  The region's argument
   block (the translated addresses) is not counted as a data transfer.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 2 transfers 8192 bytes, d2h 1 transfers 4096 bytes, d2d 0 transfers 0 bytes\[\r\n\]+" } */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): allocations \[1-9\]\[0-9\]*, peak \[0-9\]+ bytes, launches 1, transfer time \[0-9.\]+ s" } */

#include "dm-check.h"

#define N 1024

int
main (void)
{
  static int a[N], b[N];

  for (int i = 0; i < N; i++)
    a[i] = i, b[i] = 0;
#pragma omp target map(to: a) map(tofrom: b) device(0)
  for (int i = 0; i < N; i++)
    b[i] = a[i] + 1;
  CHECK_INTS (b, N, i + 1, "b");
  return 0;
}
