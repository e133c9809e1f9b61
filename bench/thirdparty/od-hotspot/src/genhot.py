# corpus helper (not third-party): temp/power input files for Rodinia hotspot
import random, sys
r, c = int(sys.argv[1]), int(sys.argv[2]); random.seed(3)
open("temp.txt", "w").write("".join("%f\n" % (320 + 20 * random.random()) for _ in range(r * c)))
open("power.txt", "w").write("".join("%f\n" % (0.001 * random.random()) for _ in range(r * c)))
