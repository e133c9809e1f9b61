/* A section that no construct maps on every path through a loop is
   entered right before the first construct that maps it (once, by a
   flag), not on the way into the loop: there the enter data would map,
   and the exit data copy back, memory the program as written never
   maps, which need not exist (found by an adversarial review; each a
   crash, a silent overwrite or a fatal error before):
   - guarded: the kernel runs only when its section is valid, called
     once with a length far past its array;
   - early_exit: the loop may be left before its kernel;
   - device_guard: the kernel runs only on a device that exists (under
     OMP_TARGET_OFFLOAD=mandatory the enter data on a device that does
     not was an error);
   - every_other: the kernel runs on some steps only;
   - scalar: a variable's own bytes, under a test.
   Where every path maps it the enter data stays on the way in:
   - zero_trips: a loop of a count not known, called with none and a
     null array: GCC tests the count before the loop;
   - counted: the loop's first test decided by the values it starts
     with (`s->it = 0; while (s->it < 8)').
   Results are the host's; no section is mapped where the program maps
   none (DEEPMAP_STATS counts only the calls that run kernels).  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
#include <omp.h>
#include <stdlib.h>
#include "check.h"

__attribute__ ((noipa)) static void
guarded (double *a, long n, int steps, int ok)
{
  for (int t = 0; t < steps; t++)
    if (ok)
      {
#pragma omp target map(tofrom: a[0:n])
	for (long i = 0; i < n; i++)
	  a[i] += 1;
      }
}

__attribute__ ((noipa)) static void
early_exit (double *a, long n, int steps, volatile int *stop)
{
  for (int t = 0; t < steps; t++)
    {
      if (*stop)
	break;
#pragma omp target map(tofrom: a[0:n])
      for (long i = 0; i < n; i++)
	a[i] += 1;
    }
}

__attribute__ ((noipa)) static void
device_guard (double *a, long n, int steps, int dev)
{
  int devices = omp_get_num_devices ();
  for (int t = 0; t < steps; t++)
    if (dev < devices)
      {
#pragma omp target map(tofrom: a[0:n]) device(dev)
	for (long i = 0; i < n; i++)
	  a[i] += 1;
      }
}

__attribute__ ((noipa)) static void
zero_trips (double *a, long n, int steps)
{
  for (int t = 0; t < steps; t++)
    {
#pragma omp target map(tofrom: a[0:n])
      for (long i = 0; i < n; i++)
	a[i] += 1;
    }
}

__attribute__ ((noipa)) static void
every_other (double *a, long n, int steps)
{
  for (int t = 0; t < steps; t++)
    if (t % 2)
      {
#pragma omp target map(tofrom: a[0:n])
	for (long i = 0; i < n; i++)
	  a[i] += 1;
      }
}

__attribute__ ((noipa)) static double
scalar (int steps, int ok)
{
  double x = 1.0;
  for (int t = 0; t < steps; t++)
    if (ok)
      {
#pragma omp target map(tofrom: x)
	x *= 2;
      }
  return x;
}

struct state { int it; double *a; long n; };

__attribute__ ((noipa)) static void
counted (struct state *s)
{
  double *a = s->a;
  long n = s->n;
  s->it = 0;
  while (s->it < 8)
    {
#pragma omp target map(tofrom: a[0:n])
      for (long i = 0; i < n; i++)
	a[i] += 1;
      s->it++;
    }
}

#define N 64
#define FAR (1L << 26)

int
main (void)
{
  double *a = (double *) calloc (N, sizeof *a);
  double *b = (double *) calloc (N, sizeof *b);
  volatile int stop = 0;
  guarded (a, N, 3, 1);
  guarded (b, FAR, 3, 0);
  early_exit (a, N, 3, &stop);
  stop = 1;
  early_exit (b, FAR, 3, &stop);
  device_guard (a, N, 2, 0);
  device_guard (b, FAR, 2, omp_get_num_devices () + 5);
  zero_trips (a, N, 1);
  zero_trips (NULL, FAR, 0);
  every_other (a, N, 3);
  every_other (b, FAR, 1);
  int devs = omp_get_num_devices () > 0;
  for (int i = 0; i < N; i++)
    {
      CHECK (a[i] == 3 + 3 + 2 * devs + 1 + 1, "a[%d] = %g", i, a[i]);
      CHECK (b[i] == 0, "b[%d] = %g", i, b[i]);
    }
  CHECK (scalar (4, 1) == 16 && scalar (4, 0) == 1, "scalar");
  struct state s = { 5, a, N };
  counted (&s);
  CHECK (a[N - 1] == 3 + 3 + 2 * devs + 1 + 1 + 8 && s.it == 8, "counted: %g", a[N - 1]);
  free (a);
  free (b);
  return 0;
}

/* { dg-final { scan-deepmap-report "speculative.c:34:9: deepmap: hoist: 'a' kept on the device across the loop at speculative.c:31 \\(enter data map\\(to\\), exit data map\\(from\\)\\), entered at the first construct that maps it \\(no construct maps it on every path\\)" } } */
/* { dg-final { scan-deepmap-report "speculative.c:47:9: deepmap: hoist: 'a' kept on the device across the loop at speculative.c:43 \\(enter data map\\(to\\), exit data map\\(from\\)\\), entered at the first construct that maps it \\(no construct maps it on every path\\)" } } */
/* { dg-final { scan-deepmap-report "speculative.c:60:9: deepmap: hoist: 'a' kept on the device across the loop at speculative.c:57 \\(enter data map\\(to\\), exit data map\\(from\\)\\), entered at the first construct that maps it \\(no construct maps it on every path\\)" } } */
/* { dg-final { scan-deepmap-report "speculative.c:83:9: deepmap: hoist: 'a' kept on the device across the loop at speculative.c:80 \\(enter data map\\(to\\), exit data map\\(from\\)\\), entered at the first construct that maps it \\(no construct maps it on every path\\)" } } */
/* { dg-final { scan-deepmap-report "speculative.c:96:9: deepmap: hoist: 'x' kept on the device across the loop at speculative.c:93 \\(enter data map\\(to\\), exit data map\\(from\\)\\), entered at the first construct that maps it \\(no construct maps it on every path\\)" } } */
/* { dg-final { scan-deepmap-report "speculative.c:71:9: deepmap: hoist: 'a' kept on the device across the loop at speculative.c:69 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } } */
/* { dg-final { scan-deepmap-report-not "speculative.c:71:9: deepmap: hoist: 'a' kept\[^\n\]*entered at the first" } } */
/* { dg-final { scan-deepmap-report "speculative.c:112:9: deepmap: hoist: 'a' kept on the device across the loop at speculative.c:110 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } } */
/* { dg-final { scan-deepmap-report-not "speculative.c:112:9: deepmap: hoist: 'a' kept\[^\n\]*entered at the first" } } */
