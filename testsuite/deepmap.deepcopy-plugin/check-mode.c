/* DEEPMAP_CHECK=1 with plugin-emitted descriptors: a host pointer field
   changed while its list is mapped by enter data is reported at exit data
   by type and field name.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
/* { dg-shouldfail "pointer changed while mapped" } */
/* { dg-output "deepmap: error: target exit data( on device \[0-9\]+)?: host pointer field 'next' of struct node at host 0x\[0-9a-f\]+ changed while mapped \\(was 0x\[0-9a-f\]+, now 0x\[0-9a-f\]+\\)" } */
#include "deeptests.h"

struct node
{
  int v;
  struct node *next;
};

int
main (void)
{
  struct node *c = calloc (1, sizeof *c), *b = calloc (1, sizeof *b);
  struct node *a = calloc (1, sizeof *a), *other = calloc (1, sizeof *other);
  a->next = b;
  b->next = c;
#pragma omp target enter data map(to: a[0:1])
  CHECK (omp_target_is_present (c, omp_get_default_device ()));
  b->next = other;		/* breaks the assumption */
#pragma omp target exit data map(from: a[0:1])
  printf ("not reached\n");
  return 0;
}
