/* Pointer fields at unaligned offsets (packed structures) are attached,
   skipped by copy-back and rewritten when fusion moves what they point
   to, exactly as aligned ones.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
#include "deeptests.h"

struct __attribute__ ((packed)) pk
{
  char tag;
  int n;
  double *v deepmap_counted_by (n);
  char pad[3];
  double *w deepmap_counted_by (n);
};

int
main (void)
{
  int dev = omp_get_default_device ();
  double *big = xcalloc (64, sizeof (double));
  double *other = xcalloc (8, sizeof (double));
  struct pk *s = xcalloc (1, sizeof *s);
  s->tag = 'x';
  s->n = 5;
  s->v = big + 10;
  s->w = other;

#pragma omp target enter data map(to: s[0:1])
  CHECK (omp_target_is_present (big + 10, dev));
  CHECK (!omp_target_is_present (big, dev));
  /* Fusion: the whole array gets one block; the device copy of s->v
     must follow it.  */
#pragma omp target enter data map(to: big[0:64])
#pragma omp target
  {
    for (int i = 0; i < s->n; i++)
      {
	s->v[i] = 100.0 + i;
	s->w[i] = 200.0 + i;
      }
  }
  CHECK (big[10] == 0.0 && other[0] == 0.0);
#pragma omp target exit data map(from: big[0:64])
#pragma omp target exit data map(from: s[0:1])
  for (int i = 0; i < 5; i++)
    CHECK (big[10 + i] == 100.0 + i && other[i] == 200.0 + i);
  /* Copy-back left the host pointers whole.  */
  CHECK (s->v == big + 10 && s->w == other && s->tag == 'x');
  CHECK (!omp_target_is_present (s, dev));
  printf ("packed pointer slots: ok\n");
  return 0;
}
