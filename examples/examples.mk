# examples/examples.mk -- `make run`: build, compile the examples with the
# deepmap plugin and run them on the default device (a GPU when one is
# found, else the emulated device) with transfer statistics.  Included by
# the top-level Makefile.

EXAMPLE_CFLAGS = -O2 -fopenmp -foffload=disable -I$(TOP)/include \
	-fplugin=$(B)/lib/deepmap/deepmap.so
EXAMPLE_LIBS = -lm

.PHONY: run

$(B)/examples/%: examples/%.c $(wildcard include/*.h) $(B)/lib/deepmap/deepmap.so
	@mkdir -p $(@D)
	$(CC) $(EXAMPLE_CFLAGS) $< -o $@ $(EXAMPLE_LIBS)

run: deps all $(B)/examples/heat $(B)/examples/list
	@echo "== heat.c: a time loop of target regions inside target data"
	@LD_LIBRARY_PATH=$(B)/lib/deepmap DEEPMAP_STATS=1 $(B)/examples/heat 1048576 100
	@echo "== list.c: a linked list mapped by its head (plugin deep copy)"
	@LD_LIBRARY_PATH=$(B)/lib/deepmap DEEPMAP_STATS=1 $(B)/examples/list 1000
