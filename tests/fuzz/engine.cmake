# tests/fuzz/engine.cmake -- the engine target (fuzz_engine.c): random verb and argument
# sequences on live games of every shipped scenario, the engine's contracts checked after
# every step (tests/fuzz/fuzz.cmake: fuzz_engine_run and its CTest, fuzz_engine with
# libFuzzer).
include(${CMAKE_CURRENT_LIST_DIR}/fuzz.cmake)
wg_fuzz_target(engine HARNESS ${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_engine.c
               LIBS wg_fuzz_rules RUN_LIBS wg_rules RANDOM 30)
