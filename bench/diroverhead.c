/* diroverhead.c -- the directory paper's overhead experiment: three
   vector additions with dependencies, the first on the device, the second
   on the host, the third on the device, written two ways and timed in the
   same run:

     dir    standard map clauses (deepmap's interval directory manages the
            device copies):
              #pragma omp target map(to: a[0:n], b[0:n]) map(from: c[0:n])
                c = a + b
              d = c + a                               (host)
              #pragma omp target map(to: d[0:n], b[0:n]) map(from: e[0:n])
                e = d + b
     plain  the same allocations, transfers and regions through the same
            device layer without the mapping table: omp_target_alloc,
            omp_target_memcpy and is_device_ptr regions (the paper's "plain
            CUDA transfers").

   Both do per iteration 6 allocations, 6 transfers of n doubles
   (a, b in; c out; d, b in; e out), 6 frees and 2 regions.

   Usage: diroverhead [-r REPS] [-t SECONDS] [-m MIN_ITERS] SIZE...

   For each SIZE (elements; suffixes K and M = 1024, 1048576): REPS timed
   runs (default 7), each of I iterations of both variants interleaved
   one by one, I chosen so that a run lasts about SECONDS (default 0.2;
   at least MIN_ITERS, default 2); one line per size:

     diroverhead n=N bytes=B iters=I dir_us=X plain_us=Y overhead_pct=Z
       offload=0|1 ok=0|1

   X and Y are the medians over the runs of the time per iteration, Z is
   100 * (X / Y - 1).  offload=1 when regions do not run on the initial
   device; ok=1 when both variants computed the right e.  */

#define _POSIX_C_SOURCE 200809L
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "benchutil.h"

#define MAX_REPS 64

static double *
xalloc (size_t n)
{
  double *p = malloc (n * sizeof *p);
  if (!p)
    {
      fprintf (stderr, "diroverhead: out of memory (%zu doubles)\n", n);
      exit (2);
    }
  return p;
}

static double *a, *b, *c, *d, *e;

/* One iteration through map clauses.  */
static void
iter_dir (long n)
{
#pragma omp target map(to: a[0:n], b[0:n]) map(from: c[0:n])
  for (long i = 0; i < n; i++)
    c[i] = a[i] + b[i];
  for (long i = 0; i < n; i++)
    d[i] = c[i] + a[i];
#pragma omp target map(to: d[0:n], b[0:n]) map(from: e[0:n])
  for (long i = 0; i < n; i++)
    e[i] = d[i] + b[i];
}

static void *
dalloc (size_t bytes, int dev)
{
  void *p = omp_target_alloc (bytes, dev);
  if (!p)
    {
      fprintf (stderr, "diroverhead: omp_target_alloc (%zu) failed\n", bytes);
      exit (2);
    }
  return p;
}

static void
xcopy (void *dst, const void *src, size_t bytes, int ddev, int sdev)
{
  if (omp_target_memcpy (dst, (void *) src, bytes, 0, 0, ddev, sdev) != 0)
    {
      fprintf (stderr, "diroverhead: omp_target_memcpy failed\n");
      exit (2);
    }
}

/* One iteration with plain allocations and copies.  */
static void
iter_plain (long n, int dev, int host)
{
  size_t bytes = n * sizeof (double);
  double *da = dalloc (bytes, dev), *db = dalloc (bytes, dev);
  double *dc = dalloc (bytes, dev);
  xcopy (da, a, bytes, dev, host);
  xcopy (db, b, bytes, dev, host);
#pragma omp target is_device_ptr(da, db, dc)
  for (long i = 0; i < n; i++)
    dc[i] = da[i] + db[i];
  xcopy (c, dc, bytes, host, dev);
  omp_target_free (da, dev);
  omp_target_free (db, dev);
  omp_target_free (dc, dev);

  for (long i = 0; i < n; i++)
    d[i] = c[i] + a[i];

  double *dd = dalloc (bytes, dev), *db2 = dalloc (bytes, dev);
  double *de = dalloc (bytes, dev);
  xcopy (dd, d, bytes, dev, host);
  xcopy (db2, b, bytes, dev, host);
#pragma omp target is_device_ptr(dd, db2, de)
  for (long i = 0; i < n; i++)
    de[i] = dd[i] + db2[i];
  xcopy (e, de, bytes, host, dev);
  omp_target_free (dd, dev);
  omp_target_free (db2, dev);
  omp_target_free (de, dev);
}

