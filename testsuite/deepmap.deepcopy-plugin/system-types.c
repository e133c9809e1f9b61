/* A struct holding a FILE * and a pointer to an opaque type, mapped
   tofrom: deep copy leaves both alone (glibc's FILE has pointers of its
   own, to buffers and to the other streams, and copying them back
   overwrites the library's state), maps the program's own pointer beside
   them, and the stream works during and after the mapping.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
#include <string.h>
#include "deeptests.h"

struct opaque;			/* defined elsewhere, if anywhere */
struct job
{
  FILE *log;			/* { dg-warning "pointer 'log' of 'struct job' points to 'FILE', a type of a system header" } */
  struct opaque *ctx;		/* { dg-warning "pointer 'ctx' of 'struct job' points to 'struct opaque', whose size is unknown" } */
  int n;
  int *v deepmap_counted_by (n);
};

int
main (void)
{
  int dev = omp_get_default_device ();
  static long hidden[4] = { 1, 2, 3, 4 };
  struct job j;
  j.log = tmpfile ();
  CHECK (j.log != NULL);
  j.ctx = (struct opaque *) hidden;
  j.n = 8;
  j.v = xcalloc (j.n, sizeof (int));
  fprintf (j.log, "before;");

#pragma omp target data map(tofrom: j)
  {
    CHECK (omp_target_is_present (j.v, dev));
    CHECK (!omp_target_is_present (j.log, dev));
    CHECK (!omp_target_is_present (hidden, dev));
#pragma omp target
    for (int i = 0; i < j.n; i++)
      j.v[i] = i * i;
    /* The host keeps using the stream while the struct is mapped.  */
    for (int i = 0; i < 200; i++)
      fprintf (j.log, "%d,", i);
  }
  for (int i = 0; i < j.n; i++)
    CHECK (j.v[i] == i * i);
  CHECK (hidden[0] == 1 && hidden[3] == 4);
  fprintf (j.log, "after");
  CHECK (fflush (j.log) == 0);
  rewind (j.log);
  static char text[2048];
  size_t len = fread (text, 1, sizeof text - 1, j.log);
  text[len] = 0;
  CHECK (strncmp (text, "before;0,1,2,", 13) == 0);
  CHECK (strstr (text, "198,199,after") != NULL);
  CHECK (fclose (j.log) == 0);
  free (j.v);
  printf ("system types: ok\n");
  return 0;
}
/* { dg-output "system types: ok" } */
