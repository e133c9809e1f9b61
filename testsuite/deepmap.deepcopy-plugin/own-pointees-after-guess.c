/* A hand-written deep copy built with the plugin: the enter data of the
   array maps each s[i].p as one element (a guess, warned), then the
   program maps every s[i].p[:M] itself, each extending its one-element
   mapping (a fusion).  Every fusion rewrites the attached pointers that
   point into what moved, reading their device copies: read one by one
   that was N transfers per fusion, N^2 in all (jtramm's balloon2: 7.5 s
   instead of 0.44 s).  Now one transfer per fusion, so the device-to-
   host count is N + 1 (the last one the reduction's).  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d \[0-9\]+ transfers \[0-9\]+ bytes, d2h 201 transfers" } */
#include "deeptests.h"

#define N 200
#define M 16

struct s
{
  double *p;			/* { dg-warning "pointer 'p' of 'struct s' points to 'double': one element assumed" } */
};

int
main (void)
{
  struct s *s = xcalloc (N, sizeof *s);
  for (int i = 0; i < N; i++)
    {
      s[i].p = xcalloc (M, sizeof (double));
      for (int j = 0; j < M; j++)
	s[i].p[j] = i + j;
    }
#pragma omp target enter data map(to: s[:N])
  for (int i = 0; i < N; i++)
    {
#pragma omp target enter data map(to: s[i].p[:M])
    }
  double sum = 0;
#pragma omp target teams distribute parallel for reduction(+: sum) map(tofrom: sum)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      sum += s[i].p[j];
  double want = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      want += i + j;
  CHECK (sum == want);
  return 0;
}
