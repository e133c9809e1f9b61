/* A function inlined twice whose loop swaps two pointers: the caller's
   run from the first copy's loop to the second's must not take the
   rotating pointer, a PHI of the loop's header, as a value computed
   before the run (its enter data would use it before the loop sets
   it; the compiler stopped in loopinit).  The pointers' arrays are kept
   across each loop, the accumulator across the run; results are the
   host's.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
#include <stdlib.h>
#include <string.h>

static unsigned buf[2][64], ref[2][64];

static inline __attribute__ ((always_inline)) void
kern (unsigned *p0, unsigned *p1, int n, unsigned *acc)
{
  for (int u = 0; u < 2; u++)
    {
#pragma omp target map(tofrom: p0[0:n])
      for (int i = 0; i < n; i++)
	p0[i] += 1;
#pragma omp target map(tofrom: p0[0:n]) map(tofrom: acc[0:4])
      for (int i = 0; i < n; i++)
	acc[i % 4] += p0[i];
      unsigned *tmp = p0;
      p0 = p1;
      p1 = tmp;
    }
}

static void
host (unsigned *p0, unsigned *p1, int n, unsigned *acc)
{
  for (int u = 0; u < 2; u++)
    {
      for (int i = 0; i < n; i++)
	p0[i] += 1;
      for (int i = 0; i < n; i++)
	acc[i % 4] += p0[i];
      unsigned *tmp = p0;
      p0 = p1;
      p1 = tmp;
    }
}

int
main (void)
{
  unsigned acc[4] = { 0, 0, 0, 0 }, want[4] = { 0, 0, 0, 0 };
  for (int b = 0; b < 2; b++)
    for (int i = 0; i < 64; i++)
      buf[b][i] = ref[b][i] = b * 1000 + i * 7;
  kern (buf[0], buf[1], 48, acc);
  kern (buf[0], buf[1], 48, acc);
  host (ref[0], ref[1], 48, want);
  host (ref[0], ref[1], 48, want);
  if (memcmp (acc, want, sizeof acc) || memcmp (buf, ref, sizeof buf))
    abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "run-of-rotations.c:19:9: deepmap: hoist: 'p0' kept on the device across the loop at run-of-rotations.c:17 \\(enter data map\\(to\\), exit data map\\(from\\)\\), with every array it trades places with" } } */
/* { dg-final { scan-deepmap-report "run-of-rotations.c:22:9: deepmap: hoist: 'acc' kept on the device from the loop at run-of-rotations.c:17 to the loop at run-of-rotations.c:17" } } */
