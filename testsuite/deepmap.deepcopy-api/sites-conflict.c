/* Two registered descriptions of one construct that differ cannot both
   be right: the runtime stops with one line instead of guessing.  */
/* { dg-do run } */
/* { dg-shouldfail "conflicting sites" } */
#include "capi.h"

struct vec { long n; double *data; };
static unsigned short kinds[2] = { 1, 1 };

int
main (void)
{
  /* Any OpenMP call: the program links libgomp.so.1.  */
  CHECK (omp_get_default_device () >= 0);
  struct deepmap_type *t = deepmap_type_new ("struct vec", sizeof (struct vec));
  CHECK (t != NULL);
  struct deepmap_site a[1] = { { kinds, 0, t } };
  struct deepmap_site b[1] = { { kinds, 1, t } };
  deepmap_register_sites (a, 1);
  deepmap_register_sites (a, 1);	/* the same description again: fine */
  deepmap_register_sites (b, 1);
  puts ("not reached");
  return 0;
}
/* { dg-output "deepmap: error: deep copy: two registered descriptions of the construct with map kinds at 0x\[0-9a-f\]+ differ" } */
