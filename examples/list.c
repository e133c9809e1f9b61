/* list.c -- a linked list offloaded with the map clause of its head only:
   built with the deepmap plugin, the whole list goes to the device and
   back (automatic deep copy).  Under another libgomp it runs unchanged on
   the host.  */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

struct node
{
  double value;
  struct node *next;
};

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 1000;
  struct node *head = NULL;
  for (int i = n - 1; i >= 0; i--)
    {
      struct node *p = malloc (sizeof *p);
      if (!p)
	return 1;
      p->value = i;
      p->next = head;
      head = p;
    }

  int on_host = 1;
#pragma omp target map(tofrom: head[0:1]) map(from: on_host)
  {
    on_host = omp_is_initial_device ();
    for (struct node *p = head; p; p = p->next)
      p->value = 2 * p->value + 1;
  }

  long bad = 0, i = 0;
  for (struct node *p = head; p; p = p->next, i++)
    bad += p->value != 2 * i + 1;
  printf ("list: %d nodes doubled on %s: %s\n", n,
	  on_host ? "the host" : "the offload device",
	  bad ? "WRONG" : "all correct");
  return bad != 0;
}
