/* descriptors.c at -O0.  */
/* { dg-options "-O0" } */
#include "descriptors.c"
/* descriptors.c claims its warnings; included, they are not its own.  */
/* { dg-prune-output "one element assumed" } */
/* { dg-output "descriptors ok" } */
