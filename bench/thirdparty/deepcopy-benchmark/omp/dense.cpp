// OpenMP port of the deepcopy-benchmark Dense scenario (src/dense/
// deepcopy.cpp and deepcopy_selective.cpp, MIT licence: ../LICENSE).
// What changed is listed in ../ORIGIN; in short: OpenACC directives and
// acc_attach/acc_detach became OpenMP 5 directives, the count fields are
// set and annotated for deepmap's automatic deep copy, and main repeats
// the measured steps and prints one line of results.
//
// Build with one of:
//   -DVARIANT_HAND  the paper's "deepcopy": the structure marshalled in
//                   one buffer, one transfer, then one attach per pointer
//                   (target enter data map(alloc: p->A[0:n]) of the
//                   present pointee), detaches before the copy back
//   -DVARIANT_AUTO  deepmap's automatic deep copy (-fplugin=deepmap.so):
//                   target enter data map(to: a0[0:1]), exit data
//                   map(from: a0[0:1]); the same structure in one buffer
//   -DVARIANT_BULK  the bound: the marshalled buffer alone, one transfer
//                   each way, no pointers attached, no kernel
// and -DSELECTIVE for deepcopy_selective.cpp's kernel (one leaf used).
//
// Usage: dense N Q [ITERS]
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <omp.h>
#include <queue>
#include <algorithm>
#include "../src/datadefs.h"
#ifdef VARIANT_AUTO
#include <deepmap.h>
#else
#define deepmap_counted_by(n)
#endif

using namespace std;

class TransferUnit {
public:
	char *q;
	size_t q_len;
	size_t total_size;
	char *next_ptr;

	queue<void*> q_addr;

	TransferUnit() {
		q = NULL;
		q_len = 0;
		total_size = 0;
		next_ptr = NULL;
	}

	void init(size_t sz) {
		q = (char*) malloc(sz);
		next_ptr = q;
		q_len = 0;
		total_size = sz;
	}

