/* The Linear scenario (pointerchain paper) at depth k = 4, payload n per
   level: L1 -> L2 -> L3 -> L4, each level with an array A of nA doubles
   (deepmap_counted_by) and a pointer to the next level, in the three
   layouts: allinit-allused (every A allocated and scaled),
   allinit-LLused (every A allocated, only the last one scaled: the
   others must still be copied and come back unchanged) and LLinit-LLused
   (only the last level's A allocated, the other A pointers NULL).  */
/* { dg-require-effective-target offload_device_nonshared_as } */
#include "deeptests.h"

struct L4 { int nA; double *A deepmap_counted_by (nA); };
struct L3 { int nA, nLnext; double *A deepmap_counted_by (nA); struct L4 *Lnext; };
struct L2 { int nA, nLnext; double *A deepmap_counted_by (nA); struct L3 *Lnext; };
struct L1 { int nA, nLnext; double *A deepmap_counted_by (nA); struct L2 *Lnext; };

#define N 1000
enum layout { ALLINIT_ALLUSED, ALLINIT_LLUSED, LLINIT_LLUSED };
static const char *const names[] = { "allinit-allused", "allinit-LLused",
				     "LLinit-LLused" };

static double *
new_array (int level, int init)
{
  if (!init)
    return NULL;
  double *a = xcalloc (N, sizeof (double));
  for (int i = 0; i < N; i++)
    a[i] = level * 1000 + i;
  return a;
}

static void
test (enum layout lay)
{
  int dev = omp_get_default_device ();
  int all = lay != LLINIT_LLUSED;
  struct L1 *l1 = xcalloc (1, sizeof *l1);
  l1->Lnext = xcalloc (1, sizeof (struct L2));
  l1->Lnext->Lnext = xcalloc (1, sizeof (struct L3));
  l1->Lnext->Lnext->Lnext = xcalloc (1, sizeof (struct L4));
  struct L2 *l2 = l1->Lnext;
  struct L3 *l3 = l2->Lnext;
  struct L4 *l4 = l3->Lnext;
  l1->nLnext = l2->nLnext = l3->nLnext = 1;
  l1->nA = l2->nA = l3->nA = all ? N : 0;
  l4->nA = N;
  l1->A = new_array (1, all);
  l2->A = new_array (2, all);
  l3->A = new_array (3, all);
  l4->A = new_array (4, 1);
  int used_all = lay == ALLINIT_ALLUSED;

#pragma omp target data map(tofrom: l1[0:1])
  {
    CHECK (omp_target_is_present (l2, dev));
    CHECK (omp_target_is_present (l3, dev));
    CHECK (omp_target_is_present (l4, dev));
    CHECK (omp_target_is_present (&l4->A[N - 1], dev));
    if (all)
      {
	CHECK (omp_target_is_present (&l1->A[N - 1], dev));
	CHECK (omp_target_is_present (&l2->A[0], dev));
	CHECK (omp_target_is_present (&l3->A[N - 1], dev));
      }
#pragma omp target map(tofrom: l1[0:1])
    {
      for (int i = 0; i < l1->Lnext->Lnext->Lnext->nA; i++)
	l1->Lnext->Lnext->Lnext->A[i] *= 2;
      if (used_all)
	{
	  for (int i = 0; i < l1->nA; i++)
	    l1->A[i] *= 2;
	  for (int i = 0; i < l1->Lnext->nA; i++)
	    l1->Lnext->A[i] *= 2;
	  for (int i = 0; i < l1->Lnext->Lnext->nA; i++)
	    l1->Lnext->Lnext->A[i] *= 2;
	}
    }
    CHECK (l4->A[7] == 4007);
    if (all)
      CHECK (l1->A[7] == 1007);
    CHECK (l1->Lnext == l2 && l2->Lnext == l3 && l3->Lnext == l4);
  }

  CHECK (!omp_target_is_present (l2, dev));
  CHECK (!omp_target_is_present (l4->A, dev));
  CHECK (l1->Lnext == l2 && l2->Lnext == l3 && l3->Lnext == l4);
  for (int i = 0; i < N; i++)
    {
      CHECK (l4->A[i] == 2 * (4000 + i));
      if (all)
	{
	  int f = used_all ? 2 : 1;
	  CHECK (l1->A[i] == f * (1000 + i));
	  CHECK (l2->A[i] == f * (2000 + i));
	  CHECK (l3->A[i] == f * (3000 + i));
	}
    }
  if (!all)
    CHECK (l1->A == NULL && l2->A == NULL && l3->A == NULL);
  printf ("linear %s ok\n", names[lay]);
}

int
main (void)
{
  test (ALLINIT_ALLUSED);
  test (ALLINIT_LLUSED);
  test (LLINIT_LLUSED);
  return 0;
}
/* { dg-output "linear allinit-allused ok.*linear allinit-LLused ok.*linear LLinit-LLused ok" } */
