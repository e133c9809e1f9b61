/* nvptx-layout.h -- the target data of an nvptx image as GCC 12's
   mkoffload emits it (the layout of libgomp/plugin/plugin-nvptx.c), for
   tests that make images by hand; the fake driver reads their "PTX".
   Written from GCC's layout, not from the runtime's declaration of it,
   so that the tests check that declaration.  */
#ifndef NVPTX_LAYOUT_H
#define NVPTX_LAYOUT_H

#include "cuda-check.h"

struct synth_obj { const char *code; size_t size; };
struct synth_fn { const char *name; unsigned short dim[3]; };
struct synth_data
{
  const struct synth_obj *objs;
  unsigned nobjs;
  const char *const *var_names;
  unsigned nvars;
  const struct synth_fn *fns;
  unsigned nfns;
};

/* The top bit of a host table's variable size: declare target link.  */
#define SYNTH_LINK_BIT ((uintptr_t) 1 << (sizeof (uintptr_t) * 8 - 1))

#endif
