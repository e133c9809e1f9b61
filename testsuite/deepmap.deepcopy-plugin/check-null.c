/* DEEPMAP_CHECK=1: a pointer field set to NULL while its tree is mapped
   by enter data is reported at exit data (the exit traversal used to
   skip the NULL field, leaving its record behind).  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
/* { dg-shouldfail "pointer set to NULL while mapped" } */
/* { dg-output "deepmap: error: target exit data: host pointer field 'right' of struct tree at host 0x\[0-9a-f\]+ changed while mapped \\(was 0x\[0-9a-f\]+, now NULL\\)" } */
#include "deeptests.h"

struct tree
{
  struct tree *left, *right;
  long key;
};

int
main (void)
{
  struct tree *t = xcalloc (3, sizeof *t);
  t[0].left = &t[1];
  t[0].right = &t[2];
  t[2].key = 2;
#pragma omp target enter data map(to: t[0:1])
  CHECK (omp_target_is_present (&t[2], omp_get_default_device ()));
  t[0].right = NULL;		/* breaks the assumption */
#pragma omp target exit data map(from: t[0:1])
  printf ("not reached\n");
  return 0;
}
