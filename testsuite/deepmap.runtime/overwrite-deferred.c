/* Deferred copies in (libdeepmap/map/mapping.c): an enter data whose
   item is announced as overwritten (DEEPMAP_MARK_OVERWRITTEN, as the
   plugin's hoisted enter data does) maps it without copying it in; the
   next thing that names its bytes either is a target region announced
   and checked to overwrite it (the copy is dropped) or gets the host's
   bytes copied in first.  Each case checks that the program sees
   exactly what an immediate copy in would give it.  */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* Copies in of 800 bytes: reads_first, update_first, mapped_ptr_first,
   exit_first and alias_first one each, not_absent two of 400 (the half
   present before and the half its enter data adds), overwrite_first
   none.  */
/* { dg-output "deepmap: device 0 \\((emu|cuda)\\): h2d 7 transfers 4800 bytes" { target offload_device } } */
#include <omp.h>
#include <stdlib.h>
#include "deepmap.h"
#include "dm-check.h"

#define N 100

static const struct deepmap_type marker = {
  DEEPMAP_MARK_OVERWRITTEN, "overwritten", 0, 0, NULL, NULL
};

/* The next construct's item at P is overwritten by its next use.  */
static void
announce (void *p)
{
  static struct deepmap_annotation a;
  a.host = p;
  a.type = &marker;
  deepmap_annotate (1, &a);
}

static void
fill (double *a)
{
  for (int i = 0; i < N; i++)
    a[i] = i;
}

static void
reads_first (void)
{
  double A[N];
  fill (A);
  announce (A);
#pragma omp target enter data map(to: A[0:N])
#pragma omp target map(tofrom: A[0:N])
  for (int i = 0; i < N; i++)
    A[i] += 1;
#pragma omp target exit data map(from: A[0:N])
  for (int i = 0; i < N; i++)
    CHECK (A[i] == i + 1);
}

static void
overwrite_first (void)
{
  double B[N];
  fill (B);
  announce (B);
#pragma omp target enter data map(to: B[0:N])
  announce (B);
#pragma omp target map(tofrom: B[0:N])
  for (int i = 0; i < N; i++)
    B[i] = 7;
#pragma omp target map(tofrom: B[0:N])
  for (int i = 0; i < N; i++)
    B[i] += i;
#pragma omp target exit data map(from: B[0:N])
  for (int i = 0; i < N; i++)
    CHECK (B[i] == 7 + i);
}

static void
update_first (void)
{
  double C[N];
  fill (C);
  announce (C);
#pragma omp target enter data map(to: C[0:N])
#pragma omp target update from(C[0:N])
  for (int i = 0; i < N; i++)
    CHECK (C[i] == i);
#pragma omp target exit data map(release: C[0:N])
}

static void
mapped_ptr_first (void)
{
  double D[N], copy[N];
  fill (D);
  announce (D);
#pragma omp target enter data map(to: D[0:N])
  void *p = omp_get_mapped_ptr (D, dm_dev ());
  CHECK (p != NULL);
  CHECK (omp_target_memcpy (copy, p, sizeof copy, 0, 0,
			    omp_get_initial_device (), dm_dev ()) == 0);
  for (int i = 0; i < N; i++)
    CHECK (copy[i] == i);
#pragma omp target exit data map(release: D[0:N])
}

static void
exit_first (void)
{
  double E[N];
  fill (E);
  announce (E);
#pragma omp target enter data map(to: E[0:N])
#pragma omp target exit data map(from: E[0:N])
  for (int i = 0; i < N; i++)
    CHECK (E[i] == i);
}

/* The region overwrites F but reads it through Q: the check refuses the
   drop, so F is copied in before the region.  */
static void
alias_first (void)
{
  double F[N];
  double *q = F;
  fill (F);
  announce (F);
#pragma omp target enter data map(to: F[0:N])
  announce (F);
#pragma omp target map(tofrom: F[0:N]) map(to: q[0:0])
  for (int i = 0; i < N; i++)
    F[i] = 2 * q[i];
#pragma omp target exit data map(from: F[0:N])
  for (int i = 0; i < N; i++)
    CHECK (F[i] == 2 * i);
}

/* Part of G is present already: its enter data copies in as usual.  */
static void
not_absent (void)
{
  double G[N];
  fill (G);
#pragma omp target data map(tofrom: G[0:N/2])
  {
    announce (G);
#pragma omp target enter data map(to: G[0:N])
#pragma omp target map(tofrom: G[0:N])
    for (int i = 0; i < N; i++)
      G[i] += 1;
#pragma omp target exit data map(from: G[0:N])
  }
  for (int i = 0; i < N; i++)
    CHECK (G[i] == i + 1);
}

int
main (void)
{
  dm_require_device ();
  reads_first ();
  overwrite_first ();
  update_first ();
  mapped_ptr_first ();
  exit_first ();
  alias_first ();
  not_absent ();
  return 0;
}
