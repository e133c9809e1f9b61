/* A region that relinks a structure deep copy holds, brought back by
   target update from while the structure stays mapped: the exit data
   that ends it releases what the enter took, not what the host's new
   pointers reach.  Before, it walked the new pointers, so a node the
   region cut off stayed mapped with its old contents, and a later
   structure reaching that node saw them instead of the host's (a wrong
   result, no error).  Cases: a cut (a->next = NULL), a bypass (a->next
   = a->next->next), an exchange of two lists' tails, each then reached
   afresh through another structure after host changes, and a cut
   between two enter data of the structure while the program holds the
   node cut off itself (each exit gives back what its enter took:
   random-deep seed 1226, program 117, under DEEPMAP_CHECK=1); C and C++
   (cxx-region-stores-exit.C), and with DEEPMAP_CHECK=1
   (check-region-stores-exit.c).  */
/* { dg-require-effective-target offload_device_nonshared_as } */
#include "deeptests.h"

struct node
{
  struct node *next;
  double v;
};

static struct node *
node (double v, struct node *next)
{
  struct node *n = (struct node *) xcalloc (1, sizeof *n);
  n->v = v;
  n->next = next;
  return n;
}

/* What a region reaching N through a fresh structure sees of N.  */
static double
seen_through (struct node *n)
{
  struct node *holder = node (0, n);
  double got = -1;
#pragma omp target map(tofrom: holder[0:1]) map(from: got)
  got = holder->next->v;
  free (holder);
  return got;
}

/* N went with its structure: the host's new value V reaches the device
   when another structure maps N.  */
static void
check_released (struct node *n, double v)
{
  CHECK (!omp_target_is_present (n, omp_get_default_device ()));
  n->v = v;
  CHECK (seen_through (n) == v);
}

int
main (void)
{
  /* The cut.  */
  struct node *b = node (2, NULL), *a = node (1, b);
#pragma omp target enter data map(to: a[0:1])
#pragma omp target
  a->next = NULL;
#pragma omp target update from(a[0:1])
  CHECK (a->next == NULL);
#pragma omp target exit data map(from: a[0:1])
  CHECK (!omp_target_is_present (a, omp_get_default_device ()));
  check_released (b, 42);

  /* The bypass.  */
  struct node *z = node (30, NULL), *y = node (20, z), *x = node (10, y);
#pragma omp target enter data map(to: x[0:1])
#pragma omp target
  x->next = x->next->next;
#pragma omp target update from(x[0:1])
  CHECK (x->next == z);
#pragma omp target exit data map(release: x[0:1])
  check_released (y, 21);
  check_released (z, 31);

  /* Two lists exchange their tails.  */
  struct node *p2 = node (102, NULL), *p1 = node (101, p2);
  struct node *q2 = node (202, NULL), *q1 = node (201, q2);
#pragma omp target enter data map(to: p1[0:1], q1[0:1])
#pragma omp target
  {
    struct node *t = p1->next;
    p1->next = q1->next;
    q1->next = t;
  }
#pragma omp target update from(p1[0:1], q1[0:1])
  CHECK (p1->next == q2 && q1->next == p2);
#pragma omp target exit data map(release: p1[0:1])
  /* q1 still holds both tails as the enter attached them... */
  CHECK (omp_target_is_present (q2, omp_get_default_device ()));
#pragma omp target exit data map(release: q1[0:1])
  /* ...and nothing stays behind.  */
  check_released (p2, 112);
  check_released (q2, 212);

  /* Two enters around the cut: each exit gives back what its own enter
     took (the first, the host's NULL; the last, the node attached), and
     a node the program holds itself stays mapped until it lets go.  */
  struct node *e2 = node (2, NULL), *e1 = node (1, e2);
#pragma omp target enter data map(to: e2[0:1])
#pragma omp target enter data map(to: e1[0:1])
#pragma omp target
  e1->next = NULL;
#pragma omp target update from(e1[0:1])
#pragma omp target enter data map(to: e1[0:1])
#pragma omp target exit data map(release: e1[0:1])
  CHECK (omp_target_is_present (e2, omp_get_default_device ()));
#pragma omp target exit data map(release: e1[0:1])
  CHECK (!omp_target_is_present (e1, omp_get_default_device ()));
  CHECK (omp_target_is_present (e2, omp_get_default_device ()));
#pragma omp target exit data map(release: e2[0:1])
  check_released (e2, 22);

  free (a); free (b); free (x); free (y); free (z); free (e1); free (e2);
  free (p1); free (p2); free (q1); free (q2);
  printf ("region stores then exit: ok\n");
  return 0;
}
/* { dg-output "region stores then exit: ok" } */
