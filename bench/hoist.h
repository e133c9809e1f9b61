/* hoist.h -- shared by bench/hoist-naive.c and bench/hoist-expert.c: the
   kernel sizes, the initial data, the checksum and the timer, so that the
   two versions differ only in where they place their transfers.  */
#ifndef HOIST_H
#define HOIST_H

#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deepmap.h"

/* Sizes: a few MiB per array, so that transfers dominate on a modelled
   PCIe link while the emulated device computes in well under a second.  */
#define J1_N (1 << 20)
#define J1_T 20
#define J2_N 1024
#define J2_T 20
#define H3_N 96
#define H3_T 10
#define FD_NX 1024
#define FD_NY 1024
#define FD_T 20
#define SD_N 512
#define SD_T 4
#define AD_N 512
#define AD_T 4
#define CV_N (1 << 20)
#define CV_MAXIT 40
#define CV_TOL 1e-12
#define RW_N 1024
#define RW_T 20
#define CE_N (1 << 20)
#define CE_T 20
#define DP_N (1 << 20)
#define DP_T 20
#define SO_N (1 << 20)
#define SO_T 20
#define IN_N (1 << 20)
#define IN_T 20
#define LP_N 1024
#define LP_T 20

/* The fields kernel's data: arrays named through pointer fields
   (`g->u[0:n]'), no deep copy.  */
struct hoist_grid
{
  long n;
  double *u, *v;
};

/* The deep kernel's data: a structure whose arrays the kernels reach
   through it (deep copy, with the plugin).  */
struct hoist_field
{
  long n;
  double *u deepmap_counted_by (n);
  double *v deepmap_counted_by (n);
};

/* Deterministic, not all equal, exactly representable start values.  */
static void
hoist_fill (double *a, size_t n, unsigned seed)
{
  for (size_t i = 0; i < n; i++)
    a[i] = (double) ((i * 2654435761u + seed) % 1021) / 1024.0;
}

static double *
hoist_alloc (size_t n, unsigned seed)
{
  double *a = malloc (n * sizeof *a);
  if (!a)
    {
      fprintf (stderr, "hoist: out of memory\n");
      exit (1);
    }
  hoist_fill (a, n, seed);
  return a;
}

/* FNV-1a over the bytes: equal sums mean bitwise equal arrays, short of
   a collision.  */
static uint64_t
hoist_sum (uint64_t h, const double *a, size_t n)
{
  const unsigned char *p = (const unsigned char *) a;
  for (size_t i = 0; i < n * sizeof *a; i++)
    h = (h ^ p[i]) * 1099511628211ull;
  return h;
}

#define HOIST_SUM0 14695981039346656037ull

static void
hoist_report (const char *kernel, double seconds, uint64_t sum)
{
  printf ("kernel=%s seconds=%.6f sum=%016llx\n", kernel, seconds,
	  (unsigned long long) sum);
}

#endif
