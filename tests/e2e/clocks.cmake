# Time controls, durable deadlines, timeouts, vacation, extra time, reminders and the login
# digest (issue 10), against wargamed-test with the fake clock of --debug-clock.
if(EXISTS ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_clocks.c)
  wg_unit_test(test_e2e_clocks SOURCES ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_clocks.c
               LIBS wg_e2e)
  target_compile_definitions(test_e2e_clocks PRIVATE
    WG_TEST_DAEMON="$<TARGET_FILE:wargamed-test>"
    WG_RACE_DIR="${CMAKE_SOURCE_DIR}/tests/rulesets")
  add_dependencies(test_e2e_clocks wargamed-test)
  set_tests_properties(test_e2e_clocks PROPERTIES LABELS e2e)
endif()
