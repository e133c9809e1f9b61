/* DEEPMAP_REPORT=FILE that cannot be written: one warning at exit, and
   the program's result stands.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_REPORT "/nonexistent/report.txt" } */
/* { dg-output "deepmap: warning: DEEPMAP_REPORT=/nonexistent/report\\.txt: cannot write the report: No such file or directory" } */

int
main (void)
{
  int x = 1;
#pragma omp target map(tofrom: x)
  x++;
  return x == 2 ? 0 : 1;
}
