// big-nodes-null-links.c in C++: a class tree of nodes over 64 KiB,
// mapped through a member function's this[0:1]; the leaves' NULL links
// need no write of their own (7 nodes and 6 links in, 7 nodes back).
// GCC lists `this' as a zero-length section before the item that maps
// *this: the root's first pointer is not entered apart for it (it was
// then fused into the root's block: an allocation and a device copy).
// { dg-require-effective-target offload_device_nonshared_as }
// { dg-set-target-env-var DEEPMAP_STATS "1" }
// { dg-output "h2d 13 transfers \[0-9\]+ bytes, d2h 7 transfers \[0-9\]+ bytes, d2d 0 transfers" { target offload_device } }
#include <initializer_list>
#include "deeptests.h"

static const int NV = 80 * 1024 / sizeof (double);	// over 64 KiB

struct Node
{
  Node *left;
  double v[NV];
  Node *right;

  static Node *make (int depth, double &id)
  {
    if (depth == 0)
      return nullptr;
    Node *n = static_cast<Node *> (xcalloc (1, sizeof (Node)));
    n->v[0] = id++;
    n->v[NV - 1] = -n->v[0];
    n->left = make (depth - 1, id);
    n->right = make (depth - 1, id);
    return n;
  }

  void update ()
  {
#pragma omp target map(tofrom: this[0:1])
    {
      // Breadth first: the 7 nodes in a queue.
      Node *queue[8];
      int head = 0, tail = 0;
      queue[tail++] = this;
      for (; head < tail; head++)
	{
	  Node *n = queue[head];
	  for (Node *c : { n->left, n->right })
	    if (c)
	      queue[tail++] = c;
	  n->v[0] *= 2;
	  n->v[NV - 1] += 1;
	}
    }
  }

  void check (double &id) const
  {
    CHECK (v[0] == 2 * id && v[NV - 1] == -id + 1, "node %g: %g %g", id,
	   v[0], v[NV - 1]);
    id++;
    if (left)
      left->check (id);
    if (right)
      right->check (id);
  }
};

int
main ()
{
  double id = 0;
  Node *root = Node::make (3, id);
  root->update ();
  CHECK (root->left && root->left->left && !root->left->left->left
	 && !root->right->right->right, "links changed");
  id = 0;
  root->check (id);
  return 0;
}
