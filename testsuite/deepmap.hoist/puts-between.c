/* printf ("...\n") between two constructs, which GCC makes a puts of a
   string literal (&"..."[0]), reads no array of the program: the arrays
   stay on the device from the first construct to the second.  Results
   are the host's.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 2 transfers 8000 bytes, d2h 1 transfers 4000 bytes" { target offload_device } } */
#include <stdio.h>
#include <stdlib.h>

#define N 1000

__attribute__ ((noinline)) static void
two_steps (int *items, int *ref, int n)
{
#pragma omp target teams distribute parallel for map(to: ref[0:n]) \
	map(tofrom: items[0:n])
  for (int i = 0; i < n; i++)
    items[i] += ref[i];
  printf ("between the two steps\n");
#pragma omp target teams distribute parallel for map(to: ref[0:n]) \
	map(tofrom: items[0:n])
  for (int i = 0; i < n; i++)
    items[i] -= ref[(i + 1) % n];
}

int
main (void)
{
  int *items = (int *) malloc (N * sizeof (int));
  int *ref = (int *) malloc (N * sizeof (int));
  for (int i = 0; i < N; i++)
    {
      items[i] = i;
      ref[i] = i % 13;
    }
  two_steps (items, ref, N);
  for (int i = 0; i < N; i++)
    if (items[i] != i + i % 13 - (i + 1) % N % 13)
      abort ();
  free (items);
  free (ref);
  return 0;
}

/* { dg-final { scan-deepmap-report "puts-between.c:16:9: deepmap: hoist: 'items' kept on the device from the construct at puts-between.c:16 to the construct at puts-between.c:21" } } */
/* { dg-final { scan-deepmap-report "puts-between.c:16:9: deepmap: hoist: 'ref' kept on the device from the construct at puts-between.c:16 to the construct at puts-between.c:21" } } */
