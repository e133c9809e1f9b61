/* Array members of a mapped structure (GOMP_MAP_STRUCT: map(tofrom:
   g.u, g.v)).  Members that lie end to end and are all mapped from or
   tofrom are kept as one section of their bytes ('g.u..g.v'), which the
   construct's structure mapping then finds present; the host's read of
   one element between the kernels gets an update of those bytes.  Two
   members with another field between them (h.n, which the host changes
   in the loop) would bring that field's stale bytes back: not kept; nor
   is a member mapped 'to'.  Through a pointer, where GCC lists the
   members last first, they are kept as well.  Results checked against
   the host.  */
/* { dg-options "-fplugin-arg-deepmap-report" } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* adjacent: g.u and g.v in and out once (16000 bytes each way), g.u[3]
   back at each of 10 steps (8 bytes); gap: h.u and h.v in and out at
   each of 10 steps (8000 bytes each); with_to: w.u in and w.v in and
   out at each step; adjacent_ptr: w.u and w.v in and out once.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 42 transfers 352000 bytes, d2h 42 transfers 272080 bytes" { target offload_device } } */
#include <stdlib.h>
#include <string.h>

#define N 1000
#define STEPS 10

struct pair { double u[N]; double v[N]; };
struct gapped { double u[N]; int n; double v[N]; };

struct pair g, g_ref;
struct gapped h, h_ref;
struct pair w, w_ref;

__attribute__ ((noinline)) static double
adjacent (int device)
{
  double s = 0;
  for (int t = 0; t < STEPS; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: g.u, g.v) if (device)
      for (int i = 0; i < N; i++)
	g.u[i] = 0.5 * g.u[i] + g.v[i];
#pragma omp target teams distribute parallel for map(tofrom: g.u, g.v) if (device)
      for (int i = 0; i < N; i++)
	g.v[i] = g.v[i] * 0.25 + i;
      s += g.u[3];
    }
  return s;
}

__attribute__ ((noinline)) static void
gap (struct gapped *x, int device)
{
  for (int t = 0; t < STEPS; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: x->u, x->v) if (device)
      for (int i = 0; i < N; i++)
	x->u[i] = 0.5 * x->u[i] + x->v[i];
      x->n = t;
    }
}

__attribute__ ((noinline)) static void
with_to (struct pair *x, int device)
{
  for (int t = 0; t < STEPS; t++)
    {
#pragma omp target teams distribute parallel for map(to: x->u) map(tofrom: x->v) if (device)
      for (int i = 0; i < N; i++)
	x->v[i] = 0.5 * x->v[i] + x->u[i];
    }
}

/* The same members through a pointer: GCC 12 lists them last first.  */
__attribute__ ((noinline)) static void
adjacent_ptr (struct pair *x, int device)
{
  for (int t = 0; t < STEPS; t++)
    {
#pragma omp target teams distribute parallel for map(tofrom: x->u, x->v) if (device)
      for (int i = 0; i < N; i++)
	x->u[i] = 0.5 * x->u[i] + x->v[i];
#pragma omp target teams distribute parallel for map(tofrom: x->u, x->v) if (device)
      for (int i = 0; i < N; i++)
	x->v[i] = x->v[i] * 0.25 + i;
    }
}

int
main (void)
{
  for (int i = 0; i < N; i++)
    {
      g.u[i] = g_ref.u[i] = h.u[i] = h_ref.u[i] = w.u[i] = w_ref.u[i] = i % 7;
      g.v[i] = g_ref.v[i] = h.v[i] = h_ref.v[i] = w.v[i] = w_ref.v[i] = i % 3;
    }
  double s = adjacent (1);
  struct pair saved = g;
  g = g_ref;
  double s_ref = adjacent (0);
  if (s != s_ref || memcmp (&saved, &g, sizeof g))
    abort ();
  gap (&h, 1);
  gap (&h_ref, 0);
  if (memcmp (&h, &h_ref, sizeof h))
    abort ();
  with_to (&w, 1);
  with_to (&w_ref, 0);
  if (memcmp (&w, &w_ref, sizeof w))
    abort ();
  adjacent_ptr (&w, 1);
  adjacent_ptr (&w_ref, 0);
  if (memcmp (&w, &w_ref, sizeof w))
    abort ();
  return 0;
}

/* { dg-final { scan-deepmap-report "struct-members.c:37:9: deepmap: hoist: 'g.u..g.v' kept on the device across the loop at struct-members.c:35" } } */
/* { dg-final { scan-deepmap-report "struct-members.c:43:15: deepmap: hoist: 'g.u..g.v' copied from the device before a host read" } } */
/* { dg-final { scan-deepmap-report "struct-members.c:53:9: deepmap: hoist: missed: '\[^'\]*' not kept on the device across the loop at struct-members.c:51 because it is a member of a mapped structure" } } */
/* { dg-final { scan-deepmap-report "struct-members.c:65:9: deepmap: hoist: missed: '\[^'\]*' not kept on the device across the loop at struct-members.c:63 because it is a member of a mapped structure" } } */
/* { dg-final { scan-deepmap-report "struct-members.c:77:9: deepmap: hoist: '\[^'\]*->u..\[^'\]*->v' kept on the device across the loop at struct-members.c:75" } } */
