/* wordscan.h -- find the first 8-byte word of a memory range whose value
   lies in an interval: the strict mode's scan of device memory for host
   addresses (map/strict.c), which reads every mapped byte before each
   region and so runs at memory speed or not at all.  */
#ifndef DM_WORDSCAN_H
#define DM_WORDSCAN_H

#include <stddef.h>
#include <stdint.h>

/* The index of the first of the N words at P (any alignment) whose
   value V has LO <= V < HI, or N if none has.  */
size_t dm_words_find (const void *p, size_t n, uint64_t lo, uint64_t hi);

#endif
