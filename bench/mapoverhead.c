/* mapoverhead.c -- cost of one mapping operation, with many others live.

   Standard OpenMP only, so the same source builds with GCC (run under the
   deepmap swap-in libgomp) and with clang-14 (run under LLVM 14's
   libomptarget, x86_64 host device).  See bench/README.

   Usage: mapoverhead [-l LABEL] [-n ITERS] [-r REPS] [-s SEED] LIVE...

   For each LIVE count: LIVE distinct 128-byte heap objects are mapped with
   `target enter data', in random order, so the runtime's table holds them
   as a real program's would.  Then two loops are timed:

     enter_exit   ITERS times: `target enter data map(to: o[0:16])' and
                  `target exit data map(from: o[0:16])' of an object that
                  is not mapped (round robin over a pool of unmapped
                  objects whose addresses lie among the live ones);
     data_region  ITERS times: `target data map(tofrom: p[0:16]) {}' with
                  p one of the live (present) objects.

   Each loop runs REPS times; the median ns per iteration is printed, one
   line per LIVE count:

     mapoverhead runtime=LABEL live=N iters=I reps=R enter_exit_ns=X
       data_region_ns=Y offload=0|1 discrete=0|1

   offload=1 when a target region does not run on the initial device;
   discrete=1 when a mapped object's device copy is separate from the host
   copy (a host write after mapping is not seen on the device).  Both are
   checks that the numbers measure a real mapping, not host fallback.  */

#define _POSIX_C_SOURCE 200809L
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "benchutil.h"

#define OBJ_DOUBLES 16		/* 128 bytes */
#define POOL 4096		/* unmapped objects cycled by enter_exit */
#define MAX_REPS 64

#ifdef __clang__
#define DEFAULT_LABEL "llvm14"
#else
#define DEFAULT_LABEL "deepmap"
#endif

static uint64_t rng_state;

static uint64_t
rng_next (void)
{
  /* xorshift64* */
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return rng_state * 2685821657736338717ULL;
}

static void
shuffle (double **a, size_t n)
{
  for (size_t i = n; i > 1; i--)
    {
      size_t j = rng_next () % i;
      double *t = a[i - 1];
      a[i - 1] = a[j];
      a[j] = t;
    }
}

static void *
xmalloc (size_t n)
{
  void *p = malloc (n);
  if (!p)
    {
      fprintf (stderr, "mapoverhead: out of memory (%zu bytes)\n", n);
      exit (2);
    }
  return p;
}

/* One enter+exit pair on a fresh object.  Kept out of line so both
   compilers emit the same shape of loop around it.  */
static __attribute__ ((noinline)) void
enter_exit (double *o)
{
  (void) o;			/* used only by the directives */
#pragma omp target enter data map(to: o[0:OBJ_DOUBLES])
#pragma omp target exit data map(from: o[0:OBJ_DOUBLES])
}

static __attribute__ ((noinline)) void
data_region (double *p)
{
  (void) p;
#pragma omp target data map(tofrom: p[0:OBJ_DOUBLES])
  {
    __asm__ __volatile__ ("" : : : "memory");
  }
}

static double
time_enter_exit (double **pool, long iters)
{
  double t0 = bench_now_ns ();
  for (long i = 0; i < iters; i++)
    enter_exit (pool[i % POOL]);
  return (bench_now_ns () - t0) / iters;
}

static double
time_data_region (double *p, long iters)
{
  double t0 = bench_now_ns ();
  for (long i = 0; i < iters; i++)
    data_region (p);
  return (bench_now_ns () - t0) / iters;
}

/* Does a target region run off the initial device, and does it see a
   separate copy of mapped data?  */
