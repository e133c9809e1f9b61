LANGX=cxx; NAIVE="clenergy_naive.cpp"; EXPERT="clenergy.cpp"; COMMON=WKFUtils.cpp; FLAGS="-std=c++14"; LTO=1; FILTER="time|Time|Efficiency|GFLOPS|MFLOPS|speed|bandwidth|invocation"
SETUP="sed -i 's/int atomcount = 1000000;/int atomcount = 20000;/; s/volsize.x = 768;/volsize.x = 128;/; s/volsize.y = 768;/volsize.y = 128;/' clenergy.cpp clenergy_naive.cpp"
