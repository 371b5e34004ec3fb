# tests/fuzz/config.cmake -- the config target (fuzz_config.c): the daemon's config file and
# the flags over it (server/config.c; tests/fuzz/fuzz.cmake).
include(${CMAKE_CURRENT_LIST_DIR}/fuzz.cmake)
wg_fuzz_target(config HARNESS ${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_config.c
               SOURCES ${CMAKE_SOURCE_DIR}/server/config.c ${CMAKE_SOURCE_DIR}/server/log.c
               LIBS PkgConfig::SODIUM
               RUN_LIBS wg_server RANDOM 2000)
