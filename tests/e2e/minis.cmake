# End-to-end suite of the WWII miniatures ruleset (issue 13): a whole qr-village game over
# TCP with forced dice against the shipped daemon (wargamed --allow-debug, data dir data/),
# and `wargamed check-scenario` on the village.
if(WG_WITH_MINIS AND EXISTS ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_minis.c)
  wg_unit_test(test_e2e_minis SOURCES ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_minis.c
               LIBS wg_e2e PkgConfig::CJSON)
  target_compile_definitions(test_e2e_minis PRIVATE WG_DAEMON="$<TARGET_FILE:wargamed>")
  add_dependencies(test_e2e_minis wargamed)
  set_tests_properties(test_e2e_minis PROPERTIES LABELS e2e)
endif()
