/* The Dense scenario (pointerchain paper), q = 4, depth 3: the top-level
   structure points to an array of q level-1 structures, each of those to
   q level-2 structures, each of those to q last-level structures (half
   size: no further pointer); every level holds an array A of n doubles.
   Mapping the top maps all 1 + 4 + 16 + 64 structures and 85 A arrays.
   The region scales every A and then, as the paper's kernel,
   a0->Lnext[q-1].Lnext[q-1].Lnext[q-1].A.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
#include "deeptests.h"

struct D3 { int nA; double *A deepmap_counted_by (nA); };
struct D2 { int nA, nLnext; double *A deepmap_counted_by (nA);
	    struct D3 *Lnext deepmap_counted_by (nLnext); };
struct D1 { int nA, nLnext; double *A deepmap_counted_by (nA);
	    struct D2 *Lnext deepmap_counted_by (nLnext); };
struct D0 { int nA, nLnext; double *A deepmap_counted_by (nA);
	    struct D1 *Lnext deepmap_counted_by (nLnext); };

#define Q 4
#define N 64

/* Initial value of element I of the A array of the structure with index
   ID (0 for the top, then level by level).  */
static double
val (int id, int i)
{
  return id * 100 + i;
}

static double *
new_a (int id)
{
  double *a = xcalloc (N, sizeof (double));
  for (int i = 0; i < N; i++)
    a[i] = val (id, i);
  return a;
}

/* Structure ids: top 0, level-1 1..4, level-2 5..20, level-3 21..84.  */
#define ID1(a) (1 + (a))
#define ID2(a, b) (1 + Q + (a) * Q + (b))
#define ID3(a, b, c) (1 + Q + Q * Q + ((a) * Q + (b)) * Q + (c))

int
main (void)
{
  int dev = omp_get_default_device ();
  struct D0 *a0 = xcalloc (1, sizeof *a0);
  a0->nA = N;
  a0->A = new_a (0);
  a0->nLnext = Q;
  a0->Lnext = xcalloc (Q, sizeof (struct D1));
  for (int a = 0; a < Q; a++)
    {
      struct D1 *d1 = &a0->Lnext[a];
      d1->nA = N;
      d1->A = new_a (ID1 (a));
      d1->nLnext = Q;
      d1->Lnext = xcalloc (Q, sizeof (struct D2));
      for (int b = 0; b < Q; b++)
	{
	  struct D2 *d2 = &d1->Lnext[b];
	  d2->nA = N;
	  d2->A = new_a (ID2 (a, b));
	  d2->nLnext = Q;
	  d2->Lnext = xcalloc (Q, sizeof (struct D3));
	  for (int c = 0; c < Q; c++)
	    {
	      d2->Lnext[c].nA = N;
	      d2->Lnext[c].A = new_a (ID3 (a, b, c));
	    }
	}
    }

#pragma omp target data map(tofrom: a0[0:1])
  {
    CHECK (omp_target_is_present (&a0->A[N - 1], dev));
    for (int a = 0; a < Q; a++)
      {
	struct D1 *d1 = &a0->Lnext[a];
	CHECK (omp_target_is_present (d1, dev));
	CHECK (omp_target_is_present (&d1->A[N - 1], dev));
	for (int b = 0; b < Q; b++)
	  {
	    struct D2 *d2 = &d1->Lnext[b];
	    CHECK (omp_target_is_present (d2, dev));
	    CHECK (omp_target_is_present (&d2->A[N - 1], dev));
	    for (int c = 0; c < Q; c++)
	      {
		CHECK (omp_target_is_present (&d2->Lnext[c], dev));
		CHECK (omp_target_is_present (&d2->Lnext[c].A[N - 1], dev));
	      }
	  }
      }

#pragma omp target map(tofrom: a0[0:1])
    {
      for (int i = 0; i < a0->nA; i++)
	a0->A[i] *= 2;
      for (int a = 0; a < a0->nLnext; a++)
	{
	  struct D1 *d1 = &a0->Lnext[a];
	  for (int i = 0; i < d1->nA; i++)
	    d1->A[i] *= 2;
	  for (int b = 0; b < d1->nLnext; b++)
	    {
	      struct D2 *d2 = &d1->Lnext[b];
	      for (int i = 0; i < d2->nA; i++)
		d2->A[i] *= 2;
	      for (int c = 0; c < d2->nLnext; c++)
		for (int i = 0; i < d2->Lnext[c].nA; i++)
		  d2->Lnext[c].A[i] *= 2;
	    }
	}
      for (int i = 0; i < N; i++)
	a0->Lnext[Q - 1].Lnext[Q - 1].Lnext[Q - 1].A[i] += 0.5;
    }

    CHECK (a0->A[5] == val (0, 5));
    CHECK (a0->Lnext[2].Lnext[1].Lnext[3].A[9] == val (ID3 (2, 1, 3), 9));
    CHECK (a0->Lnext[Q - 1].Lnext[Q - 1].Lnext[Q - 1].A[0]
	   == val (ID3 (Q - 1, Q - 1, Q - 1), 0));
  }

  CHECK (!omp_target_is_present (a0->Lnext[1].Lnext, dev));
  for (int i = 0; i < N; i++)
    {
      CHECK (a0->A[i] == 2 * val (0, i));
      for (int a = 0; a < Q; a++)
	{
	  struct D1 *d1 = &a0->Lnext[a];
	  CHECK (d1->A[i] == 2 * val (ID1 (a), i));
	  for (int b = 0; b < Q; b++)
	    {
	      struct D2 *d2 = &d1->Lnext[b];
	      CHECK (d2->A[i] == 2 * val (ID2 (a, b), i));
	      for (int c = 0; c < Q; c++)
		{
		  double want = 2 * val (ID3 (a, b, c), i);
		  if (a == Q - 1 && b == Q - 1 && c == Q - 1)
		    want += 0.5;
		  CHECK (d2->Lnext[c].A[i] == want);
		}
	    }
	}
    }
  puts ("dense ok");
  return 0;
}
/* { dg-output "dense ok" } */
