#!/usr/bin/env python3
"""OpenMP port of the deepcopy-benchmark Linear scenario's generator
(src/simple/generate.py and its templates, MIT licence: ../LICENSE).

Writes one C++ program for depth COUNT (classes L0 .. L{COUNT-1}, each
L{i} pointing to L{i+1}, every level but the last with an array A of N
doubles), a layout (allinit-allused, allinit-LLused, LLinit-LLused) and
an approach:

  auto   deepmap's automatic deep copy: the chain allocated object by
         object (as the original's uvm and pointerchain programs do),
         `target enter data map(to: a0[0:1])', `exit data map(from:
         a0[0:1])'; built with -fplugin=deepmap.so
  pc     the original's pointerchain programs: per object (and array)
         one enter data, in chain order, each attaching its parent
         (OpenMP 5: map(to: p->Lnext[0:1]) of a present p), exit data in
         reverse order; for LLused layouts, as the pointerchain tool
         does, only the last array, through a pointer evaluated on the
         host
  seriz  the original's serialised programs: the chain marshalled into
         one buffer, one transfer, then one attach per pointer (enter
         data map(alloc: ...) of the present pointee), detaches before
         the copy back
  bulk   the bound: the marshalled buffer alone, one transfer each way,
         no pointers attached, no kernel

The original's program body is kept (allocation, initialisation of the
last array, transfer, compute, transfer back, check); the port repeats
transfer, compute and transfer back ITERS times after one warm-up and
prints one line of medians.

Usage: linear-gen.py COUNT LAYOUT APPROACH OUTPUT.cpp
"""
import sys

LAYOUTS = {"allinit-allused": (True, True), "allinit-LLused": (True, False),
           "LLinit-LLused": (False, False)}


def classes(count):
    q = "class L%d {};\n" % (count - 1)
    for i in reversed(range(count - 1)):
        q += """class L%d {
public:
	datatype 	*A deepmap_counted_by(nA);
	int 		nA;
	L%d  		*Lnext deepmap_counted_by(nLnext);
	int 		nLnext;
};
""" % (i, i + 1)
    return q


def has_array(i, count, init_all):
    return i < count - 1 and (init_all or i == count - 2)


def chain(level):
    """The expression of level LEVEL's object, from a0."""
    return "a0" + "->Lnext" * level


def allocate(count, init_all):
    s = "L0 *a0 = new L0();\n"
    for i in range(1, count):
        s += "\t%s = new L%d();\n" % (chain(i), i)
    for i in range(count - 1):
        s += "\t%s->nLnext = 1;\n" % chain(i)
        if has_array(i, count, init_all):
            s += "\t%s->A = new datatype[N];\n" % chain(i)
            s += "\t%s->nA = N;\n" % chain(i)
    return s


def allocate_serialized(count, init_all):
    s = "size_t sz = 0;\n"
    for i in range(count):
        s += "\tsz += sizeof(L%d);\n" % i
        if has_array(i, count, init_all):
            s += "\tsz += sizeof(datatype)*N;\n"
    s += "\tTransferUnit tu;\n\ttu.init(sz);\n"
    s += "\tL0 *a0 = new (tu.get_next_ptr(sizeof(L0))) L0();\n"
    for i in range(count):
        if i > 0:
            s += "\t%s = new (tu.get_next_ptr(sizeof(L%d))) L%d();\n" % (
                chain(i), i, i)
        if i < count - 1:
            s += "\t%s->nLnext = 1;\n" % chain(i)
        if has_array(i, count, init_all):
            s += "\t%s->A = (datatype*) tu.get_next_ptr(sizeof(datatype)*N);\n" % chain(i)
            s += "\t%s->nA = N;\n" % chain(i)
    return s


def used_levels(count, all_used):
    last = count - 2
    return list(range(count - 1)) if all_used else [last]


def transfer_pc(count, init_all, all_used):
    to, back = "", ""
    if all_used:
        lines_to, lines_back = [], []
        lines_to.append("#pragma omp target enter data map(to: a0[0:1])")
        lines_back.append("#pragma omp target exit data map(from: a0[0:1])")
        for i in range(count - 1):
            p = "p%d" % i
            decl = "L%d *%s = %s;" % (i, p, chain(i))
            if i + 1 < count:
                lines_to.append("{ %s\n#pragma omp target enter data map(to: %s->Lnext[0:1])\n}" % (decl, p))
                lines_back.append("{ %s\n#pragma omp target exit data map(from: %s->Lnext[0:1])\n}" % (decl, p))
            if has_array(i, count, init_all):
                lines_to.append("{ %s\n#pragma omp target enter data map(to: %s->A[0:N])\n}" % (decl, p))
                lines_back.append("{ %s\n#pragma omp target exit data map(from: %s->A[0:N])\n}" % (decl, p))
        to = "\n\t".join(lines_to)
        back = "\n\t".join(reversed(lines_back))
    else:
        to = "datatype *pc = %s->A;\n#pragma omp target enter data map(to: pc[0:N])" % chain(count - 2)
        back = "#pragma omp target exit data map(from: pc[0:N])"
    return to, back


def transfer_seriz(count, init_all):
    to = "tu.copyToGPU();\n"
    back = ""
    for i in range(count - 1):
        to += "\t{ L%d *p = %s;\n#pragma omp target enter data map(alloc: p->Lnext[0:1])\n\t}\n" % (i, chain(i))
        if has_array(i, count, init_all):
            to += "\t{ L%d *p = %s;\n#pragma omp target enter data map(alloc: p->A[0:N])\n\t}\n" % (i, chain(i))
    for i in reversed(range(count - 1)):
        if has_array(i, count, init_all):
            back += "\t{ L%d *p = %s;\n#pragma omp target exit data map(release: p->A[0:N])\n\t}\n" % (i, chain(i))
        back += "\t{ L%d *p = %s;\n#pragma omp target exit data map(release: p->Lnext[0:1])\n\t}\n" % (i, chain(i))
    back += "\ttu.copyFromGPU();\n"
    return to, back


