/* deepmap.h -- public interface of deepmap, the OpenMP offloading runtime
   that swaps in for GCC's libgomp.so.1.

   Include it after <omp.h>.  Everything here is harmless when the program
   runs under another libgomp: the routines deepmap adds are declared weak,
   so a program can test for them (if (omp_get_mapped_ptr) ...).  */
#ifndef DEEPMAP_H
#define DEEPMAP_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define DEEPMAP_VERSION_MAJOR 0
#define DEEPMAP_VERSION_MINOR 1

/* OpenMP 5.1 routines that GCC 12's libgomp lacks (and so its omp.h does
   not declare).  Weak: linking works against GCC's libgomp.so, and the
   dynamic linker binds them to deepmap's definitions at run time.  */
extern void *omp_get_mapped_ptr (const void *ptr, int device_num)
  __attribute__ ((weak));

#ifdef __cplusplus
}
#endif

#endif
