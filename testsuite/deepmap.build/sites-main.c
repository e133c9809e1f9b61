/* sites-main.c -- open sites-lib.so, map a structure deeply through it,
   close it, open it again (sites-dlclose.exp).  */
#include <dlfcn.h>
#include <omp.h>
#include <stdio.h>

struct vec
{
  long n;
  int *data;
};

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
      struct vec *(*enter) (int) = (struct vec *(*) (int)) dlsym (h, "lib_enter");
      int (*sum) (struct vec *) = (int (*) (struct vec *)) dlsym (h, "lib_sum");
      void (*leave) (struct vec *) = (void (*) (struct vec *)) dlsym (h, "lib_exit");
      if (!enter || !sum || !leave)
	return 1;
      struct vec *p = enter (round + 1);
      int deep = omp_target_is_present (p->data, dev);
      int s = sum (p);
      leave (p);
      printf ("round %d: deep %d, sum %d (expected %d)\n", round, deep, s,
	      64 * (round + 1));
      if (!deep || s != 64 * (round + 1))
	return 1;
      dlclose (h);
    }
  puts ("ok");
  return 0;
}
