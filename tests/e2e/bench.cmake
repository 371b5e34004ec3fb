# End-to-end suite of the load generator: runs the real `wg-bench` binary
# against the fake server inside the test.
find_package(Threads REQUIRED)
wg_unit_test(test_bench_fake
  SOURCES ${CMAKE_SOURCE_DIR}/tests/e2e/test_bench_fake.c
          ${CMAKE_SOURCE_DIR}/tests/e2e/client_fake_server.c
          ${CMAKE_SOURCE_DIR}/tests/e2e/client_proc.c
  LIBS Threads::Threads wg_common)
target_compile_definitions(test_bench_fake PRIVATE WG_BENCH_BIN="$<TARGET_FILE:wg-bench>")
add_dependencies(test_bench_fake wg-bench)

# wg-gamesdb, the recovery benchmark's database builder: a small database, and the daemon
# loads every game of it (tests/e2e/gamesdb_smoke.sh).
add_test(NAME wg_gamesdb_smoke
  COMMAND bash ${CMAKE_SOURCE_DIR}/tests/e2e/gamesdb_smoke.sh $<TARGET_FILE:wg-gamesdb>
          $<TARGET_FILE:wargamed> ${CMAKE_SOURCE_DIR}/data)
set_tests_properties(wg_gamesdb_smoke PROPERTIES LABELS e2e TIMEOUT 300)
