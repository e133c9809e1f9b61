LANGX=cxx; NAIVE=main_naive.cpp; EXPERT=main.cpp; FLAGS="-std=c++14"; ARGS="512 200 10 2"; FILTER="execution time"
