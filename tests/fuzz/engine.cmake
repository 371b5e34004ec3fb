# tests/fuzz/engine.cmake -- the engine target (fuzz_engine.c): random verb and argument
# sequences on live games of every shipped scenario, the engine's contracts checked after
# every step.
#   - fuzz_engine_run (every build, CTest): replays the committed corpus
#     tests/fuzz/corpus/engine/ and 30 pseudo-random inputs;
#   - fuzz_engine (CC=clang, -DWG_FUZZ=ON): the libFuzzer target, e.g.
#       build-fuzz/tests/fuzz_engine -max_total_time=600 tests/fuzz/corpus/engine
add_executable(fuzz_engine_run ${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_engine.c
                               ${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_main.c)
target_include_directories(fuzz_engine_run PRIVATE ${CMAKE_SOURCE_DIR})
target_link_libraries(fuzz_engine_run PRIVATE wg_rules)
target_compile_definitions(fuzz_engine_run PRIVATE WG_TEST_DATA="${CMAKE_SOURCE_DIR}/tests/data"
                                                   WG_DATA_DIR="${CMAKE_SOURCE_DIR}/data")
add_test(NAME fuzz_engine_corpus
         COMMAND fuzz_engine_run -random 30 7 ${CMAKE_SOURCE_DIR}/tests/fuzz/corpus/engine)
set_tests_properties(fuzz_engine_corpus PROPERTIES TIMEOUT 600 LABELS fuzz)

if(WG_FUZZ AND CMAKE_C_COMPILER_ID STREQUAL "Clang")
  file(GLOB_RECURSE _wg_fuzz_rules_src CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/rules/*.c)
  add_executable(fuzz_engine ${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_engine.c ${_wg_fuzz_rules_src})
  target_include_directories(fuzz_engine PRIVATE ${CMAKE_SOURCE_DIR})
  target_link_libraries(fuzz_engine PRIVATE PkgConfig::CJSON m)
  target_compile_definitions(fuzz_engine PRIVATE WG_HAVE_FM=1
                             WG_TEST_DATA="${CMAKE_SOURCE_DIR}/tests/data"
                             WG_DATA_DIR="${CMAKE_SOURCE_DIR}/data")
  target_compile_options(fuzz_engine PRIVATE -fsanitize=fuzzer,address,undefined
                         -fno-sanitize-recover=all -fno-omit-frame-pointer)
  target_link_options(fuzz_engine PRIVATE -fsanitize=fuzzer,address,undefined)
endif()