def compute(count, all_used, approach):
    if approach == "bulk":
        return ""
    if approach == "pc" and not all_used:
        body = "pc[i] *= scale;"
        mapping = "map(alloc: pc[0:N])"
    else:
        body = " ".join("%s->A[i] *= scale;" % chain(i)
                        for i in used_levels(count, all_used))
        mapping = "map(alloc: a0[0:1])"
    return """#pragma omp target teams distribute parallel for %s
	for(int i=0;i<N;i++) {
		%s
	}""" % (mapping, body)


def check(count, approach):
    if approach == "bulk":
        return ""
    return """datatype *d = %s->A;
	for(int i=0;i<N;i++)
		if(d[i] != i*scale)
			if (errors++ < 5) printf("at index: %%d\\n", i);""" % chain(count - 2)


MAIN = r"""// Generated by linear-gen.py %(args)s: the OpenMP port of the
// deepcopy-benchmark Linear program benchmark-k%(count)d-%(layout)s
// (MIT licence: bench/thirdparty/deepcopy-benchmark/LICENSE).
#include <stdio.h>
#include <stdlib.h>
#include <new>
#include <algorithm>
#include <omp.h>
#include "../src/datadefs.h"
#ifdef __DEEPMAP_PLUGIN__
#include <deepmap.h>
#else
#define deepmap_counted_by(n)
#endif

using namespace std;

class TransferUnit {
public:
	char *q;
	size_t total_size;
	char *next_ptr;

	void init(size_t sz) {
		q = (char*) malloc(sz);
		next_ptr = q;
		total_size = sz;
	}

	char *get_next_ptr(size_t sz) {
		next_ptr += sz;
		return next_ptr - sz;
	}

	void copyToGPU() {
		char *q = this->q;
		size_t total_size = this->total_size;
		#pragma omp target enter data map(to: q[0:total_size])
	}

	void copyFromGPU() {
		char *q = this->q;
		size_t total_size = this->total_size;
		#pragma omp target exit data map(from: q[0:total_size])
	}
};

// class definitions
%(classes)s

static double median(double *t, int n) {
	sort(t, t + n);
	return n %% 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
}

int main(int argc, char const *argv[]) {

	datatype scale = 31;
	if(argc < 2) {
		printf("Usage: %%s <N> [ITERS]\n", argv[0]);
		exit(2);
	}
	int N = atoi(argv[1]);
	int iters = argc > 2 ? atoi(argv[2]) : 1;
	if (N < 1 || iters < 1) {
		printf("N and ITERS must be positive\n");
		exit(2);
	}
	size_t bytes = 0;

	// allocating classes
	%(alloc)s
	double *t_to = new double[iters], *t_comp = new double[iters],
	       *t_from = new double[iters];
	int errors = 0;
	for (int it = 0; it <= iters; it++) {
		// initializing the variables
		for(int i=0;i<N;i++)
			%(last)s->A[i] = i;

		double t0 = omp_get_wtime();
		// transfer data to gpu
		%(to)s
		double t1 = omp_get_wtime();
		// compute section
		%(compute)s
		double t2 = omp_get_wtime();
		// transfer data from gpu
		%(back)s
		double t3 = omp_get_wtime();
		// check results
		%(check)s
		if (it > 0) {
			t_to[it - 1] = t1 - t0;
			t_comp[it - 1] = t2 - t1;
			t_from[it - 1] = t3 - t2;
		}
	}
	%(bytes)s
	printf("linear-k%(count)d-%(layout)s N=%%d bytes=%%zu iters=%%d to_us=%%.1f "
	       "compute_us=%%.1f from_us=%%.1f errors=%%d\n", N, bytes, iters,
	       1e6 * median(t_to, iters), 1e6 * median(t_comp, iters),
	       1e6 * median(t_from, iters), errors);
	return errors != 0;
}
"""


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    count, layout, approach, out = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
    if count < 2 or layout not in LAYOUTS or approach not in ("auto", "pc", "seriz", "bulk"):
        sys.exit(__doc__)
    init_all, all_used = LAYOUTS[layout]
    if approach in ("seriz", "bulk"):
        alloc = allocate_serialized(count, init_all)
        nbytes = "bytes = tu.total_size;"
    else:
        alloc = allocate(count, init_all)
        nbytes = "bytes = %d * sizeof(datatype) * N + %s;" % (
            sum(1 for i in range(count) if has_array(i, count, init_all)),
            " + ".join("sizeof(L%d)" % i for i in range(count)))
    if approach == "auto":
        to = "#pragma omp target enter data map(to: a0[0:1])"
        back = "#pragma omp target exit data map(from: a0[0:1])"
    elif approach == "pc":
        to, back = transfer_pc(count, init_all, all_used)
    elif approach == "seriz":
        to, back = transfer_seriz(count, init_all)
    else:
        to, back = "tu.copyToGPU();", "tu.copyFromGPU();"
    # The variables the transfer declares live across the loop body.
    src = MAIN % {
        "args": " ".join(sys.argv[1:4]), "count": count, "layout": layout,
        "classes": classes(count), "alloc": alloc, "last": chain(count - 2),
        "to": to, "compute": compute(count, all_used, approach),
        "back": back, "check": check(count, approach), "bytes": nbytes}
    with open(out, "w") as f:
        f.write(src)


if __name__ == "__main__":
    main()
