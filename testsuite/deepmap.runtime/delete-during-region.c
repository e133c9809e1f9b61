/* exit data map(delete:) of an array while a region on another thread
   still runs on it: the device memory must not be handed to the next
   mapping before the region ends, or the region's writes land in that
   mapping's device copy.  Thread 1 runs a region on X that waits, then
   writes X; thread 2 deletes X meanwhile and maps Y (same size), then
   lets the region go on.  Y's device copy must keep Y's values.  */
/* { dg-do run } */
/* { dg-skip-if "the region calls host functions, which nvptx code cannot" { offload_target_nvptx } } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include <sched.h>
#include <stdint.h>

#include "dm-check.h"

#define N 4096
#define ROUNDS 20

static int x[N], y[N];
static volatile int started, go, done;

int
main (void)
{
  int dev = dm_dev ();
  dm_require_device ();
  /* Region code on the emulated device is host code: it reaches the
     flags through their host addresses, passed as integers.  */
  uintptr_t startedp = (uintptr_t) &started, gop = (uintptr_t) &go;
  for (int r = 0; r < ROUNDS; r++)
    {
      for (int i = 0; i < N; i++)
	x[i] = i, y[i] = 5;
      started = go = done = 0;
#pragma omp target enter data map(to: x)
#pragma omp parallel num_threads(2)
      {
	if (omp_get_thread_num () == 0)
	  {
#pragma omp target map(alloc: x) firstprivate(startedp, gop)
	    {
	      *(volatile int *) startedp = 1;
	      while (!*(volatile int *) gop)
		sched_yield ();
	      for (int i = 0; i < N; i++)
		x[i] = 777;
	    }
	    done = 1;
	  }
	else
	  {
	    while (!started)
	      sched_yield ();
#pragma omp target exit data map(delete: x)
#pragma omp target enter data map(to: y)
	    go = 1;
	    while (!done)
	      sched_yield ();
	    int buf[N];
	    dm_dev_read (buf, y, sizeof buf, dev);
	    CHECK_INTS (buf, N, 5, "device y after the region on deleted x");
#pragma omp target exit data map(delete: y)
	  }
      }
    }
  return 0;
}
