/* Deep items registered as static sites (deepmap_register_sites, what
   the plugin's constructor calls): a construct whose map-kind array has
   sites maps its item deeply, the same array after
   deepmap_unregister_sites maps it shallowly, and an explicit
   deepmap_annotate still applies to a construct without sites.  The
   GOMP_* call is made by hand so that the test controls the arrays.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */
#include "capi.h"

extern void GOMP_target_enter_exit_data (int, size_t, void **, size_t *,
					 unsigned short *, unsigned int,
					 void **);

struct vec { long n; double *data; };

/* Entry 1 is the deep item; entry 0 a plain array beside it.  */
static unsigned short kinds_enter[2] = { 1 /* to */, 1 };
static unsigned short kinds_exit[2] = { 2 /* from */, 2 };
static unsigned short kinds_other[1] = { 1 };
static double plain[8];

static void
enter_exit (struct vec *v, int exit_data)
{
  void *addrs[2] = { plain, v };
  size_t sizes[2] = { sizeof plain, sizeof *v };
  GOMP_target_enter_exit_data (-1, 2, addrs, sizes,
			       exit_data ? kinds_exit : kinds_enter,
			       exit_data ? 2 /* GOMP_TARGET_FLAG_EXIT_DATA */
					 : 0, NULL);
}

int
main (void)
{
  int dev = omp_get_default_device ();
  struct deepmap_type *dbl = deepmap_type_new ("double", sizeof (double));
  struct deepmap_type *t = deepmap_type_new ("struct vec", sizeof (struct vec));
  CHECK (t != NULL && dbl != NULL);
  CHECK (deepmap_type_add_pointer (t, "data", offsetof (struct vec, data),
				   dbl, DEEPMAP_COUNT_FIELD,
				   offsetof (struct vec, n), sizeof (long), 1)
	 == 0);
  struct vec v = { 16, calloc (16, sizeof (double)) };
  for (int i = 0; i < 16; i++)
    v.data[i] = i;

  struct deepmap_site sites[2] = { { kinds_enter, 1, t },
				   { kinds_exit, 1, t } };
  deepmap_register_sites (sites, 2);
  enter_exit (&v, 0);
  CHECK (omp_target_is_present (&v, dev));
  CHECK (omp_target_is_present (plain, dev));
  CHECK (omp_target_is_present (v.data, dev));
  enter_exit (&v, 1);
  CHECK (!omp_target_is_present (&v, dev));
  CHECK (!omp_target_is_present (v.data, dev));

  /* Gone: the same construct is shallow now.  */
  deepmap_unregister_sites (sites, 2);
  enter_exit (&v, 0);
  CHECK (omp_target_is_present (&v, dev));
  CHECK (!omp_target_is_present (v.data, dev));
  enter_exit (&v, 1);
  CHECK (!omp_target_is_present (&v, dev));

  /* A construct without sites still takes an explicit annotation.  */
  deepmap_register_sites (sites, 2);
  struct deepmap_annotation ann = { &v, t };
  deepmap_annotate (1, &ann);
  void *addrs[1] = { &v };
  size_t sizes[1] = { sizeof v };
  GOMP_target_enter_exit_data (-1, 1, addrs, sizes, kinds_other, 0, NULL);
  CHECK (omp_target_is_present (v.data, dev));
  enter_exit (&v, 1);
  CHECK (!omp_target_is_present (v.data, dev));
  deepmap_unregister_sites (sites, 2);

  for (int i = 0; i < 16; i++)
    CHECK (v.data[i] == i);
  free (v.data);
  deepmap_type_free (t);
  deepmap_type_free (dbl);
  puts ("sites ok");
  return 0;
}
/* { dg-output "sites ok" } */
