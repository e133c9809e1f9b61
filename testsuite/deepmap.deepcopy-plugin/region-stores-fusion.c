/* A pointer a target region stores into a structure deep copy maps
   survives a later construct that fuses (moves) the device blocks of
   what it points to, before it comes back: the device copy follows the
   block it points into, to the same byte, whatever the host pointer
   says.  Before, fusion rewrote the device copy from the host's old
   pointer (the store was lost: the list came back unchanged, and later
   regions saw the old pointer), or left it pointing at the released
   block.  Cases: a store whose old and new targets both move (the head
   dropped), a store of a pointer into a moving block from a slot whose
   host target does not move (the spare), a stored NULL whose host
   target moves (the cut), in C and C++ (cxx-region-stores-fusion.C),
   and with DEEPMAP_CHECK=1 (check-region-stores-fusion.c).  */
/* { dg-require-effective-target offload_device_nonshared_as } */
#include "deeptests.h"

struct node
{
  struct node *next;
  double v;
};

struct list
{
  struct node *head;
  struct node *spare;
};

int
main (void)
{
  static struct node pool[6], other;
  struct list l;
  for (int i = 0; i < 6; i++)
    {
      pool[i].v = i;
      pool[i].next = NULL;
    }
  pool[0].next = &pool[1];
  pool[1].next = &pool[2];
  pool[3].next = &pool[4];
  other.v = -1;
  other.next = &pool[3];
  l.head = &pool[0];
  l.spare = &other;
  int bad = 0;
#pragma omp target data map(tofrom: l)
  {
    /* Drop the head; point the spare (host: other) at pool[2]; cut the
       list after pool[3] through other.next, whose host value moves.  */
#pragma omp target
    {
      l.head = l.head->next;
      l.spare = l.head->next;
    }
#pragma omp target map(tofrom: other)
    other.next->next = NULL;
    /* The whole pool at once: its nodes' separate blocks fuse into one
       new block (they move).  */
#pragma omp target map(tofrom: pool[0:6])
    for (int i = 0; i < 6; i++)
      pool[i].v += 10;
    /* Later regions see the stores, at the moved blocks.  */
#pragma omp target map(from: bad)
    bad = (l.head != &pool[1]) + 2 * (l.spare != &pool[2])
	  + 4 * (l.head->next != &pool[2]) + 8 * (pool[3].next != NULL)
	  + 16 * (l.spare->v != 12);
  }
  CHECK (bad == 0);
  CHECK (l.head == &pool[1]);
  CHECK (l.spare == &pool[2]);
  CHECK (pool[1].next == &pool[2]);
  CHECK (pool[3].next == NULL);
  CHECK (other.next == &pool[3]);
  for (int i = 0; i < 6; i++)
    CHECK (pool[i].v == i + 10);
  printf ("region stores survive fusion: ok\n");
  return 0;
}
/* { dg-output "region stores survive fusion: ok" } */
