/* A target construct inside a target region: OpenMP leaves it
   unspecified and on a GPU no runtime serves it (GCC's nvptx libgomp
   stops at it).  On the emulated device the region's code could call the
   runtime again; it waited forever for a lock the region's launch holds.
   One error line naming the construct and the device.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu" } */
/* { dg-shouldfail "target construct in a region" } */
/* { dg-output "deepmap: error: target inside a target region on device 0: a construct nested in a region has no runtime on a GPU" } */

int
main (void)
{
  int a[4] = { 1, 2, 3, 4 };
#pragma omp target map(tofrom: a)
  {
#pragma omp target map(tofrom: a) /* { dg-warning "inside of 'target' region" } */
    a[0] += 10;
  }
  return a[0] == 11 ? 2 : 3;
}
