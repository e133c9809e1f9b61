/* Copies back tell read-only host memory from the rest without asking
   the loader at every construct: heap (the program break), large
   mmap'd blocks and the stack are written back; the read-only bytes of
   an object loaded after the first copy back (its ELF header, in its
   first loadable segment) are left alone when the device did not change
   them, which a plain memcpy there would fault on.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>

#include "dm-check.h"

/* The device doubles P[0..N).  */
static void
twice (double *p, int n)
{
#pragma omp target map(tofrom: p[0:n])
  for (int i = 0; i < n; i++)
    p[i] *= 2;
}

static void
check_twice (double *p, int n, const char *what)
{
  for (int i = 0; i < n; i++)
    p[i] = i;
  twice (p, n);
  for (int i = 0; i < n; i++)
    CHECK (p[i] == 2.0 * i, "%s: p[%d] = %g", what, i, p[i]);
}

int
main (void)
{
  /* Heap below and above the break at start, and its growth.  */
  double *small = malloc (16 * sizeof *small);
  check_twice (small, 16, "small heap block");
  char *grow = malloc (200000);	/* may move the break or be mmap'd */
  check_twice ((double *) grow, 25000, "large block");
  double on_stack[100];
  check_twice (on_stack, 100, "stack array");
  /* A range longer than a page in the heap: the loader's answer.  */
  double *pages = malloc (3 * 4096);
  check_twice (pages, 3 * 4096 / sizeof (double), "three pages");

  void *lib = dlopen ("libanl.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib)
    {
      printf ("UNSUPPORTED: no libanl.so.1 to load: %s\n", dlerror ());
      return 0;
    }
  struct link_map *lm = NULL;
  CHECK (dlinfo (lib, RTLD_DI_LINKMAP, &lm) == 0 && lm, "dlinfo failed");
  const unsigned char *hdr = (const unsigned char *) lm->l_addr;
  unsigned char before[64];
  memcpy (before, hdr, sizeof before);
  CHECK (memcmp (before, "\177ELF", 4) == 0, "no ELF header at %p", hdr);

  int sum = 0;
#pragma omp target map(tofrom: hdr[0:64]) map(tofrom: sum)
  for (int i = 0; i < 4; i++)
    sum += hdr[i];
  CHECK (sum == 0x7f + 'E' + 'L' + 'F', "sum = %d", sum);
#pragma omp target enter data map(to: hdr[0:64])
#pragma omp target exit data map(from: hdr[0:64])
  CHECK (memcmp (before, hdr, sizeof before) == 0, "header changed");

  check_twice (small, 16, "small heap block after dlopen");
  dlclose (lib);
  free (pages);
  free (grow);
  free (small);
  return 0;
}
