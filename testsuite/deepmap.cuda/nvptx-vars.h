/* nvptx-vars.h -- the variables of the nvptx-*.c tests' images: gv, a
   declare target variable (initially 5), and lv, a declare target link
   variable of 16 ints.  */
#ifndef NVPTX_VARS_H
#define NVPTX_VARS_H

#include "cuda-check.h"

#pragma omp declare target
int gv = 5;
#pragma omp end declare target

int lv[16];
#pragma omp declare target link(lv)

#endif
