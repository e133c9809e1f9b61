/* The emulated device checks the device pointers programs pass to
   omp_target_memcpy(_rect): a host pointer, a range running past the end
   of an omp_target_alloc block, a wild pointer and another device's
   pointer are each one `deepmap: error:' line, not a silent copy or a
   fault.  (A freed block is caught only once the pool gives its memory
   back to the device: the pool keeps freed blocks for reuse.)  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "emu,emu" } */

#include <stdint.h>

#include "dm-expect-error.h"

static char host_buf[256];
static void *d0, *d1;

static void
host_as_device (void *arg)
{
  (void) arg;
  omp_target_memcpy (host_buf, d0, 64, 0, 0, 0, omp_get_initial_device ());
}

static void
past_the_end (void *arg)
{
  (void) arg;
  omp_target_memcpy (host_buf, d0, 200, 0, 0, omp_get_initial_device (), 0);
}

static void
wild (void *arg)
{
  (void) arg;
  omp_target_memcpy ((void *) (uintptr_t) 0x1000, host_buf, 8, 0, 0, 0,
		     omp_get_initial_device ());
}

static void
other_device (void *arg)
{
  (void) arg;
  omp_target_memcpy (host_buf, d1, 64, 0, 0, omp_get_initial_device (), 0);
}

static void
rect_past_the_end (void *arg)
{
  (void) arg;
  size_t vol[2] = { 4, 64 }, off[2] = { 0, 0 }, dims[2] = { 4, 64 };
  omp_target_memcpy_rect (host_buf, d0, 1, 2, vol, off, off, dims, dims,
			  omp_get_initial_device (), 0);
}

int
main (void)
{
  CHECK (omp_get_num_devices () == 2, "expected 2 emulated devices, got %d",
	 omp_get_num_devices ());
  d0 = omp_target_alloc (128, 0);
  d1 = omp_target_alloc (128, 1);
  CHECK (d0 && d1, "omp_target_alloc failed");
  /* The good cases still work.  */
  CHECK (omp_target_memcpy (d0, host_buf, 128, 0, 0, 0,
			    omp_get_initial_device ()) == 0,
	 "a copy into an omp_target_alloc block failed");
  dm_expect_error ("host pointer as device pointer", host_as_device, NULL,
		   "not device memory of emulated device 0");
  dm_expect_error ("past the end", past_the_end, NULL,
		   "past the end of the 128-byte omp_target_alloc block");
  dm_expect_error ("wild pointer", wild, NULL, "not device memory");
  dm_expect_error ("another device's pointer", other_device, NULL,
		   "not device memory of emulated device 0");
  dm_expect_error ("memcpy_rect past the end", rect_past_the_end, NULL,
		   "omp_target_memcpy_rect");
  return 0;
}
