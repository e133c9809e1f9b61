/* GCC's offload constructor has a destructor that unregisters the image
   at exit, after deepmap has shut its devices down (its atexit handler
   runs first).  With the table also found by the ELF scan, unregistering
   must not reach the devices (before, it reloaded the scanned table on a
   device that was gone and crashed, losing the program's output).  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda,emu" } */
/* { dg-output "program output kept" } */

#include "scanned-image.h"

static void __attribute__ ((constructor))
register_image (void)
{
  scanned_register ();
}

static void __attribute__ ((destructor))
unregister_image (void)
{
  scanned_unregister ();
}

int
main (void)
{
  dm_require_device ();
  for (int dev = 0; dev < 2; dev++)
    CHECK (omp_target_is_present (&scanned_var, dev),
	   "scanned_var not present on device %d", dev);
  /* Buffered: lost if the process crashes at exit.  */
  printf ("program output kept\n");
  return 0;
}
