/* A tree of seven nodes bigger than a staging batch (each goes straight
   from host memory, its pointers written afterwards): the four leaves'
   NULL links went with their nodes and need no write of their own.  In:
   7 nodes and the 6 links to them; back: the 7 nodes.  The region's
   changes and the links come back right.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_STATS "1" } */
/* { dg-output "h2d 13 transfers \[0-9\]+ bytes, d2h 7 transfers" { target offload_device } } */
#include "deeptests.h"

#define NV (80 * 1024 / sizeof (double))	/* over 64 KiB */

struct node
{
  struct node *left;
  double v[NV];
  struct node *right;
};

static struct node *
make (int depth, double *id)
{
  if (depth == 0)
    return NULL;
  struct node *n = xcalloc (1, sizeof *n);
  n->v[0] = (*id)++;
  n->v[NV - 1] = -n->v[0];
  n->left = make (depth - 1, id);
  n->right = make (depth - 1, id);
  return n;
}

static void
check (const struct node *n, double *id)
{
  if (!n)
    return;
  CHECK (n->v[0] == 2 * *id && n->v[NV - 1] == -*id + 1,
	 "node %g: %g %g", *id, n->v[0], n->v[NV - 1]);
  (*id)++;
  check (n->left, id);
  check (n->right, id);
}

int
main (void)
{
  double id = 0;
  struct node *root = make (3, &id);
#pragma omp target map(tofrom: root[0:1])
  {
    struct node *stack[8];
    int top = 0;
    stack[top++] = root;
    while (top)
      {
	struct node *n = stack[--top];
	n->v[0] *= 2;
	n->v[NV - 1] += 1;
	if (n->left)
	  stack[top++] = n->left;
	if (n->right)
	  stack[top++] = n->right;
      }
  }
  CHECK (root->left && root->left->left && !root->left->left->left
	 && !root->right->right->right, "links changed");
  id = 0;
  check (root, &id);
  return 0;
}
