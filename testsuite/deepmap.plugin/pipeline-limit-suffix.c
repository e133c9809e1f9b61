/* pipeline_mem_limit(256M), as the paper writes it: one preprocessing
   number, which C's lexer called an integer with an invalid suffix (an
   error, then the plugin's own).  The limit is read from its spelling,
   also where a macro gives it; a suffix that is not K, M or G stays an
   error.  */
/* { dg-do compile } */
/* { dg-additional-options "-fplugin-arg-deepmap-report" } */
/* { dg-final { scan-deepmap-report "pipeline-limit-suffix.c:17:28: deepmap: pipelined loop over k: 1 array, chunk size and streams chosen at run time, device memory limit 268435456 bytes" } } */
/* { dg-final { scan-deepmap-report "pipeline-limit-suffix.c:20:28: deepmap: pipelined loop over k: 1 array, chunk size and streams chosen at run time, device memory limit 65536 bytes" } } */
/* { dg-final { scan-deepmap-report "pipeline-limit-suffix.c:23:28: deepmap: pipelined loop over k: 1 array, chunk size and streams chosen at run time, device memory limit 2147483648 bytes" } } */

#define LIMIT 2G

void
f (float *a, int n)
{
  #pragma deepmap pipeline pipeline_map(tofrom: a[k:1]) pipeline_mem_limit(256M)
  for (int k = 0; k < n; k++)
    a[k] += 1;
  #pragma deepmap pipeline pipeline_map(tofrom: a[k:1]) pipeline_mem_limit(64K)
  for (int k = 0; k < n; k++)
    a[k] += 1;
  #pragma deepmap pipeline pipeline_map(tofrom: a[k:1]) pipeline_mem_limit(LIMIT)
  for (int k = 0; k < n; k++)
    a[k] += 1;
  #pragma deepmap pipeline pipeline_map(tofrom: a[k:1]) pipeline_mem_limit(256X) /* { dg-error "expected a positive size with an optional K, M or G" } */
  for (int k = 0; k < n; k++)
    a[k] += 1;
}