static int
check_e (long n)
{
  for (long i = 0; i < n; i++)
    if (e[i] != 2.0 * n + 0.5)
      return 0;
  return 1;
}

/* One timed run: ITERS iterations of each variant, interleaved one by
   one (alternating which goes first) so that drifts in the machine's state
   (page cache, transparent huge pages, frequency) hit both alike; *TD and
   *TP get the seconds per iteration.  */
static void
time_run (long n, long iters, int dev, int host, double *td, double *tp)
{
  double sd = 0, sp = 0;
  for (long k = 0; k < iters; k++)
    {
      double t0 = bench_now_s ();
      if (k % 2)
	iter_plain (n, dev, host);
      else
	iter_dir (n);
      double t1 = bench_now_s ();
      if (k % 2)
	iter_dir (n);
      else
	iter_plain (n, dev, host);
      double t2 = bench_now_s ();
      sd += k % 2 ? t2 - t1 : t1 - t0;
      sp += k % 2 ? t1 - t0 : t2 - t1;
    }
  *td = sd / iters;
  *tp = sp / iters;
}

static long
parse_size (const char *s)
{
  char *end;
  long v = strtol (s, &end, 10);
  if (*end == 'K' || *end == 'k')
    v *= 1024;
  else if (*end == 'M' || *end == 'm')
    v *= 1024 * 1024;
  return v;
}

int
main (int argc, char **argv)
{
  int reps = 7, min_iters = 2, opt;
  double target_s = 0.2;
  while ((opt = getopt (argc, argv, "r:t:m:")) != -1)
    switch (opt)
      {
      case 'r':
	reps = atoi (optarg);
	break;
      case 't':
	target_s = atof (optarg);
	break;
      case 'm':
	min_iters = atoi (optarg);
	break;
      default:
	fprintf (stderr, "usage: diroverhead [-r REPS] [-t SECONDS] "
		 "[-m MIN_ITERS] SIZE...\n");
	return 2;
      }
  if (reps < 1 || reps > MAX_REPS || optind >= argc)
    {
      fprintf (stderr, "diroverhead: need 1..%d reps and sizes\n", MAX_REPS);
      return 2;
    }
  int dev = omp_get_default_device (), host = omp_get_initial_device ();
  int initial = 1;
#pragma omp target map(from: initial)
  initial = omp_is_initial_device ();

  for (int ai = optind; ai < argc; ai++)
    {
      long n = parse_size (argv[ai]);
      a = xalloc (n);
      b = xalloc (n);
      c = xalloc (n);
      d = xalloc (n);
      e = xalloc (n);
      for (long i = 0; i < n; i++)
	{
	  a[i] = i;
	  b[i] = n - i + 0.25;
	}
      /* Warm up both (first touch, pool), check both results.  */
      int ok = 1;
      memset (e, 0, n * sizeof *e);
      iter_dir (n);
      ok &= check_e (n);
      memset (e, 0, n * sizeof *e);
      iter_plain (n, dev, host);
      ok &= check_e (n);

      /* Iterations per run: about TARGET_S seconds for both variants.  */
      double t1, t2;
      time_run (n, 1, dev, host, &t1, &t2);
      double per = t1 + t2 > 1e-9 ? t1 + t2 : 1e-9;
      long iters = (long) (target_s / per);
      if (iters < min_iters)
	iters = min_iters;

      double td[MAX_REPS], tp[MAX_REPS];
      for (int r = 0; r < reps; r++)
	time_run (n, iters, dev, host, &td[r], &tp[r]);
      double md = bench_median (td, reps), mp = bench_median (tp, reps);
      printf ("diroverhead n=%ld bytes=%ld iters=%ld dir_us=%.3f "
	      "plain_us=%.3f overhead_pct=%.2f offload=%d ok=%d\n", n,
	      n * (long) sizeof (double), iters, md * 1e6, mp * 1e6,
	      100.0 * (md / mp - 1.0), !initial, ok);
      fflush (stdout);
      free (a);
      free (b);
      free (c);
      free (d);
      free (e);
    }
  return 0;
}
