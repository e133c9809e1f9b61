/* sites.c with -fplugin-arg-deepmap-sites=off: the per-construct
   deepmap_annotate calls give the same results.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-additional-options "-fplugin-arg-deepmap-sites=off -fdump-tree-all" } */
#include "sites.c"
/* { dg-final { scan-tree-dump "deepmap_annotate \\(" "optimized" } } */
