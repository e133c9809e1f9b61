LANGX=c; NAIVE=StreamTriad_par2.c; EXPERT=StreamTriad_par4.c; COMMON=timer.c; FLAGS="-std=gnu99"; LTO=1
SETUP="sed -i 's/nsize = 20000000/nsize = 1000000/' StreamTriad_par2.c StreamTriad_par4.c"
FILTER="runtime"
