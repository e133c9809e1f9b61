/* elfscan.h -- find GCC's host tables in the loaded ELF objects.

   GCC puts the host addresses of every target region function in section
   .gnu.offload_funcs and the (address, size) pairs of every declare-target
   variable in .gnu.offload_vars of each object, also when it builds no
   offload image (-foffload=disable) and so never calls
   GOMP_offload_register_ver.  Reading the section headers of the main
   program and of every loaded shared object recovers those tables.  */
#ifndef DM_ELFSCAN_H
#define DM_ELFSCAN_H

#include "engine/images.h"

/* Called once per object having either section, with the tables at their
   run-time addresses (a missing section gives begin == end == NULL) and
   the object's file name.  TABLE and the name live only for the call.  */
typedef void dm_elfscan_found_fn (const struct dm_host_table *table,
				  const char *object_name, void *arg);

/* Scan the main program and every loaded shared object (not the vDSO,
   not objects without a file name; shared objects whose files cannot be
   opened are skipped).  Return 0, or -1 with dm_set_reason when an object's file is
   malformed or does not match what is loaded; FOUND is not called at all
   then.  */
int dm_elfscan_host_tables (dm_elfscan_found_fn *found, void *arg);

/* The writable loaded segments (static data: .data, .bss) of the object
   that holds address ADDR: up to MAX ranges [S[i], E[i]), their number
   returned (0 if no object holds ADDR); *NAME (if given) its file name,
   valid while the object stays loaded.  */
int dm_elfscan_object_data (const void *addr, uintptr_t *s, uintptr_t *e,
			    int max, const char **name);

#endif
