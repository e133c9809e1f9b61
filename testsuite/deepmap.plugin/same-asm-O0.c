/* same-asm.c at -O0 with debug information (the producer string would name the plugin).  */
/* { dg-do compile } */
/* { dg-options "-O0 -g -gno-record-gcc-switches" } */
#include "same-asm.c"
/* { dg-final { deepmap-plugin-same-asm } } */
