/* dlclose-main.c -- dlopen dlclose-lib.so, let it map its static data,
   dlclose it, open it again (dlclose-unmap.exp).  */
#include <dlfcn.h>
#include <omp.h>
#include <stdio.h>

int
main (int argc, char **argv)
{
  int dev = omp_get_default_device ();
  for (int round = 0; round < 2; round++)
    {
      void *h = dlopen (argv[1], RTLD_NOW);
      if (!h)
	{
	  printf ("dlopen failed: %s\n", dlerror ());
	  return 1;
	}
      int *(*map) (int) = (int *(*) (int)) dlsym (h, "lib_map");
      int (*sum) (void) = (int (*) (void)) dlsym (h, "lib_sum");
      if (!map || !sum)
	return 1;
      /* The second round maps new values: a stale device copy left by the
	 first would make the region sum the old ones.  */
      int *g = map (round + 1);
      int s = sum ();
      printf ("round %d: sum %d (expected %d), present %d\n", round, s,
	      64 * (round + 1), omp_target_is_present (g, dev));
      if (s != 64 * (round + 1))
	return 1;
      dlclose (h);
      if (omp_target_is_present (g, dev))
	{
	  printf ("round %d: the library's data is still present after "
		  "dlclose\n", round);
	  return 1;
	}
    }
  printf ("ok\n");
  return 0;
}
