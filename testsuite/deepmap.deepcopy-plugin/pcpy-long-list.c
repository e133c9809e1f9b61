/* long-list.c with DEEPMAP_DEEPCOPY=pcpy and 400,000 nodes: the pcpy
   strategy took stack for each object's patched words in the loop over
   the objects (alloca), and overflowed an 8 MiB stack from about
   300,000 nodes.  */
/* { dg-do run } */
/* { dg-require-effective-target offload_device_nonshared_as } */
/* { dg-set-target-env-var DEEPMAP_DEEPCOPY "pcpy" } */
/* { dg-additional-options "-DN=400000" } */
#include "long-list.c"
