/* The host side of staged copies runs on several threads
   (DEEPMAP_COPY_THREADS, support/parcopy.c): every byte still lands where
   it belongs, both ways, for sizes that do not divide into the threads'
   parts, with two program threads copying at once (one copy at a time
   goes through the helpers); the helpers are there (named
   deepmap-copy), as many as asked for less the caller.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */
/* { dg-set-target-env-var DEEPMAP_COPY_THREADS "4" } */
/* { dg-set-target-env-var DEEPMAP_CUDA_CHUNK "4M" } */
/* { dg-set-target-env-var DEEPMAP_CUDA_STAGING "16M" } */
/* { dg-set-target-env-var DEEPMAP_CUDA_DIRECT_MAX "256K" } */
/* { dg-set-target-env-var DEEPMAP_CUDA_RING_AFTER "0" } */

#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include "cuda-check.h"

#define MIB ((size_t) 1 << 20)

static void
round_trip (unsigned char *a, size_t n, unsigned seed)
{
  fk_fill (a, n, seed);
#pragma omp target enter data map(to: a[0:n])
  memset (a, 0, n);
#pragma omp target exit data map(from: a[0:n])
  size_t bad = fk_verify (a, n, seed);
  CHECK (bad == n, "%zu bytes, seed %u: byte %zu differs", n, seed, bad);
}

static void *
copier (void *arg)
{
  unsigned seed = (unsigned) (uintptr_t) arg;
  size_t n = 9 * MIB + 4 * seed + 1;
  unsigned char *a = malloc (n);
  CHECK (a != NULL, "out of memory");
  for (int r = 0; r < 3; r++)
    round_trip (a, n, seed + r);
  free (a);
  return NULL;
}

int
main (void)
{
  dm_require_device ();
  /* Whole chunks, a last short one, parts not of whole lines.  */
  static const size_t sizes[] = { 4 * MIB, 13 * MIB + 77, 1 * MIB + 3,
				  256 * 1024 + 1, 3 * MIB - 64 };
  for (unsigned i = 0; i < sizeof sizes / sizeof *sizes; i++)
    {
      unsigned char *a = malloc (sizes[i]);
      CHECK (a != NULL, "out of memory");
      round_trip (a, sizes[i], 10 + i);
      free (a);
    }
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    CHECK (pthread_create (&t[i], NULL, copier, (void *) (uintptr_t) (40 + i))
	   == 0, "pthread_create");
  for (int i = 0; i < 2; i++)
    pthread_join (t[i], NULL);
  /* Three helpers besides the copying thread.  */
  int helpers = 0;
  DIR *d = opendir ("/proc/self/task");
  CHECK (d != NULL, "no /proc/self/task");
  for (struct dirent *e; (e = readdir (d)) != NULL;)
    {
      char path[300], comm[32] = "";
      snprintf (path, sizeof path, "/proc/self/task/%s/comm", e->d_name);
      FILE *f = fopen (path, "r");
      if (f && fgets (comm, sizeof comm, f)
	  && !strncmp (comm, "deepmap-copy", 12))
	helpers++;
      if (f)
	fclose (f);
    }
  closedir (d);
  CHECK (helpers == 3, "%d copy helpers", helpers);
  return 0;
}