static void
check_offload (int *offload, int *discrete)
{
  double probe[OBJ_DOUBLES] = { 0 };
  int initial = 1;
  double seen = -1;

#pragma omp target map(from: initial)
  initial = omp_is_initial_device ();

  probe[0] = 1;
#pragma omp target enter data map(to: probe[0:OBJ_DOUBLES])
  probe[0] = 2;
#pragma omp target map(from: seen)
  seen = probe[0];
#pragma omp target exit data map(release: probe[0:OBJ_DOUBLES])

  *offload = !initial;
  *discrete = seen == 1;
}

static void
usage (void)
{
  fprintf (stderr, "usage: mapoverhead [-l LABEL] [-n ITERS] [-r REPS] "
	   "[-s SEED] LIVE...\n");
  exit (2);
}

int
main (int argc, char **argv)
{
  const char *label = DEFAULT_LABEL;
  long iters = 200000;
  int reps = 5;
  uint64_t seed = 12345;
  int opt;

  while ((opt = getopt (argc, argv, "l:n:r:s:")) != -1)
    switch (opt)
      {
      case 'l':
	label = optarg;
	break;
      case 'n':
	iters = atol (optarg);
	break;
      case 'r':
	reps = atoi (optarg);
	break;
      case 's':
	seed = strtoull (optarg, NULL, 0);
	break;
      default:
	usage ();
      }
  if (optind >= argc || iters < 1 || reps < 1 || reps > MAX_REPS)
    usage ();

  int offload, discrete;
  check_offload (&offload, &discrete);

  for (int a = optind; a < argc; a++)
    {
      char *end;
      long live = strtol (argv[a], &end, 10);
      if (*end || live < 0)
	usage ();
      rng_state = seed ? seed : 1;

      /* Allocate the live objects, the pool and the present object
	 together, then shuffle: the pool and the present object get
	 addresses spread among the live ones, and the live ones are
	 entered in random address order.  */
      size_t total = (size_t) live + POOL;
      double **obj = xmalloc (total * sizeof *obj);
      for (size_t i = 0; i < total; i++)
	{
	  obj[i] = xmalloc (OBJ_DOUBLES * sizeof (double));
	  for (int k = 0; k < OBJ_DOUBLES; k++)
	    obj[i][k] = (double) i + k;
	}
      shuffle (obj, total);
      double **pool = obj;
      double **livev = obj + POOL;
      /* The present object for the data-region loop: a live one when
	 there are any, else one more object mapped alone.  */
      double *present = live ? livev[rng_next () % live]
			     : xmalloc (OBJ_DOUBLES * sizeof (double));

      for (long i = 0; i < live; i++)
	{
	  double *o = livev[i];
	  (void) o;
#pragma omp target enter data map(to: o[0:OBJ_DOUBLES])
	}
      if (!live)
	{
	  memset (present, 0, OBJ_DOUBLES * sizeof (double));
#pragma omp target enter data map(to: present[0:OBJ_DOUBLES])
	}

      /* Warm up: device allocator, caches, lazy initialisation.  */
      long warm = iters < 20000 ? iters : 20000;
      time_enter_exit (pool, warm);
      time_data_region (present, warm);

      double ee[MAX_REPS], dr[MAX_REPS];
      for (int r = 0; r < reps; r++)
	{
	  ee[r] = time_enter_exit (pool, iters);
	  dr[r] = time_data_region (present, iters);
	}

      printf ("mapoverhead runtime=%s live=%ld iters=%ld reps=%d "
	      "enter_exit_ns=%.1f data_region_ns=%.1f offload=%d "
	      "discrete=%d\n", label, live, iters, reps,
	      bench_median (ee, reps), bench_median (dr, reps), offload,
	      discrete);
      fflush (stdout);

      for (long i = 0; i < live; i++)
	{
	  double *o = livev[i];
	  (void) o;
#pragma omp target exit data map(release: o[0:OBJ_DOUBLES])
	}
      if (!live)
	{
#pragma omp target exit data map(release: present[0:OBJ_DOUBLES])
	  free (present);
	}
      for (size_t i = 0; i < total; i++)
	free (obj[i]);
      free (obj);
    }
  return 0;
}
