LANGX=cxx; NAIVE=lulesh_naive.cc; EXPERT=lulesh.cc; COMMON="lulesh-init.cc lulesh-util.cc lulesh-viz.cc"; FLAGS="-std=c++14"; ARGS="-i 20 -s 16"; LTO=1; FILTER="[Tt]ime|FOM|Grind|Elapsed"
