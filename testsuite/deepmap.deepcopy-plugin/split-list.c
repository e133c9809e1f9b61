/* Split list (deep copy paper): each 128-byte node is data, the next
   pointer, data.  Mapping the head maps every node; a target region
   changes both data fields of every node; the host is untouched until
   copy-back, then holds the results with its own next pointers.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
#include "deeptests.h"

struct snode
{
  double a[7];
  struct snode *next;
  double b[8];
};

#define N 200

int
main (void)
{
  int dev = omp_get_default_device ();
  struct snode *nodes[N], *head = NULL;
  CHECK (sizeof (struct snode) == 128);
  for (int i = N - 1; i >= 0; i--)
    {
      nodes[i] = xcalloc (1, sizeof (struct snode));
      for (int j = 0; j < 7; j++)
	nodes[i]->a[j] = i * 100 + j;
      for (int j = 0; j < 8; j++)
	nodes[i]->b[j] = -(i * 100 + j);
      nodes[i]->next = head;
      head = nodes[i];
    }
  CHECK (!omp_target_is_present (nodes[0], dev));

#pragma omp target data map(tofrom: head[0:1])
  {
    for (int i = 0; i < N; i++)
      {
	CHECK (omp_target_is_present (nodes[i], dev));
	CHECK (omp_target_is_present (&nodes[i]->b[7], dev));
      }
    /* The device copy of node 0 links to node 1's device copy.  */
    struct snode d0;
    CHECK (omp_target_memcpy (&d0, omp_get_mapped_ptr (nodes[0], dev),
			      sizeof d0, 0, 0, omp_get_initial_device (),
			      dev) == 0);
    CHECK (d0.next == omp_get_mapped_ptr (nodes[1], dev));
    CHECK (d0.a[3] == 3 && d0.b[7] == -7);

    int count = 0;
#pragma omp target map(tofrom: head[0:1], count)
    for (struct snode *p = head; p; p = p->next)
      {
	for (int j = 0; j < 7; j++)
	  p->a[j] = 2 * p->a[j] + 1;
	for (int j = 0; j < 8; j++)
	  p->b[j] -= 1;
	count++;
      }
    CHECK (count == N);
    for (int i = 0; i < N; i++)
      {
	CHECK (nodes[i]->a[6] == i * 100 + 6);
	CHECK (nodes[i]->b[0] == -(i * 100));
	CHECK (nodes[i]->next == (i + 1 < N ? nodes[i + 1] : NULL));
      }
  }

  for (int i = 0; i < N; i++)
    {
      CHECK (!omp_target_is_present (nodes[i], dev));
      CHECK (nodes[i]->next == (i + 1 < N ? nodes[i + 1] : NULL));
      for (int j = 0; j < 7; j++)
	CHECK (nodes[i]->a[j] == 2 * (i * 100 + j) + 1);
      for (int j = 0; j < 8; j++)
	CHECK (nodes[i]->b[j] == -(i * 100 + j) - 1);
    }
  puts ("split list ok");
  return 0;
}
/* { dg-output "split list ok" } */
