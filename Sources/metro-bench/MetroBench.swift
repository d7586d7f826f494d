// Placeholder: the benchmark lands with the rasterizer (issue 5).
print("metro-bench: no benchmark cases yet")
