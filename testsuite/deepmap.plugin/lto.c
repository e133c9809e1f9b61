/* descriptors.c with link-time optimization: lto1 loads the plugin too
   (without a C front end) and the descriptors survive streaming.  */
/* { dg-require-effective-target lto } */
/* { dg-options "-O2 -flto" } */
#include "descriptors.c"
/* { dg-output "descriptors ok" } */
