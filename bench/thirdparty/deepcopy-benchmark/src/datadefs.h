
#ifndef __DATADEFS_H__
#define __DATADEFS_H__

typedef double datatype;

#define DENSE_MIN_N 10
#define DENSE_MAX_N 100000
#define DENSE_MUL_N 10

#define DENSE_MIN_Q 2
#define DENSE_MAX_Q 16
#define DENSE_MUL_Q 2

#endif
