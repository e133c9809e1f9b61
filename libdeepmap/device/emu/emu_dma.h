/* emu_dma.h -- the emulated device's copy engine: how bytes move between
   host and emulated device memory.  */
#ifndef DM_EMU_DMA_H
#define DM_EMU_DMA_H

#include <stddef.h>

/* Copy SIZE bytes from SRC to DST (the ranges may overlap) as a DMA
   engine would: a large copy bypasses the CPU caches.  */
void dm_emu_dma_copy (void *dst, const void *src, size_t size);

#endif
