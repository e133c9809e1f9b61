/* dlopen-main.c -- a program that does not link libgomp and dlopens an
   -fopenmp library, as Python does with an extension (dlopen-tls.exp).  */
#include <dlfcn.h>
#include <stdio.h>

int
main (int argc, char **argv)
{
  if (argc != 2)
    return 2;
  void *h = dlopen (argv[1], RTLD_NOW);
  if (!h)
    {
      printf ("dlopen failed: %s\n", dlerror ());
      return 1;
    }
  int (*run) (int) = (int (*) (int)) dlsym (h, "dlopen_lib_run");
  if (!run)
    return 1;
  int s = run (100);
  printf (s == 5050 ? "ok\n" : "wrong sum %d\n", s);
  return s != 5050;
}
