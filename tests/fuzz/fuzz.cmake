# tests/fuzz/fuzz.cmake -- how every fuzz target is built (included by each target's file).
#
# wg_fuzz_target(<name> HARNESS <file.c> [SOURCES <instrumented .c>...] [LIBS <libs>...]
#                RUN_LIBS <libs>... RANDOM <n> [DEFS <definitions>...])
# gives, for tests/fuzz/fuzz_<name>.c and its seed corpus tests/fuzz/corpus/<name>/:
#   - fuzz_<name>_run (every build): the harness with fuzz_main.c, linked to RUN_LIBS (the
#     project's libraries), and the CTest fuzz_<name>_corpus that replays the corpus (seeds
#     and the regression inputs of crashes found) and <n> pseudo-random inputs, under ASan
#     and UBSan in the asan build;
#   - fuzz_<name> (CC=clang, -DWG_FUZZ=ON): the libFuzzer target, the harness and SOURCES
#     compiled with coverage instrumentation, ASan and UBSan, linked to LIBS.  Every such
#     target is listed in <build>/fuzz-targets.txt ("<name> <corpus dir>"), which
#     scripts/test reads to run each for a bounded time (docs/testing.md).
include_guard(GLOBAL)
option(WG_FUZZ "Build the libFuzzer targets (Clang only)" OFF)
set(WG_FUZZ_LIST ${CMAKE_BINARY_DIR}/fuzz-targets.txt)
file(WRITE ${WG_FUZZ_LIST} "")
if(WG_FUZZ AND NOT CMAKE_C_COMPILER_ID STREQUAL "Clang")
  message(WARNING "WG_FUZZ needs Clang (CC=clang); the libFuzzer targets are not built")
endif()

# The libraries the libFuzzer targets share, compiled once with coverage instrumentation:
# wg_fuzz_rules (rules/), wg_fuzz_protocol (protocol/).  A target names them in LIBS.
if(WG_FUZZ AND CMAKE_C_COMPILER_ID STREQUAL "Clang")
  set(_wg_fuzz_flags -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
                     -fno-omit-frame-pointer)
  file(GLOB_RECURSE _wg_fuzz_rules_src CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/rules/*.c)
  add_library(wg_fuzz_rules STATIC EXCLUDE_FROM_ALL ${_wg_fuzz_rules_src}
                                                    ${CMAKE_BINARY_DIR}/rules/data_minis.c)
  target_compile_definitions(wg_fuzz_rules PUBLIC WG_HAVE_FM=1 WG_HAVE_CAMPAIGN=1 WG_HAVE_MINIS=1)
  file(GLOB _wg_fuzz_proto_src CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/protocol/*.c)
  add_library(wg_fuzz_protocol STATIC EXCLUDE_FROM_ALL ${_wg_fuzz_proto_src})
  foreach(_lib wg_fuzz_rules wg_fuzz_protocol)
    target_include_directories(${_lib} PUBLIC ${CMAKE_SOURCE_DIR})
    target_compile_options(${_lib} PRIVATE ${_wg_fuzz_flags})
    target_link_libraries(${_lib} PUBLIC PkgConfig::CJSON m)
  endforeach()
endif()

function(wg_fuzz_target name)
  cmake_parse_arguments(F "" "HARNESS;RANDOM" "SOURCES;LIBS;RUN_LIBS;DEFS" ${ARGN})
  set(_corpus ${CMAKE_SOURCE_DIR}/tests/fuzz/corpus/${name})
  set(_defs WG_TEST_DATA="${CMAKE_SOURCE_DIR}/tests/data" WG_DATA_DIR="${CMAKE_SOURCE_DIR}/data"
            ${F_DEFS})
  add_executable(fuzz_${name}_run ${F_HARNESS} ${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_main.c)
  target_include_directories(fuzz_${name}_run PRIVATE ${CMAKE_SOURCE_DIR})
  target_link_libraries(fuzz_${name}_run PRIVATE ${F_RUN_LIBS})
  target_compile_definitions(fuzz_${name}_run PRIVATE ${_defs})
  add_test(NAME fuzz_${name}_corpus COMMAND fuzz_${name}_run -random ${F_RANDOM} 7 ${_corpus})
  set_tests_properties(fuzz_${name}_corpus PROPERTIES TIMEOUT 600 LABELS fuzz)
  if(WG_FUZZ AND CMAKE_C_COMPILER_ID STREQUAL "Clang")
    add_executable(fuzz_${name} EXCLUDE_FROM_ALL ${F_HARNESS} ${F_SOURCES})
    target_include_directories(fuzz_${name} PRIVATE ${CMAKE_SOURCE_DIR})
    target_link_libraries(fuzz_${name} PRIVATE ${F_LIBS})
    target_compile_definitions(fuzz_${name} PRIVATE ${_defs})
    target_compile_options(fuzz_${name} PRIVATE -fsanitize=fuzzer,address,undefined
                           -fno-sanitize-recover=all -fno-omit-frame-pointer)
    target_link_options(fuzz_${name} PRIVATE -fsanitize=fuzzer,address,undefined)
    file(APPEND ${WG_FUZZ_LIST} "${name} ${_corpus}\n")
  endif()
endfunction()
