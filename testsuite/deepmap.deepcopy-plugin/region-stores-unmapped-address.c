/* A region stores into a pointer of a structure an enclosing target data
   holds the device address of an object only that region maps: when the
   structure is copied back, that object's mapping has ended and no host
   address is left to give back.  The host got the device address,
   silently; now one error line.  */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-shouldfail "device address of an unmapped object" } */
/* { dg-output "deepmap: error: end of target data on device 0 \\(emu\\): a region stored into the pointer at host 0x\[0-9a-f\]+ the device address 0x\[0-9a-f\]+, whose object is no longer mapped: deep copy has no host address to bring back for it" } */
#include <stdlib.h>

struct node
{
  double v;
  struct node *next;
};

struct list
{
  struct node *head;
};

int
main (void)
{
  struct node *a = calloc (1, sizeof *a), *c = calloc (1, sizeof *c);
  struct list l = { a };
#pragma omp target data map(tofrom: l)
  {
#pragma omp target map(tofrom: c[0:1])
    l.head->next = c;
  }
  return a->next == c ? 0 : 2;
}
