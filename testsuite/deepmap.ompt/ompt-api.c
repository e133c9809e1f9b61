/* OMPT: the device memory routines outside constructs (no target
   events; target_data of value 0, codeptr_ra in main): omp_target_alloc
   and omp_target_free as alloc and delete, omp_target_memcpy both ways
   as transfers, associate and disassociate.  */
/* { dg-additional-options "-rdynamic" } */
#include <omp.h>
#include "ompt-check.h"

int
main (void)
{
  int host = omp_get_initial_device ();
  size_t n = 4096;
  char *h = malloc (n), *back = malloc (n);
  memset (h, 7, n);
  char *d = omp_target_alloc (n, 0);
  CHECK (d != NULL, "omp_target_alloc");
  omp_target_memcpy (d, h, n, 0, 0, 0, host);
  omp_target_memcpy (back, d, 100, 0, 8, host, 0);
  CHECK (back[99] == 7, "copy");
  CHECK (omp_target_associate_ptr (back, d, 64, 16, 0) == 0, "associate");
  omp_target_disassociate_ptr (back, 0);
  omp_target_free (d, 0);

  log_load ();
  check_pairs ();
  for (int i = 0; i < N; i++)
    {
      CHECK (L[i].cb != LOG_TARGET && L[i].cb != LOG_SUBMIT, "event %d", i);
      if (L[i].cb == LOG_DATA_OP)
	CHECK (L[i].target == 0 && in_main (L[i].ra), "data op %d", i);
    }
  int al = data_op (0, OP_ALLOC, NULL, 0);
  CHECK (al >= 0 && L[al].dst == d && L[al].bytes == n && L[al].dst_dev == 0,
	 "alloc");
  int to = data_op (0, OP_TO, h, 0);
  CHECK (to > al && L[to].dst == d && L[to].bytes == n
	 && L[to].src_dev == host && L[to].dst_dev == 0, "memcpy to");
  int from = data_op (0, OP_FROM, back, 1);
  CHECK (from > to && L[from].src == d + 8 && L[from].bytes == 100
	 && L[from].src_dev == 0 && L[from].dst_dev == host, "memcpy from");
  int as = data_op (0, OP_ASSOCIATE, back, 0);
  CHECK (as > from && L[as].dst == d + 16 && L[as].bytes == 64, "associate");
  int dis = data_op (0, OP_DISASSOCIATE, back, 0);
  CHECK (dis > as && L[dis].dst == d + 16, "disassociate");
  int del = data_op (0, OP_DELETE, d, 0);
  CHECK (del > dis && L[del].bytes == n, "free");
  return 0;
}
