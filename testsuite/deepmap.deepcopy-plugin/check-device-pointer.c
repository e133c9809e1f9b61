/* DEEPMAP_CHECK=1: after a construct attaches its pointers, the device
   copy of every pointer field the descriptors know holds the device
   address of its target.  Here the program overwrites the device copy of
   a.next with the host address of b while the list is mapped: the
   emulated device would still read b through it (region code runs in the
   host address space), a GPU would not.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
/* { dg-shouldfail "host address in the device copy of a pointer field" } */
/* { dg-output "deepmap: error: target on device 0: the device copy of pointer field 'next' of struct node at host 0x\[0-9a-f\]+ holds the host address 0x\[0-9a-f\]+ \\(untranslated\\), not the device address 0x\[0-9a-f\]+ of its target" } */
#include <stddef.h>
#include "deeptests.h"

struct node
{
  int v;
  struct node *next;
};

int
main (void)
{
  struct node *b = xcalloc (1, sizeof *b), *a = xcalloc (1, sizeof *a);
  int dev = omp_get_default_device ();
  a->next = b;
  b->v = 7;
#pragma omp target enter data map(to: a[0:1])
  char *da = omp_get_mapped_ptr (a, dev);
  CHECK (da != NULL);
  /* The host address of b into the device copy of a->next.  */
  CHECK (omp_target_memcpy (da + offsetof (struct node, next), &b,
			    sizeof b, 0, 0, dev,
			    omp_get_initial_device ()) == 0);
  int v = 0;
#pragma omp target map(to: a[0:1]) map(from: v)
  v = a->next->v;
  printf ("not reached: %d\n", v);
  return 0;
}
