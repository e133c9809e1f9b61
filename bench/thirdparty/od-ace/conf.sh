LANGX=cxx; NAIVE=main_naive.cpp; EXPERT=main.cpp; FLAGS="-std=c++14 -DVERIFY"; ARGS="20"; FILTER="time"
