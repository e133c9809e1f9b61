/* Randomized test of the directory under concurrency: several host
   threads, each with its own range of one array (the ranges touch, so
   their sections fuse into shared device blocks and move while the
   other threads' work is queued), run seeded random cycles of mapping
   constructs, synchronous or nowait with depend chains, against a model
   of their range: after each cycle the host values are what the model
   says and nothing of the range is present.

   A cycle picks sections [a, b) of the thread's range (mostly reaching
   its ends) and [c, d) inside it, and one of:
     A  enter data to [a, b); region +1 on [c, d) (present); exit data
	from [a, b)
     B  region map(tofrom) +1 on [c, d)
     C  enter data alloc [a, b); update to [c, d); region +1 on [c, d);
	update from [c, d); exit data release [a, b)
     D  enter data to [a, b) twice; region map(tofrom: [c, d)) +1 (the
	contained section is not copied back: the count stays above
	zero); exit data from [a, b) twice (the last copies back)
   In every case the host gets +1 on [c, d) and nothing else changes.

   Usage: random-threads.exe [SEED [CYCLES]].  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include <stdint.h>

#include "dir-check.h"

#define T 4
#define N 64			/* ints per thread */

static int A[T * N];
static int model[T * N];
static unsigned long long seed0 = 20261124ULL;
static int cycles = 2000;

static uint64_t
next (uint64_t *x)
{
  uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

static void
cycle (int *p, int a, int b, int c, int d, int type, int nowait)
{
  int *s = p + a, *q = p + c;
  int len = b - a, qlen = d - c;
  if (nowait)
    switch (type)
      {
      case 0:
	{
#pragma omp target enter data map(to: s[0:len]) nowait depend(inout: p[0])
#pragma omp target map(alloc: q[0:qlen]) nowait depend(inout: p[0])
	for (int i = 0; i < qlen; i++)
	  q[i]++;
#pragma omp target exit data map(from: s[0:len]) nowait depend(inout: p[0])
	break;
	}
      case 1:
	{
#pragma omp target map(tofrom: q[0:qlen]) nowait depend(inout: p[0])
	for (int i = 0; i < qlen; i++)
	  q[i]++;
	break;
	}
      case 2:
	{
#pragma omp target enter data map(alloc: s[0:len]) nowait depend(inout: p[0])
#pragma omp target update to(q[0:qlen]) nowait depend(inout: p[0])
#pragma omp target map(alloc: q[0:qlen]) nowait depend(inout: p[0])
	for (int i = 0; i < qlen; i++)
	  q[i]++;
#pragma omp target update from(q[0:qlen]) nowait depend(inout: p[0])
#pragma omp target exit data map(release: s[0:len]) nowait depend(inout: p[0])
	break;
	}
      default:
	{
#pragma omp target enter data map(to: s[0:len]) nowait depend(inout: p[0])
#pragma omp target enter data map(to: s[0:len]) nowait depend(inout: p[0])
#pragma omp target map(tofrom: q[0:qlen]) nowait depend(inout: p[0])
	for (int i = 0; i < qlen; i++)
	  q[i]++;
#pragma omp target exit data map(from: s[0:len]) nowait depend(inout: p[0])
#pragma omp target exit data map(from: s[0:len]) nowait depend(inout: p[0])
	break;
	}
      }
  else
    switch (type)
      {
      case 0:
	{
#pragma omp target enter data map(to: s[0:len])
#pragma omp target map(alloc: q[0:qlen])
	for (int i = 0; i < qlen; i++)
	  q[i]++;
#pragma omp target exit data map(from: s[0:len])
	break;
	}
      case 1:
	{
#pragma omp target map(tofrom: q[0:qlen])
	for (int i = 0; i < qlen; i++)
	  q[i]++;
	break;
	}
      case 2:
	{
#pragma omp target enter data map(alloc: s[0:len])
#pragma omp target update to(q[0:qlen])
#pragma omp target map(alloc: q[0:qlen])
	for (int i = 0; i < qlen; i++)
	  q[i]++;
#pragma omp target update from(q[0:qlen])
#pragma omp target exit data map(release: s[0:len])
	break;
	}
      default:
	{
#pragma omp target enter data map(to: s[0:len])
#pragma omp target enter data map(to: s[0:len])
#pragma omp target map(tofrom: q[0:qlen])
	for (int i = 0; i < qlen; i++)
	  q[i]++;
#pragma omp target exit data map(from: s[0:len])
#pragma omp target exit data map(from: s[0:len])
	break;
	}
      }
#pragma omp taskwait
}

int
main (int argc, char **argv)
{
  if (argc > 1)
    seed0 = strtoull (argv[1], NULL, 0);
  if (argc > 2)
    cycles = atoi (argv[2]);
  int dev = dm_dev ();
  dm_require_device ();
  for (int i = 0; i < T * N; i++)
    A[i] = model[i] = i;
#pragma omp parallel num_threads(T)
  {
    int t = omp_get_thread_num ();
    int *p = &A[t * N], *m = &model[t * N];
    uint64_t x = seed0 * 1000003ULL + (uint64_t) t;
    for (int k = 0; k < cycles; k++)
      {
	int a = (int) (next (&x) % N);
	int b = a + 1 + (int) (next (&x) % (N - a));
	/* Mostly sections that reach the ends of the range: they touch
	   the neighbours' and fuse with them.  */
	if (next (&x) % 4 != 0)
	  a = 0;
	if (next (&x) % 4 != 0)
	  b = N;
	int c = a + (int) (next (&x) % (b - a));
	int d = c + 1 + (int) (next (&x) % (b - c));
	int type = (int) (next (&x) % 4), nowait = (int) (next (&x) % 2);
	cycle (p, a, b, c, d, type, nowait);
	for (int i = c; i < d; i++)
	  m[i]++;
	for (int i = 0; i < N; i++)
	  {
	    CHECK (p[i] == m[i], "seed %llu thread %d cycle %d (type %c%s, "
		   "[%d,%d) in [%d,%d)): host [%d] = %d, the model says %d",
		   seed0, t, k, 'A' + type, nowait ? ", nowait" : "", c, d, a,
		   b, i, p[i], m[i]);
	    CHECK (!omp_target_is_present (&p[i], dev),
		   "seed %llu thread %d cycle %d (type %c): [%d] still "
		   "present", seed0, t, k, 'A' + type, i);
	  }
      }
  }
  return 0;
}
