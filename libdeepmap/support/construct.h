/* construct.h -- the kinds of OpenMP construct the runtime carries out,
   and their names for messages: a leaf every layer may name (the
   mapping layer's records, the directory's errors, the nowait tasks).  */
#ifndef DM_CONSTRUCT_H
#define DM_CONSTRUCT_H

enum dm_construct
{
  DM_CONSTRUCT_TARGET,
  DM_CONSTRUCT_DATA,
  DM_CONSTRUCT_ENTER_DATA,
  DM_CONSTRUCT_EXIT_DATA,
  DM_CONSTRUCT_UPDATE,
  DM_CONSTRUCT_API		/* omp_target_* routines */
};

/* Human-readable name of a construct for error messages.  */
static inline const char *
dm_construct_name (enum dm_construct c)
{
  switch (c)
    {
    case DM_CONSTRUCT_TARGET: return "target";
    case DM_CONSTRUCT_DATA: return "target data";
    case DM_CONSTRUCT_ENTER_DATA: return "target enter data";
    case DM_CONSTRUCT_EXIT_DATA: return "target exit data";
    case DM_CONSTRUCT_UPDATE: return "target update";
    default: return "device memory routine";
    }
}

#endif
