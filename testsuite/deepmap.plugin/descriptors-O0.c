/* descriptors.c at -O0.  */
/* { dg-options "-O0" } */
#include "descriptors.c"
/* { dg-output "descriptors ok" } */
