/* DEEPMAP_STATS=1: per-device counters printed at exit.  Device 0 sees
   two host-to-device copies (a and b, 4 KiB each, by enter data), one
   device-to-host copy (target update from b), one device-to-device copy
   of 100 bytes, a peak of at least 8 KiB and two launches of regions
   without arguments; device 1 is never used.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu,emu" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 2 transfers 8192 bytes, d2h 1 transfers 4096 bytes, d2d 1 transfers 100 bytes\[\r\n\]+" } */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): allocations \[1-9\]\[0-9\]*, peak (819\[2-9\]|8\[2-9\]\[0-9\]\[0-9\]|9\[0-9\]\[0-9\]\[0-9\]|\[1-9\]\[0-9\]\[0-9\]\[0-9\]\[0-9\]+) bytes, launches 2, transfer time \[0-9.\]+ s\[\r\n\]+" } */
/* { dg-output "deepmap: device 1 \\((emu|cuda)\\): h2d 0 transfers 0 bytes, d2h 0 transfers 0 bytes, d2d 0 transfers 0 bytes\[\r\n\]+" } */
/* { dg-output "deepmap: device 1 \\((emu|cuda)\\): allocations 0, peak 0 bytes, launches 0, transfer time \[0-9.\]+ s" } */

#include "dm-check.h"

#define N 1024

int
main (void)
{
  static int a[N], b[N];

  for (int i = 0; i < N; i++)
    a[i] = i, b[i] = 0;

#pragma omp target enter data map(to: a, b) device(0)
  /* Nothing to copy: present, and release never copies.  */
#pragma omp target enter data map(to: a) device(0)
#pragma omp target exit data map(release: a) device(0)
#pragma omp target update from(b) device(0)
  /* Regions that take no arguments.  */
#pragma omp target device(0)
  ;
#pragma omp target device(0)
  ;
#pragma omp target exit data map(release: a, b) device(0)

  void *d1 = omp_target_alloc (100, 0), *d2 = omp_target_alloc (100, 0);
  CHECK (d1 && d2, "omp_target_alloc");
  CHECK (omp_target_memcpy (d2, d1, 100, 0, 0, 0, 0) == 0, "memcpy");
  omp_target_free (d1, 0);
  omp_target_free (d2, 0);
  return 0;
}
