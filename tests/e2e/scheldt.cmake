# End-to-end suite of the Scheldt exclusive rules: the whole game over TCP
# against the shipped daemon (wargamed --allow-debug, data dir data/), and
# `wargamed check-scenario` on the shipped and test scenarios.
if(EXISTS ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_scheldt.c)
  wg_unit_test(test_e2e_scheldt SOURCES ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_scheldt.c
                                       ${CMAKE_SOURCE_DIR}/tests/e2e/e2e_script.c
               LIBS wg_e2e)
  target_compile_definitions(test_e2e_scheldt PRIVATE
    WG_TEST_DAEMON="$<TARGET_FILE:wargamed-test>"
    WG_DAEMON="$<TARGET_FILE:wargamed>")
  add_dependencies(test_e2e_scheldt wargamed-test wargamed)
  set_tests_properties(test_e2e_scheldt PROPERTIES LABELS e2e)
endif()
