/* Sizes and kinds that make no sense stop the program with one clear
   line before anything is mapped: a negative section length, a section
   that wraps the address space, an unknown map kind, a struct entry
   whose member count runs past the list.  omp_target_alloc of a size no
   device can hold returns NULL (its contract) instead of a small block;
   omp_target_associate_ptr of a wrapping range fails.  */
/* { dg-do run } */
/* On the emulated device even under make check-gpu: its children (dm-expect-
   error.h) fork after the parent started the device, which a CUDA driver
   does not survive.  */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu" } */
/* { dg-require-effective-target offload_device_nonshared_as } */

#include <stdint.h>

#include "dm-expect-error.h"

extern void GOMP_target_enter_exit_data (int, size_t, void **, size_t *,
					 unsigned short *, unsigned int,
					 void **);

static int a[100];

static void
negative_length (void *arg)
{
  int n = *(int *) arg;
  int *p = a;
#pragma omp target enter data map(to: p[0:n])
}

static void
negative_length_update (void *arg)
{
  int n = *(int *) arg;
  int *p = a;
#pragma omp target enter data map(to: a)
#pragma omp target update from(p[0:n])
}

static void
wrapping_section (void *arg)
{
  (void) arg;
  char *p = (char *) (UINTPTR_MAX - 10);
  void *addr[1] = { p };
  size_t size[1] = { 100 };
  unsigned short kind[1] = { 0x01 };	/* to */
  GOMP_target_enter_exit_data (omp_get_default_device (), 1, addr, size,
			       kind, 0, NULL);
}

static void
unknown_kind (void *arg)
{
  (void) arg;
  void *addr[1] = { a };
  size_t size[1] = { sizeof a };
  unsigned short kind[1] = { 0x42 };
  GOMP_target_enter_exit_data (omp_get_default_device (), 1, addr, size,
			       kind, 0, NULL);
}

static void
struct_count (void *arg)
{
  (void) arg;
  void *addr[2] = { a, a };
  size_t size[2] = { 5, sizeof a[0] };	/* 5 members, 1 follows */
  unsigned short kind[2] = { 0x1c, 0x01 };
  GOMP_target_enter_exit_data (omp_get_default_device (), 2, addr, size,
			       kind, 0, NULL);
}

int
main (void)
{
  dm_require_device ();
  int dev = dm_dev ();
  int minus_one = -1;
  dm_expect_error ("negative length", negative_length, &minus_one,
		   "larger than any object");
  dm_expect_error ("negative length in target update",
		   negative_length_update, &minus_one,
		   "larger than any object");
  dm_expect_error ("wrapping section", wrapping_section, NULL,
		   "wraps around the end of the address space");
  dm_expect_error ("unknown map kind", unknown_kind, NULL,
		   "unknown map kind");
  dm_expect_error ("struct member count", struct_count, NULL,
		   "member count");

  void *d = omp_target_alloc (SIZE_MAX - 100, dev);
  CHECK (d == NULL, "omp_target_alloc (SIZE_MAX - 100) returned %p", d);
  d = omp_target_alloc ((size_t) -4, dev);
  CHECK (d == NULL, "omp_target_alloc ((size_t) -4) returned %p", d);
  d = omp_target_alloc (64, dev);
  CHECK (d != NULL, "omp_target_alloc (64) failed");
  CHECK (omp_target_associate_ptr (a, d, SIZE_MAX - 8, 0, dev) != 0,
	 "omp_target_associate_ptr with a wrapping size succeeded");
  CHECK (!omp_target_is_present (a, dev), "a became present");
  omp_target_free (d, dev);
  return 0;
}
