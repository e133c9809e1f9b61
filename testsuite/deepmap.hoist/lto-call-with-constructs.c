/* call-with-constructs.c built with -flto: in lto1, where no IPA pass of
   the plugin runs, the callee's body says whether it runs constructs
   (read from the object file, or counted as one that does where it was
   compiled already).  */
/* { dg-options "-flto -w" } */
/* { dg-set-target-env-var DEEPMAP_CHECK "1" } */
#include "call-with-constructs.c"
