/* emu_dma.h -- the emulated device's copy engine: how bytes move between
   host and emulated device memory.  */
#ifndef DM_EMU_DMA_H
#define DM_EMU_DMA_H

#include <stddef.h>
#include <stdint.h>

/* Copy SIZE bytes from SRC to DST (the ranges may overlap) as a DMA
   engine would: a large copy bypasses the CPU caches.  */
void dm_emu_dma_copy (void *dst, const void *src, size_t size);

/* Copy HEIGHT rows of WIDTH bytes from SRC (SPITCH apart) to DST (DPITCH
   apart; no overlap) the same way, and return their content hash
   (support/contenthash.h), taken in the same pass.  */
uint64_t dm_emu_dma_copy_hashed (void *dst, size_t dpitch, const void *src,
				 size_t spitch, size_t width, size_t height);

#endif
