// pipeline_mem_limit(1G) in C++, where the lexer takes 1G for a
// user-defined literal: the limit is read from its spelling, as in C
// (pipeline-limit-suffix.c), a macro's too; an unknown suffix is an error.
// { dg-do compile }
// { dg-additional-options "-fplugin-arg-deepmap-report" }
// { dg-final { scan-deepmap-report "pipeline-limit-suffix-cxx.C:18:29: deepmap: pipelined loop over row: 1 array, chunk size and streams as given, device memory limit 1073741824 bytes" } }
// { dg-final { scan-deepmap-report "pipeline-limit-suffix-cxx.C:27:30: deepmap: pipelined loop over row: 2 arrays, chunk size and streams chosen at run time, device memory limit 4194304 bytes" } }
#include <vector>

#define SLOTS_LIMIT 4M

struct grid
{
  std::vector<double> v, w;
  int rows, cols;
  void scale (double *p, int n, int m)
  {
    #pragma deepmap pipeline(static[2,2]) pipeline_map(tofrom: p[row:1][0:m]) pipeline_mem_limit(1G)
    for (int row = 0; row < n; row++)
      {
	#pragma omp target
	p[row * m] *= 2;
      }
  }
  void copy (const double *src, double *dst, int n, int m)
  {
    #pragma deepmap pipeline pipeline_map(to: src[row:1][0:m]) pipeline_map(from: dst[row:1][0:m]) pipeline_mem_limit(SLOTS_LIMIT)
    for (int row = 0; row < n; row++)
      {
	#pragma omp target
	dst[row * m] = src[row * m];
      }
  }
  void bad (double *p, int n)
  {
    #pragma deepmap pipeline pipeline_map(tofrom: p[row:1]) pipeline_mem_limit(8Q) // { dg-error "expected a positive size with an optional K, M or G" }
    for (int row = 0; row < n; row++)
      p[row] += 1;
  }
};

void
use (grid &g)
{
  g.scale (g.v.data (), g.rows, g.cols);
  g.copy (g.v.data (), g.w.data (), g.rows, g.cols);
  g.bad (g.v.data (), g.rows);
}
