// A deep copy of more small objects than one staging buffer holds
// (DM_SCRATCH_KEEP, 4 MiB): the batch strategy packs them in pieces,
// to the device and back.  Two layouts of the Dense scenario's classes
// (q = 8, depth 3: 73 structures, 585 arrays of 1000 doubles, 4.7 MB):
// every object in one host buffer, as the pointerchain paper's
// deepcopy-benchmark marshals it (the objects touch, so they fuse into
// one device block, cut into pieces inside it), and every object
// allocated on its own (runs of device-adjacent objects, cut between
// them).  Every value must arrive, be changed by the region and come
// back; host pointers keep their values; DEEPMAP_CHECK verifies the
// device copies' pointers after attachment and the host's at exit.
// { dg-require-effective-target offload_device_nonshared_as }
// { dg-set-target-env-var DEEPMAP_CHECK "1" }
#include <new>
#include "deeptests.h"

struct L3
{
  double *A deepmap_counted_by (nA);
  int nA;
};

struct L2
{
  double *A deepmap_counted_by (nA);
  int nA;
  L3 *Lnext deepmap_counted_by (nLnext);
  int nLnext;
};

struct L1
{
  double *A deepmap_counted_by (nA);
  int nA;
  L2 *Lnext deepmap_counted_by (nLnext);
  int nLnext;
};

struct L0
{
  double *A deepmap_counted_by (nA);
  int nA;
  L1 *Lnext deepmap_counted_by (nLnext);
  int nLnext;
};

static const int N = 1000, Q = 8;

// Memory for the structure: from one buffer (MARSHALLED) or malloc.
struct arena
{
  char *next;
  void *get (size_t size)
  {
    if (!next)
      return xcalloc (1, size);
    void *p = next;
    next += (size + 15) & ~(size_t) 15;
    return p;
  }
};

static double
val (int id, int i)
{
  return id * 1000.0 + i;
}

static double *
new_a (arena &m, int id)
{
  double *a = static_cast<double *> (m.get (N * sizeof (double)));
  for (int i = 0; i < N; i++)
    a[i] = val (id, i);
  return a;
}

/* One level: its array, and room for the Q elements of the next.  */
template <class L>
static void
fill_level (arena &m, L *l, int &id)
{
  l->nA = N;
  l->A = new_a (m, id++);
  l->nLnext = Q;
  l->Lnext = static_cast<decltype (l->Lnext)> (m.get (Q * sizeof *l->Lnext));
}

static L0 *
build (arena &m)
{
  int id = 0;
  L0 *a0 = new (m.get (sizeof (L0))) L0 ();
  fill_level (m, a0, id);
  for (int i = 0; i < Q; i++)
    {
      L1 *l1 = &a0->Lnext[i];
      fill_level (m, l1, id);
      for (int j = 0; j < Q; j++)
	{
	  L2 *l2 = &l1->Lnext[j];
	  fill_level (m, l2, id);
	  for (int k = 0; k < Q; k++)
	    {
	      l2->Lnext[k].nA = N;
	      l2->Lnext[k].A = new_a (m, id++);
	    }
	}
    }
  return a0;
}

// Every array holds its initial values times SCALE; the pointers are
// those of a fresh build in the same order (IDs in build order).
static void
verify (L0 *a0, double scale)
{
  int id = 0;
  for (int t = 0; t < N; t++)
    CHECK (a0->A[t] == scale * val (id, t));
  id++;
  for (int i = 0; i < Q; i++)
    {
      L1 *l1 = &a0->Lnext[i];
      for (int t = 0; t < N; t++)
	CHECK (l1->A[t] == scale * val (id, t));
      id++;
      for (int j = 0; j < Q; j++)
	{
	  L2 *l2 = &l1->Lnext[j];
	  for (int t = 0; t < N; t++)
	    CHECK (l2->A[t] == scale * val (id, t));
	  id++;
	  for (int k = 0; k < Q; k++)
	    {
	      for (int t = 0; t < N; t++)
		CHECK (l2->Lnext[k].A[t] == scale * val (id, t));
	      id++;
	    }
	}
    }
}

static void
run (L0 *a0)
{
  L1 *first = a0->Lnext;
  L3 *last = a0->Lnext[Q - 1].Lnext[Q - 1].Lnext;
#pragma omp target enter data map(to: a0[0:1])
#pragma omp target teams distribute parallel for map(alloc: a0[0:1])
  for (int i = 0; i < N; i++)
    {
      a0->A[i] *= 3;
      for (int j = 0; j < Q; j++)
	{
	  a0->Lnext[j].A[i] *= 3;
	  for (int k = 0; k < Q; k++)
	    {
	      a0->Lnext[j].Lnext[k].A[i] *= 3;
	      for (int t = 0; t < Q; t++)
		a0->Lnext[j].Lnext[k].Lnext[t].A[i] *= 3;
	    }
	}
    }
#pragma omp target exit data map(from: a0[0:1])
  CHECK (a0->Lnext == first);
  CHECK (a0->Lnext[Q - 1].Lnext[Q - 1].Lnext == last);
  CHECK (!omp_target_is_present (last, omp_get_default_device ()));
  verify (a0, 3);
}

int
main ()
{
  // Marshalled: one buffer, objects touching.
  size_t bytes = 4 * (Q * Q * Q + Q * Q + Q + 1) * (N * sizeof (double) + 64);
  arena one = { static_cast<char *> (xcalloc (1, bytes)) };
  L0 *a = build (one);
  CHECK (one.next - reinterpret_cast<char *> (a) > (4 << 20));
  run (a);
  // Twice: the staging buffer kept from the first is reused.
  verify (a, 3);
  arena again = { reinterpret_cast<char *> (a) };
  a = build (again);
  run (a);

  // Each object allocated on its own.
  arena heap = { nullptr };
  L0 *b = build (heap);
  run (b);
  return 0;
}
