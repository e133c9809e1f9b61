# corpus helper (not third-party): random graph in Rodinia BFS text format
import random, sys
n = int(sys.argv[1]); random.seed(7)
adj = [[] for _ in range(n)]
for i in range(n):
    for _ in range(random.randint(1, 6)):
        j = random.randrange(n); adj[i].append(j); adj[j].append(i)
out = [str(n)]; s = 0
for i in range(n): out.append("%d %d" % (s, len(adj[i]))); s += len(adj[i])
out.append("0"); out.append(str(s))
for i in range(n):
    for j in adj[i]: out.append("%d %d" % (j, random.randint(1, 10)))
open(sys.argv[2], "w").write("\n".join(out) + "\n")
