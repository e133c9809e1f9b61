/* Height-balanced binary trees (deep copy paper: left pointer, data,
   right pointer) with nodes of 128 bytes (1023 nodes), 1 KiB (255 nodes)
   and 1 MiB (7 nodes).  Mapping the root maps every node; NULL children
   of the leaves are skipped; the host is untouched until copy-back.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
#include "deeptests.h"

#define DEFINE_TREE(T, SIZE)						\
  struct T								\
  {									\
    struct T *left;							\
    double d[((SIZE) - 2 * sizeof (void *)) / sizeof (double)];	\
    struct T *right;							\
  };									\
									\
  static void								\
  test_##T (int n)							\
  {									\
    int dev = omp_get_default_device ();				\
    const int nd = sizeof (((struct T *) 0)->d) / sizeof (double);	\
    struct T **nodes = xcalloc (n, sizeof (struct T *));		\
    CHECK (sizeof (struct T) == (SIZE));				\
    for (int i = 0; i < n; i++)						\
      {									\
	nodes[i] = xcalloc (1, sizeof (struct T));			\
	for (int j = 0; j < nd; j++)					\
	  nodes[i]->d[j] = i * 10 + j % 10;				\
      }									\
    for (int i = 0; i < n; i++)						\
      {									\
	nodes[i]->left = 2 * i + 1 < n ? nodes[2 * i + 1] : NULL;	\
	nodes[i]->right = 2 * i + 2 < n ? nodes[2 * i + 2] : NULL;	\
      }									\
    struct T *root = nodes[0];						\
    int visited = 0;							\
    _Pragma ("omp target data map(tofrom: root[0:1])")			\
    {									\
      for (int i = 0; i < n; i++)					\
	{								\
	  CHECK (omp_target_is_present (nodes[i], dev));		\
	  CHECK (omp_target_is_present (&nodes[i]->right, dev));	\
	}								\
      _Pragma ("omp target map(tofrom: root[0:1], visited)")		\
      {									\
	struct T *stack[64];						\
	int sp = 0;							\
	stack[sp++] = root;						\
	while (sp > 0)							\
	  {								\
	    struct T *p = stack[--sp];					\
	    for (int j = 0; j < nd; j++)				\
	      p->d[j] = 2 * p->d[j] + 1;				\
	    visited++;							\
	    if (p->right)						\
	      stack[sp++] = p->right;					\
	    if (p->left)						\
	      stack[sp++] = p->left;					\
	  }								\
      }									\
      CHECK (visited == n);						\
      for (int i = 0; i < n; i++)					\
	{								\
	  CHECK (nodes[i]->d[nd - 1] == i * 10 + (nd - 1) % 10);	\
	  CHECK (nodes[i]->left						\
		 == (2 * i + 1 < n ? nodes[2 * i + 1] : NULL));		\
	}								\
    }									\
    for (int i = 0; i < n; i++)						\
      {									\
	CHECK (!omp_target_is_present (nodes[i], dev));			\
	CHECK (nodes[i]->left == (2 * i + 1 < n ? nodes[2 * i + 1] : NULL)); \
	CHECK (nodes[i]->right == (2 * i + 2 < n ? nodes[2 * i + 2] : NULL)); \
	for (int j = 0; j < nd; j++)					\
	  CHECK (nodes[i]->d[j] == 2 * (i * 10 + j % 10) + 1);		\
	free (nodes[i]);						\
      }									\
    free (nodes);							\
    printf ("%s: %d nodes of %d bytes ok\n", #T, n, (int) (SIZE));	\
  }

DEFINE_TREE (tree128, 128)
DEFINE_TREE (tree1k, 1024)
DEFINE_TREE (tree1m, 1024 * 1024)

int
main (void)
{
  test_tree128 (1023);
  test_tree1k (255);
  test_tree1m (7);
  puts ("trees ok");
  return 0;
}
/* { dg-output "tree128: 1023 nodes of 128 bytes ok.*tree1k: 255 nodes of 1024 bytes ok.*tree1m: 7 nodes of 1048576 bytes ok.*trees ok" } */
