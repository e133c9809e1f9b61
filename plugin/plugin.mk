# plugin.mk -- the deepmap GCC plugin; included from the top-level Makefile
# (which defines B, TOP, CC, PREFIX, DESTDIR).
#
#   make plugin              $(B)/lib/deepmap/deepmap.so
#   make install-plugin      PREFIX/lib/deepmap/deepmap.so (part of install)
#   make install-gcc-plugin  into $(CC)'s own plugin directory, so that
#                            -fplugin=deepmap finds it by its short name
#
# The plugin is C++ for GCC's headers (g++, the C++ compiler matching CC)
# and must be built by and for the GCC that loads it.  PLUGIN_SANITIZE
# (make check-asan) builds it with sanitizers; cc1 then needs their
# runtimes preloaded (testsuite/asan-compilers.sh).

PLUGIN_CXX ?= g++
GCC_PLUGIN_DIR := $(shell $(CC) -print-file-name=plugin)
PLUGIN_SANITIZE ?=
PLUGIN_CXXFLAGS = -x c++ -std=gnu++14 -fPIC -fno-rtti -fno-exceptions \
	-O2 -g -Wall -Wno-unused-parameter -I$(GCC_PLUGIN_DIR)/include \
	-I$(TOP)/include $(PLUGIN_SANITIZE)

PLUGIN_SRCS := $(wildcard plugin/*.c)
PLUGIN_HDRS := $(wildcard plugin/*.h)
PLUGIN_OBJS := $(patsubst plugin/%.c,$(B)/obj/plugin/%.o,$(PLUGIN_SRCS))
PLUGIN := $(B)/lib/deepmap/deepmap.so

.PHONY: plugin install-plugin install-gcc-plugin

plugin: $(PLUGIN)

$(PLUGIN_OBJS): $(B)/obj/plugin/%.o: plugin/%.c $(PLUGIN_HDRS) include/deepmap.h
	@mkdir -p $(@D)
	$(PLUGIN_CXX) $(PLUGIN_CXXFLAGS) -c $< -o $@

$(PLUGIN): $(PLUGIN_OBJS)
	@mkdir -p $(@D)
	$(PLUGIN_CXX) -shared $(PLUGIN_SANITIZE) -o $@ $(PLUGIN_OBJS)

install-plugin: $(PLUGIN)
	install -d $(DESTDIR)$(PREFIX)/lib/deepmap
	install -m 0755 $(PLUGIN) $(DESTDIR)$(PREFIX)/lib/deepmap/deepmap.so

install-gcc-plugin: $(PLUGIN)
	install -d $(DESTDIR)$(GCC_PLUGIN_DIR)
	install -m 0755 $(PLUGIN) $(DESTDIR)$(GCC_PLUGIN_DIR)/deepmap.so
