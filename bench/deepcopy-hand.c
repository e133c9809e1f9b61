/* deepcopy-hand.c -- hand-written deep copy in standard OpenMP 5.x, the
   reference of the deepcopy benchmark.  Built WITHOUT the deepmap plugin
   (every map clause here is shallow).  Each object gets its own `target
   enter data'; a pointer field is attached by mapping it as an array
   section of its parent (map(to: p->next[0:1])), which maps the pointee
   and attaches the parent's device copy to it.  Exit data runs in
   reverse: detach and copy back the children, then the parent, so every
   node's pointer fields hold host values again before it is copied back.
   See bench/README.  */
#include <omp.h>
#include "deepcopy.h"

/* Lists (LIST and SPLIT): the nodes in order in BUF.  */
#define DC_HAND_LIST(T)							\
  void									\
  hand_##T (void *root, void **buf, struct dc_layout l)			\
  {									\
    struct T *h = root;							\
    int n = 0;								\
    _Pragma ("omp target enter data map(to: h[0:1])")			\
    for (struct T *p = h; p->next; p = p->next)				\
      {									\
	buf[n++] = p;							\
	_Pragma ("omp target enter data map(to: p->next[0:1])")		\
      }									\
    _Pragma ("omp target map(alloc: h[0:1])")				\
    dc_kernel ((char *) h, l.p0, l.p1, l.s0, l.n0, l.s1, l.n1);		\
    while (n > 0)							\
      {									\
	struct T *p = buf[--n];						\
	_Pragma ("omp target exit data map(from: p->next[0:1])")	\
      }									\
    _Pragma ("omp target exit data map(from: h[0:1])")			\
  }

/* Trees: pre-order enter (parents first), reverse order exit.  BUF[I]
   holds a node whose children are mapped at step I.  */
#define DC_HAND_TREE(T)							\
  void									\
  hand_##T (void *root, void **buf, struct dc_layout l)			\
  {									\
    struct T *r = root;							\
    int n = 0, top = 0;							\
    _Pragma ("omp target enter data map(to: r[0:1])")			\
    buf[n++] = r;							\
    while (top < n)							\
      {									\
	struct T *p = buf[top++];					\
	if (p->left)							\
	  {								\
	    _Pragma ("omp target enter data map(to: p->left[0:1])")	\
	    buf[n++] = p->left;						\
	  }								\
	if (p->right)							\
	  {								\
	    _Pragma ("omp target enter data map(to: p->right[0:1])")	\
	    buf[n++] = p->right;					\
	  }								\
      }									\
    _Pragma ("omp target map(alloc: r[0:1])")				\
    dc_kernel ((char *) r, l.p0, l.p1, l.s0, l.n0, l.s1, l.n1);		\
    while (n > 0)							\
      {									\
	struct T *p = buf[--n];						\
	if (p->right)							\
	  {								\
	    _Pragma ("omp target exit data map(from: p->right[0:1])")	\
	  }								\
	if (p->left)							\
	  {								\
	    _Pragma ("omp target exit data map(from: p->left[0:1])")	\
	  }								\
      }									\
    _Pragma ("omp target exit data map(from: r[0:1])")			\
  }

#define DC_HAND_ALL(SUF)						\
  DC_HAND_LIST (list_##SUF)						\
  DC_HAND_LIST (split_##SUF)						\
  DC_HAND_TREE (tree_##SUF)
DC_HAND_ALL (128)
DC_HAND_ALL (1k)
DC_HAND_ALL (1m)

/* Linear: the chain of structures, and the A arrays the kernel uses
   (all of them, or the last level's): a hand-written port maps only
   what the kernel touches.  */
void
hand_linear (struct L1 *l1, int all)
{
  struct L2 *l2 = l1->Lnext;
  struct L3 *l3 = l2->Lnext;
  struct L4 *l4 = l3->Lnext;
#pragma omp target enter data map(to: l1[0:1])
#pragma omp target enter data map(to: l1->Lnext[0:1])
#pragma omp target enter data map(to: l2->Lnext[0:1])
#pragma omp target enter data map(to: l3->Lnext[0:1])
#pragma omp target enter data map(to: l4->A[0:l4->nA])
  if (all)
    {
#pragma omp target enter data map(to: l1->A[0:l1->nA])
#pragma omp target enter data map(to: l2->A[0:l2->nA])
#pragma omp target enter data map(to: l3->A[0:l3->nA])
    }
#pragma omp target map(alloc: l1[0:1])
  dc_linear_kernel (l1, all);
  if (all)
    {
#pragma omp target exit data map(from: l3->A[0:l3->nA])
#pragma omp target exit data map(from: l2->A[0:l2->nA])
#pragma omp target exit data map(from: l1->A[0:l1->nA])
    }
#pragma omp target exit data map(from: l4->A[0:l4->nA])
#pragma omp target exit data map(from: l3->Lnext[0:1])
#pragma omp target exit data map(from: l2->Lnext[0:1])
#pragma omp target exit data map(from: l1->Lnext[0:1])
#pragma omp target exit data map(from: l1[0:1])
}

/* Dense: level by level, each structure's two pointer fields in one
   construct.  */
void
hand_dense (struct D0 *a0)
{
#pragma omp target enter data map(to: a0[0:1])
#pragma omp target enter data map(to: a0->A[0:a0->nA], a0->Lnext[0:a0->nLnext])
  for (int a = 0; a < a0->nLnext; a++)
    {
      struct D1 *d1 = &a0->Lnext[a];
#pragma omp target enter data map(to: d1->A[0:d1->nA], d1->Lnext[0:d1->nLnext])
      for (int b = 0; b < d1->nLnext; b++)
	{
	  struct D2 *d2 = &d1->Lnext[b];
#pragma omp target enter data map(to: d2->A[0:d2->nA], d2->Lnext[0:d2->nLnext])
	  for (int c = 0; c < d2->nLnext; c++)
	    {
	      struct D3 *d3 = &d2->Lnext[c];
#pragma omp target enter data map(to: d3->A[0:d3->nA])
	    }
	}
    }
#pragma omp target map(alloc: a0[0:1])
  dc_dense_kernel (a0);
  for (int a = a0->nLnext - 1; a >= 0; a--)
    {
      struct D1 *d1 = &a0->Lnext[a];
      for (int b = d1->nLnext - 1; b >= 0; b--)
	{
	  struct D2 *d2 = &d1->Lnext[b];
	  for (int c = d2->nLnext - 1; c >= 0; c--)
	    {
	      struct D3 *d3 = &d2->Lnext[c];
#pragma omp target exit data map(from: d3->A[0:d3->nA])
	    }
#pragma omp target exit data map(from: d2->A[0:d2->nA], d2->Lnext[0:d2->nLnext])
	}
#pragma omp target exit data map(from: d1->A[0:d1->nA], d1->Lnext[0:d1->nLnext])
    }
#pragma omp target exit data map(from: a0->A[0:a0->nA], a0->Lnext[0:a0->nLnext])
#pragma omp target exit data map(from: a0[0:1])
}

void
bulk_copy (double *a, int n)
{
  _Pragma ("omp target map(tofrom: a[0:n])")
  dc_add1 (a, n);
}
