/* DEEPMAP_CHECK=1: a counted_by count changed while its structure is
   mapped by enter data is reported at exit data (exit data would release
   fewer elements than enter data mapped).  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
/* { dg-shouldfail "count changed while mapped" } */
/* { dg-output "deepmap: error: target exit data: the count of pointer field 'v' of struct vec at host 0x\[0-9a-f\]+ changed while mapped \\(was 8, now 3 elements\\)" } */
#include "deeptests.h"

struct vec
{
  int n;
  double *v deepmap_counted_by (n);
};

int
main (void)
{
  struct vec s;
  s.n = 8;
  s.v = xcalloc (8, sizeof (double));
#pragma omp target enter data map(to: s)
  CHECK (omp_target_is_present (&s.v[7], omp_get_default_device ()));
  s.n = 3;			/* breaks the assumption */
#pragma omp target exit data map(from: s)
  printf ("not reached\n");
  return 0;
}
