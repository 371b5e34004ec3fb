# Unit suite of the load generator's pure parts (bench/): reply reader,
# latency histogram, session scripts, the durable test's game script.
wg_unit_test(test_bench SOURCES ${CMAKE_SOURCE_DIR}/tests/unit/test_bench.c LIBS wg_benchlib)
