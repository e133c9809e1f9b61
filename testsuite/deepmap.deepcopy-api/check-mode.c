/* DEEPMAP_CHECK=1: a host pointer field that changes while its structure
   is mapped (the paper's immutability assumption) is reported at unmap by
   type and field name.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
/* { dg-shouldfail "pointer changed while mapped" } */
/* { dg-output "deepmap: error: end of target data on device 0: host pointer field 'next' of struct node at host 0x\[0-9a-f\]+ changed while mapped" } */
#include <omp.h>
#include <stdlib.h>
#include <stddef.h>
#include "deepmap.h"

struct node { int v; struct node *next; };

int
main (void)
{
  struct deepmap_type *t = deepmap_type_new ("struct node",
					     sizeof (struct node));
  deepmap_type_add_pointer (t, "next", offsetof (struct node, next), t,
			    DEEPMAP_COUNT_ONE, 0, 0, 0);
  struct node *b = calloc (1, sizeof *b), *a = calloc (1, sizeof *a);
  struct node *c = calloc (1, sizeof *c);
  a->next = b;
  struct deepmap_annotation ann = { a, t };
  deepmap_annotate (1, &ann);
#pragma omp target data map(tofrom: a[0:1])
  {
    a->next = c;		/* breaks the assumption */
  }
  return 0;
}
