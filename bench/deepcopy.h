/* deepcopy.h -- types and device kernels shared by deepcopy.c (built with
   the deepmap plugin: automatic deep copy) and deepcopy-hand.c (built
   without it: hand-written deep copy in standard OpenMP).  See
   bench/README.  */
#ifndef DEEPCOPY_BENCH_H
#define DEEPCOPY_BENCH_H

#include <stddef.h>
#include "deepmap.h"

/* Payload doubles of a node of SIZE bytes holding NPTR pointers.  */
#define DC_ND(size, nptr) (((size) - (nptr) * sizeof (void *)) / sizeof (double))

/* The deep copy paper's three node types at one size: list (next, data),
   split list (data, next, data), tree (left, data, right).  */
#define DC_DEFINE_TYPES(SIZE, SUF)					\
  struct list_##SUF							\
  {									\
    struct list_##SUF *next;						\
    double d[DC_ND (SIZE, 1)];						\
  };									\
  struct split_##SUF							\
  {									\
    double a[DC_ND (SIZE, 1) / 2];					\
    struct split_##SUF *next;						\
    double b[DC_ND (SIZE, 1) - DC_ND (SIZE, 1) / 2];			\
  };									\
  struct tree_##SUF							\
  {									\
    struct tree_##SUF *left;						\
    double d[DC_ND (SIZE, 2)];						\
    struct tree_##SUF *right;						\
  };

DC_DEFINE_TYPES (128, 128)
DC_DEFINE_TYPES (1024, 1k)
DC_DEFINE_TYPES (1048576, 1m)

/* The pointerchain paper's Linear scenario, depth k = 4 (L1 .. L4), and
   Dense scenario, q-ary, depth 3 (D0 .. D3; the last level has no
   further pointer).  */
struct L4 { int nA; double *A deepmap_counted_by (nA); };
struct L3 { int nA, nLnext; double *A deepmap_counted_by (nA); struct L4 *Lnext; };
struct L2 { int nA, nLnext; double *A deepmap_counted_by (nA); struct L3 *Lnext; };
struct L1 { int nA, nLnext; double *A deepmap_counted_by (nA); struct L2 *Lnext; };

struct D3 { int nA; double *A deepmap_counted_by (nA); };
struct D2 { int nA, nLnext; double *A deepmap_counted_by (nA);
	    struct D3 *Lnext deepmap_counted_by (nLnext); };
struct D1 { int nA, nLnext; double *A deepmap_counted_by (nA);
	    struct D2 *Lnext deepmap_counted_by (nLnext); };
struct D0 { int nA, nLnext; double *A deepmap_counted_by (nA);
	    struct D1 *Lnext deepmap_counted_by (nLnext); };

/* Node layouts as byte offsets, for the kernels shared by all sizes:
   pointer fields at P0 (and P1 >= 0 for trees), payload segments
   [S0, S0 + 8 * N0) and [S1, S1 + 8 * N1).  */
struct dc_layout { int p0, p1, s0, n0, s1, n1; };

#pragma omp declare target
/* Add 1 to every payload double of every node reachable from ROOT
   (depth-first, at most 128 pending nodes: enough for balanced trees).  */
static inline void
dc_kernel (char *root, int p0, int p1, int s0, int n0, int s1, int n1)
{
  char *stack[128];
  int sp = 0;
  if (root)
    stack[sp++] = root;
  while (sp > 0)
    {
      char *p = stack[--sp];
      double *d0 = (double *) (p + s0), *d1 = (double *) (p + s1);
      for (int j = 0; j < n0; j++)
	d0[j] += 1;
      for (int j = 0; j < n1; j++)
	d1[j] += 1;
      char *q;
      if (p1 >= 0 && (q = *(char **) (p + p1)) != NULL)
	stack[sp++] = q;
      if ((q = *(char **) (p + p0)) != NULL)
	stack[sp++] = q;
    }
}

static inline void
dc_add1 (double *a, int n)
{
  for (int i = 0; i < n; i++)
    a[i] += 1;
}

/* Linear: every A (ALL) or only the last level's.  */
static inline void
dc_linear_kernel (struct L1 *l1, int all)
{
  struct L4 *l4 = l1->Lnext->Lnext->Lnext;
  dc_add1 (l4->A, l4->nA);
  if (all)
    {
      dc_add1 (l1->A, l1->nA);
      dc_add1 (l1->Lnext->A, l1->Lnext->nA);
      dc_add1 (l1->Lnext->Lnext->A, l1->Lnext->Lnext->nA);
    }
}

/* Dense: every A of every level.  */
static inline void
dc_dense_kernel (struct D0 *a0)
{
  dc_add1 (a0->A, a0->nA);
  for (int a = 0; a < a0->nLnext; a++)
    {
      struct D1 *d1 = &a0->Lnext[a];
      dc_add1 (d1->A, d1->nA);
      for (int b = 0; b < d1->nLnext; b++)
	{
	  struct D2 *d2 = &d1->Lnext[b];
	  dc_add1 (d2->A, d2->nA);
	  for (int c = 0; c < d2->nLnext; c++)
	    dc_add1 (d2->Lnext[c].A, d2->Lnext[c].nA);
	}
    }
}
#pragma omp end declare target

/* deepcopy-hand.c: hand-written deep copy (per-object enter data, the
   pointers attached by map clauses of the parent's pointer fields), one
   target region running the same kernel, exit data in reverse order
   (detaching, then copying back).  BUF holds room for every node.  */
#define DC_DECLARE_HAND(SUF)						\
  void hand_list_##SUF (void *root, void **buf, struct dc_layout l);	\
  void hand_split_##SUF (void *root, void **buf, struct dc_layout l);	\
  void hand_tree_##SUF (void *root, void **buf, struct dc_layout l);
DC_DECLARE_HAND (128)
DC_DECLARE_HAND (1k)
DC_DECLARE_HAND (1m)
void hand_linear (struct L1 *l1, int all);
void hand_dense (struct D0 *a0);
/* The bound: the same bytes as one array, one transfer each way.  */
void bulk_copy (double *a, int n);

#endif
