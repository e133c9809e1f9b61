/* benchutil.h -- timing and statistics helpers shared by the benchmark
   programs in bench/ and bench/cuda/.  Header-only (static inline) so
   that each program still builds from its one source file with the
   plain compiler lines of the run scripts.  */
#ifndef BENCHUTIL_H
#define BENCHUTIL_H

#include <stdlib.h>
#include <time.h>

/* Monotonic clock, in nanoseconds: immune to wall-clock adjustments.  */
static inline double
bench_now_ns (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* The same clock in seconds.  */
static inline double
bench_now_s (void)
{
  return bench_now_ns () * 1e-9;
}

/* qsort comparator for doubles, ascending.  */
static inline int
bench_cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* Median of V[0..N-1] (N >= 1); sorts V in place.  With N even, the mean
   of the two middle values.  */
static inline double
bench_median (double *v, int n)
{
  qsort (v, n, sizeof *v, bench_cmp_double);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

#endif /* BENCHUTIL_H */
