LANGX=cxx; NAIVE=bfs_naive.cpp; EXPERT=bfs.cpp; FLAGS="-DOMP_OFFLOAD"; SETUP="python3 gengraph.py 20000 graph.txt"; ARGS="4 graph.txt"; OUTFILES=result.txt; FILTER="time"
