/* A registered nvptx image is linked and loaded on the CUDA device; its
   variable is mapped at the module's address; a region launches the
   kernel of its host function with GCC 12's convention: grid = teams,
   block = 32 lanes x warps, parameters = {device address of the
   translated-address array, soft stacks, 128 KiB per warp}.  */
/* { dg-do run } */
/* { dg-set-target-env-var DEEPMAP_DEVICES "cuda" } */

#include "synthetic-image.h"

struct params
{
  uintptr_t args, stacks;
  size_t stack_size;
};

int
main (void)
{
  synth_register ();
  dm_require_device ();
  CHECK (fk_count ("cuLinkAddData") == 1 && fk_count ("cuModuleLoadData")
	 == 1, "image not linked and loaded (%lu, %lu)",
	 fk_count ("cuLinkAddData"), fk_count ("cuModuleLoadData"));
  void *dv = dm_mapped (&synth_var, 0);
  CHECK (FK_IS_DEVICE_ADDR (dv), "synth_var mapped at %p", dv);

  int x = 7;
  void *hostaddrs[] = { &x };
  size_t sizes[] = { sizeof x };
  unsigned short kinds[] = { 3 /* GOMP_MAP_TOFROM */ };
  void *args[] = { SYNTH_ARG (1, 4), SYNTH_ARG (2, 2), NULL };
  GOMP_target_ext (0, synth_region, 1, hostaddrs, sizes, kinds, 0, NULL,
		   args);
  struct fakecuda_launch l;
  CHECK (fk_last_launch (&l) == 1, "%lu launches", fk_last_launch (&l));
  CHECK (!strcmp (l.name, "main$_omp_fn$0"), "kernel %s", l.name);
  CHECK (l.grid[0] == 4 && l.grid[1] == 1 && l.grid[2] == 1,
	 "grid %u,%u,%u", l.grid[0], l.grid[1], l.grid[2]);
  CHECK (l.block[0] == 32 && l.block[1] == 2 && l.block[2] == 1,
	 "block %u,%u,%u", l.block[0], l.block[1], l.block[2]);
  CHECK (l.stream == (void *) 2, "synchronous region on stream %p, not the "
	 "per-thread stream", l.stream);
  struct params p;
  CHECK (l.params_size == sizeof p, "%zu bytes of parameters",
	 l.params_size);
  memcpy (&p, l.params, sizeof p);
  CHECK (FK_IS_DEVICE_ADDR (p.args), "address array at %#lx",
	 (unsigned long) p.args);
  CHECK (FK_IS_DEVICE_ADDR (p.stacks), "stacks at %#lx",
	 (unsigned long) p.stacks);
  CHECK (p.stack_size == 128 * 1024, "stack size %zu", p.stack_size);

  /* Defaults: 8 warps; teams = SMs (132) x blocks that fit the register
     file (65536 / (64 regs x 32 x 8) = 4).  */
  void *none[] = { NULL };
  GOMP_target_ext (0, synth_region, 1, hostaddrs, sizes, kinds, 0, NULL,
		   none);
  CHECK (fk_last_launch (&l) == 2, "second launch missing");
  CHECK (l.grid[0] == 528 && l.block[1] == 8, "default geometry %u teams "
	 "of %u warps", l.grid[0], l.block[1]);

  /* thread_limit above 32 warps is clamped, teams above what fits too.  */
  void *big[] = { SYNTH_ARG (1, 100000), SYNTH_ARG (2, 1000), NULL };
  GOMP_target_ext (0, synth_region, 1, hostaddrs, sizes, kinds, 0, NULL,
		   big);
  fk_last_launch (&l);
  CHECK (l.block[1] == 32 && l.grid[0] == 132, "clamped geometry %u teams "
	 "of %u warps", l.grid[0], l.block[1]);
  CHECK (x == 7, "x changed on the host: %d", x);
  return 0;
}
