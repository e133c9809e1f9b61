LANGX=c; NAIVE=saxpy_naive.c; EXPERT=saxpy_expert.c; FILTER="Time of kernel"
