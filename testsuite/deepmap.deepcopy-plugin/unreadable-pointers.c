/* Pointers a program holds but never dereferences may point nowhere: an
   uninitialized field, a block unmapped since or never readable (here a
   reserved page without access, which nothing else can take over).  Deep copy
   follows every pointer; it must not fault reading through these (an
   outside campaign: a SIGSEGV inside the runtime).  They are left as the
   host has them, as a program that never dereferences them expects, and
   DEEPMAP_CHECK does not report them.  Readable targets are still
   followed.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
#include "deeptests.h"
#include <stdint.h>
#include <sys/mman.h>

struct holder
{
  int n;
  double *grid deepmap_counted_by (n);	/* points nowhere */
  double *gone deepmap_counted_by (n);	/* no access */
  double *live deepmap_counted_by (n);	/* a real array */
  int mode;
};

int
main (void)
{
  int dev = omp_get_default_device ();
  struct holder h;
  h.n = 4;
  h.grid = (double *) (uintptr_t) 0xdead0;
  void *block = mmap (NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
		      -1, 0);
  CHECK (block != MAP_FAILED);
  h.gone = (double *) block;
  h.live = (double *) xcalloc (4, sizeof (double));
  h.mode = 2;
  int r = 0;

#pragma omp target map(tofrom: h) map(from: r)
  {
    r = h.mode == 1 ? (int) h.grid[0] : 10 * h.n;
    for (int i = 0; i < h.n; i++)
      h.live[i] = i + (h.gone != 0);
  }
  CHECK (r == 40);
  for (int i = 0; i < 4; i++)
    CHECK (h.live[i] == i + 1);
  CHECK (h.grid == (double *) (uintptr_t) 0xdead0 && h.gone == block);
  CHECK (!omp_target_is_present (h.live, dev));
  printf ("unreadable pointers: ok\n");
  return 0;
}
/* { dg-output "unreadable pointers: ok" } */
