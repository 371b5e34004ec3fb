# tests/fuzz/config.cmake -- the config target (fuzz_config.c): the daemon's config file and
# the flags over it (server/config.c; tests/fuzz/fuzz.cmake).  config.c is instrumented; what
# it calls elsewhere in the server (the e-mail address check of notifyfmt.c, and what that
# needs) comes from wg_server as it is.
include(${CMAKE_CURRENT_LIST_DIR}/fuzz.cmake)
wg_fuzz_target(config HARNESS ${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_config.c
               SOURCES ${CMAKE_SOURCE_DIR}/server/config.c ${CMAKE_SOURCE_DIR}/server/log.c
               LIBS wg_server PkgConfig::SODIUM
               RUN_LIBS wg_server RANDOM 2000)
