// AMD's HPC training Jacobi (8_jacobi, Jacobi_t::Run), reduced: the
// arrays are members of the object, the step function takes them and
// the mesh by reference, the loop counter is a member too, and the loop
// prints its progress.  GCC reloads the members at each step (the print
// may change the object, as far as it knows) in blocks that do not run
// before the loop's test: the loads cannot trap all the same, since the
// loop's code reached the object through the same pointer before the
// loop (iterations = 0), and nothing in the loop changes the members.
// The counter, an int, is none of the double arrays' elements.  Both
// arrays are copied in once, U back once.  Results are the host's.
// { dg-options "-fplugin-arg-deepmap-report" }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-final { scan-deepmap-report "cxx-member-print.C:27:9: deepmap: hoist: 'this->h_U' kept on the device across the loop at cxx-member-print.C:41 \\(enter data map\\(to\\), exit data map\\(from\\)\\)" } }
// { dg-final { scan-deepmap-report "cxx-member-print.C:27:9: deepmap: hoist: 'this->h_RES' kept on the device across the loop at cxx-member-print.C:41 \\(enter data map\\(to\\), exit data map\\(release\\)\\)" } }
// { dg-final { scan-deepmap-report-not "cxx-member-print.C:\[0-9\]+:\[0-9\]+: deepmap: hoist: '\[^'\]*' copied" } }
// { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 2 transfers 16000 bytes, d2h 1 transfers 8000 bytes" { target offload_device } }
#include <cstdio>
#include <cstdlib>
#include "check.h"

struct mesh_t { int N; };

void
update (mesh_t &mesh, double *U, const double *RES)
{
  const int N = mesh.N;
#pragma omp target teams distribute parallel for map(to: RES[0:N]) map(tofrom: U[0:N])
  for (int id = 0; id < N; id++)
    U[id] += 0.5 * RES[id];
}

struct Jacobi_t
{
  mesh_t mesh;
  double *h_U, *h_RES;
  int iterations;
  __attribute__ ((noinline)) void
  run ()
  {
    iterations = 0;
    while (iterations < 1000)
      {
	update (mesh, h_U, h_RES);
	++iterations;
	if (iterations % 250 == 0)
	  printf ("iteration %d\n", iterations);
      }
  }
};

int
main ()
{
  Jacobi_t j;
  j.mesh.N = 1000;
  j.h_U = (double *) calloc (j.mesh.N, sizeof (double));
  j.h_RES = (double *) malloc (j.mesh.N * sizeof (double));
  for (int i = 0; i < j.mesh.N; i++)
    j.h_RES[i] = i;
  j.run ();
  for (int i = 0; i < j.mesh.N; i++)
    CHECK (j.h_U[i] == 500.0 * i, "U[%d] = %g", i, j.h_U[i]);
  free (j.h_U);
  free (j.h_RES);
  return 0;
}
