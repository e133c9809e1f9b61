// hoist-tests-standard.c under g++: the tests of a loop that keeps 17
// arrays (60 pairs the compiler cannot tell apart) are calls of the two
// functions the plugin adds to the unit, built from standard OpenMP
// calls alone; nothing refers to deepmap_sections_absent or
// deepmap_sections_apart, nor to memcmp.
// { dg-do compile }
// { dg-options "-O2 -fopenmp -fdump-tree-all" }
#include "hoist-tests-standard.c"
/* { dg-final { scan-tree-dump-times "__deepmap_sections_absent \\(&deepmap_hoist" 1 "deepmap_hoist" } } */
/* { dg-final { scan-tree-dump-times "__deepmap_sections_apart \\(&deepmap_hoist" 1 "deepmap_hoist" } } */
/* Both read the enter data's own address and size arrays, which it
   then takes as they are (17 sections and its record).  */
/* { dg-final { scan-tree-dump "__deepmap_sections_absent \\(&(deepmap_hoist\\.\[0-9\]+), &(deepmap_hoist\\.\[0-9\]+), .*__deepmap_sections_apart \\(&\\1, &\\2, .*GOMP_target_enter_exit_data \\(\[^,\]+, 18, &\\1, &\\2, " "deepmap_hoist" } } */
/* { dg-final { scan-tree-dump-not "\[^_\]deepmap_sections_(absent|apart)" "optimized" } } */
/* { dg-final { scan-tree-dump-not "memcmp" "optimized" } } */
/* { dg-final { scan-tree-dump "__deepmap_sections_absent \\(const void \\* addrs, const void \\* sizes, const void \\* arg, long unsigned int n\\)" "optimized" } } */
/* { dg-final { scan-tree-dump "omp_target_is_present \\(" "optimized" } } */
/* { dg-final { scan-tree-dump "__deepmap_sections_apart \\(const void \\* addrs, const void \\* sizes, const void \\* arg, long unsigned int n\\)" "optimized" } } */
