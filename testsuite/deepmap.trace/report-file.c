/* DEEPMAP_REPORT=FILE writes the report to FILE, not to stderr (read
   here at exit, after the runtime's handler, registered at the first
   construct, has run).  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_REPORT "report-file.txt" } */
/* { dg-output "report file: deepmap: report: 1\\. duplicate transfer on device 0: 400 bytes in 1 copy\[^\n]*\n" } */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void
check_file (void)
{
  char line[512];
  FILE *f = fopen ("report-file.txt", "r");
  if (!f)
    _exit (1);
  while (fgets (line, sizeof line, f))
    if (!strncmp (line, "deepmap: report: 1.", 19))
      printf ("report file: %s", line);
  fclose (f);
  unlink ("report-file.txt");
  fflush (stdout);
}

int
main (void)
{
  static int a[100];
  atexit (check_file);
  for (int it = 0; it < 2; it++)
    {
#pragma omp target map(to: a)
      a[0]++;
    }
  return 0;
}
