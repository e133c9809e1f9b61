LANGX=cxx; NAIVE=main_naive.cpp; EXPERT=main.cpp; COMMON="backprop.cpp facetrain.cpp imagenet.cpp"; FLAGS="-std=c++14"; ARGS="16384"; LTO=1; FILTER="time"
