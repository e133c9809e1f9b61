LANGX=cxx; NAIVE=needle_naive.cpp; EXPERT=needle.cpp; FLAGS="-DOMP_OFFLOAD"; ARGS="512 10 2"; OUTFILES=result.txt; FILTER="time"