	char *get_next_ptr(size_t sz) {
		next_ptr += sz;
		q_len += sz;
		q_addr.push(next_ptr-sz);
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

	void freeMem() {
		free(q);
		q = NULL;
	}
};


class L3 {
public:
	datatype 	*A deepmap_counted_by(nA);
	int 		nA;
};

class L2 {
public:
	datatype 	*A deepmap_counted_by(nA);
	int 		nA;
	L3			*Lnext deepmap_counted_by(nLnext);
	int 		nLnext;
};

class L1 {
public:
	datatype 	*A deepmap_counted_by(nA);
	int 		nA;
	L2			*Lnext deepmap_counted_by(nLnext);
	int 		nLnext;
};

class L0 {
public:
	datatype 	*A deepmap_counted_by(nA);
	int 		nA;
	L1			*Lnext deepmap_counted_by(nLnext);
	int 		nLnext;
};


size_t calculate_size(int N, int Q) {
	size_t sz = 0;
	sz += sizeof(L0);
	sz += sizeof(datatype) * N;
	sz += sizeof(L1) * Q;

	for(int i=0;i<Q;i++) {
		sz += sizeof(datatype) * N;
		sz += sizeof(L2) * Q;

		for(int j=0;j<Q;j++) {
			sz += sizeof(datatype) * N;
			sz += sizeof(L3) * Q;

			for(int k=0;k<Q;k++) {
				sz += sizeof(datatype) * N;
			}
		}
	}
	return sz;
}

// The port sets the counts (nA, nLnext), which the original leaves
// unset: automatic deep copy reads them.
L0 *build_the_structure(int N, int Q, TransferUnit &tu) {

	size_t sz = calculate_size(N, Q);

	tu.init(sz);

	L0 *a0 = (L0*) tu.get_next_ptr(sizeof(L0));
	a0->A = (datatype*) tu.get_next_ptr(sizeof(datatype)*N);
	a0->nA = N;
	a0->Lnext = (L1*) tu.get_next_ptr(sizeof(L1)*Q);
	a0->nLnext = Q;

	for(int i=0;i<Q;i++) {
		a0->Lnext[i].A = (datatype*) tu.get_next_ptr(sizeof(datatype)*N);
		a0->Lnext[i].nA = N;
		a0->Lnext[i].Lnext = (L2*) tu.get_next_ptr(sizeof(L2)*Q);
		a0->Lnext[i].nLnext = Q;

		for(int j=0;j<Q;j++) {
			a0->Lnext[i].Lnext[j].A = (datatype*) tu.get_next_ptr(sizeof(datatype)*N);
			a0->Lnext[i].Lnext[j].nA = N;
			a0->Lnext[i].Lnext[j].Lnext = (L3*) tu.get_next_ptr(sizeof(L3)*Q);
			a0->Lnext[i].Lnext[j].nLnext = Q;

			for(int k=0;k<Q;k++) {
				a0->Lnext[i].Lnext[j].Lnext[k].A = (datatype*) tu.get_next_ptr(sizeof(datatype)*N);
				a0->Lnext[i].Lnext[j].Lnext[k].nA = N;
			}
		}
	}

	return a0;
}

// The original initialises the leaves while building; the port does it
// before every measured iteration (and the levels above, which the
// original leaves uninitialised, to 0).
void init_values(L0 *a0, int N, int Q) {
	memset(a0->A, 0, sizeof(datatype)*N);
	for(int i=0;i<Q;i++) {
		memset(a0->Lnext[i].A, 0, sizeof(datatype)*N);
		for(int j=0;j<Q;j++) {
			memset(a0->Lnext[i].Lnext[j].A, 0, sizeof(datatype)*N);
			for(int k=0;k<Q;k++)
				for(int t=0;t<N;t++)
					a0->Lnext[i].Lnext[j].Lnext[k].A[t] = t+1;
		}
	}
}

#if defined VARIANT_HAND
// acc_attach (&p->A) of a pointee that is present: in OpenMP 5, an enter
// data of the pointer's section with a present base structure attaches
// it; the matching exit data (release) detaches it and restores the host
// pointer in the device copy.
#ifndef SELECTIVE
#define ATTACH_A(p) { auto *o = (p); _Pragma("omp target enter data map(alloc: o->A[0:N])") }
#define DETACH_A(p) { auto *o = (p); _Pragma("omp target exit data map(release: o->A[0:N])") }
#else
#define ATTACH_A(p) {}
#define DETACH_A(p) {}
#endif
#define ATTACH_NEXT(p) { auto *o = (p); _Pragma("omp target enter data map(alloc: o->Lnext[0:Q])") }
#define DETACH_NEXT(p) { auto *o = (p); _Pragma("omp target exit data map(release: o->Lnext[0:Q])") }
#define ATTACH_LEAF(p) { auto *o = (p); _Pragma("omp target enter data map(alloc: o->A[0:N])") }
#define DETACH_LEAF(p) { auto *o = (p); _Pragma("omp target exit data map(release: o->A[0:N])") }

void transfer_to_gpu(L0 *a0, int N, int Q, TransferUnit &tu) {
	tu.copyToGPU();
	ATTACH_A(a0);
	ATTACH_NEXT(a0);

	for(int i=0;i<Q;i++) {
		ATTACH_A(&a0->Lnext[i]);
		ATTACH_NEXT(&a0->Lnext[i]);

		for(int j=0;j<Q;j++) {
			ATTACH_A(&a0->Lnext[i].Lnext[j]);
			ATTACH_NEXT(&a0->Lnext[i].Lnext[j]);

			for(int k=0;k<Q;k++) {
				ATTACH_LEAF(&a0->Lnext[i].Lnext[j].Lnext[k]);
			}
		}
	}
}

void transfer_to_host(L0 *a0, int N, int Q, TransferUnit &tu) {
	DETACH_A(a0);
	DETACH_NEXT(a0);

	for(int i=0;i<Q;i++) {
		DETACH_A(&a0->Lnext[i]);
		DETACH_NEXT(&a0->Lnext[i]);

		for(int j=0;j<Q;j++) {
			DETACH_A(&a0->Lnext[i].Lnext[j]);
			DETACH_NEXT(&a0->Lnext[i].Lnext[j]);

			for(int k=0;k<Q;k++) {
				DETACH_LEAF(&a0->Lnext[i].Lnext[j].Lnext[k]);
			}
		}
	}
	tu.copyFromGPU();
}
#elif defined VARIANT_AUTO
void transfer_to_gpu(L0 *a0, int N, int Q, TransferUnit &tu) {
	#pragma omp target enter data map(to: a0[0:1])
}

void transfer_to_host(L0 *a0, int N, int Q, TransferUnit &tu) {
	#pragma omp target exit data map(from: a0[0:1])
}
#elif defined VARIANT_BULK
void transfer_to_gpu(L0 *a0, int N, int Q, TransferUnit &tu) {
	tu.copyToGPU();
}

void transfer_to_host(L0 *a0, int N, int Q, TransferUnit &tu) {
	tu.copyFromGPU();
}
#else
#error "build with -DVARIANT_HAND, -DVARIANT_AUTO or -DVARIANT_BULK"
#endif

#ifndef SELECTIVE
void do_computation_2(L0 *a0, int N, int Q, datatype scale) {
	#pragma omp target teams distribute parallel for map(alloc: a0[0:1])
	for(int i=0;i<N;i++)
		a0->A[i] *= scale;

	#pragma omp target teams distribute parallel for map(alloc: a0[0:1])
	for(int j=0;j<Q;j++)
		for(int i=0;i<N;i++)
			a0->Lnext[j].A[i] *= scale;

	#pragma omp target teams distribute parallel for map(alloc: a0[0:1])
	for(int j=0;j<Q;j++)
		for(int k=0;k<Q;k++)
			for(int i=0;i<N;i++)
				a0->Lnext[j].Lnext[k].A[i] *= scale;

	#pragma omp target teams distribute parallel for map(alloc: a0[0:1])
	for(int j=0;j<Q;j++)
		for(int k=0;k<Q;k++)
			for(int t=0;t<Q;t++)
				for(int i=0;i<N;i++)
					a0->Lnext[j].Lnext[k].Lnext[t].A[i] *= scale;
}

int check_results(L0 *a0, int N, int Q, datatype scale) {
	int errors = 0;
	for(int j=0;j<Q;j++) {
		for(int k=0;k<Q;k++) {
			for(int t=0;t<Q;t++) {
				for(int i=0;i<N;i++) {
					if(a0->Lnext[j].Lnext[k].Lnext[t].A[i] != scale*(i+1)) {
						if (errors++ < 5)
							printf("Error in element (%d, %d, %d, %d)\n", j, k, t, i);
					}
				}
			}
		}
	}
	return errors;
}
#else
void do_computation_2(L0 *a0, int N, int Q, datatype scale) {
	int j=Q-1;
	int k=Q-1;
	int t=Q-1;

	#pragma omp target teams distribute parallel for map(alloc: a0[0:1])
	for(int i=0;i<N;i++)
		a0->Lnext[j].Lnext[k].Lnext[t].A[i] *= scale;
}

int check_results(L0 *a0, int N, int Q, datatype scale) {
	int j=Q-1;
	int k=Q-1;
	int t=Q-1;
	int errors = 0;

	for(int i=0;i<N;i++) {
		if(a0->Lnext[j].Lnext[k].Lnext[t].A[i] != scale*(i+1)) {
			if (errors++ < 5)
				printf("Error in element (%d, %d, %d, %d)\n", j, k, t, i);
		}
	}
	return errors;
}
#endif

static double median(double *t, int n) {
	sort(t, t + n);
	return n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
}

int main(int argc, char const *argv[]) {

	datatype scale = 37;
	if(argc < 3) {
		printf("Usage: %s <N> <Q> [ITERS]\n", argv[0]);
		exit(2);
	}
	int N = atoi(argv[1]);
	int Q = atoi(argv[2]);
	int iters = argc > 3 ? atoi(argv[3]) : 1;
	if (N < 1 || Q < 1 || iters < 1) {
		printf("N, Q and ITERS must be positive\n");
		exit(2);
	}

	TransferUnit tu;
	L0 *a0 = build_the_structure(N, Q, tu);

	// Iteration 0 warms up (device start, pool, page faults).
	double *t_to = new double[iters], *t_comp = new double[iters],
	       *t_from = new double[iters];
	int errors = 0;
	for (int it = 0; it <= iters; it++) {
		init_values(a0, N, Q);
		double t0 = omp_get_wtime();
		transfer_to_gpu(a0, N, Q, tu);
		double t1 = omp_get_wtime();
#ifndef VARIANT_BULK
		do_computation_2(a0, N, Q, scale);
#endif
		double t2 = omp_get_wtime();
		transfer_to_host(a0, N, Q, tu);
		double t3 = omp_get_wtime();
#ifndef VARIANT_BULK
		errors += check_results(a0, N, Q, scale);
#endif
		if (it > 0) {
			t_to[it - 1] = t1 - t0;
			t_comp[it - 1] = t2 - t1;
			t_from[it - 1] = t3 - t2;
		}
	}
	printf("dense%s N=%d Q=%d bytes=%zu iters=%d to_us=%.1f compute_us=%.1f "
	       "from_us=%.1f errors=%d\n",
#ifdef SELECTIVE
	       "-selective",
#else
	       "",
#endif
	       N, Q, tu.total_size, iters, 1e6 * median(t_to, iters),
	       1e6 * median(t_comp, iters), 1e6 * median(t_from, iters), errors);
	return errors != 0;
}
