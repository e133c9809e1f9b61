/* strict.h -- DEEPMAP_EMU_STRICT: devices that run regions as host code
   (the emulated device) read a host pointer left in device memory as if
   it were translated, where a GPU would fault or read garbage.  The
   strict mode scans the device copies of everything mapped, before each
   synchronous region, for words that equal a host address inside a
   mapped object.  Device memory must be readable by the host.  */
#ifndef DM_STRICT_H
#define DM_STRICT_H

struct dm_device;

/* Fatal error naming the first such word (block, offset, the object it
   points into).  Takes DEV's lock.  */
void dm_strict_scan (struct dm_device *dev);

#endif
